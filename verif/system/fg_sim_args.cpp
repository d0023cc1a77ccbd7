// fg_sim_args.cpp - see fg_sim_args.h. The numbers are read by flowgate's one parser
// (sw/include/fg_parse.h), so the simulator's options follow the same rules as the CLI's.
#include "fg_sim_args.h"

#include <cstdio>
#include <stdexcept>

#include "fg_parse.h"

namespace fg {
namespace sim {

uint64_t arg_uint(const std::string& opt, const char* v, uint64_t lo, uint64_t hi) {
    uint64_t x = 0;
    char msg[400];
    if (fg_parse_u64_msg(opt.c_str(), v, lo, hi, FG_PARSE_HEX, &x, msg, sizeof msg)) throw std::invalid_argument(msg);
    return x;
}

double arg_real(const std::string& opt, const char* v, double lo, double hi) {
    const fg_qty_spec spec = {FG_QTY_NUMBER, nullptr, lo, hi, 0};
    double x = 0;
    char msg[400];
    if (fg_parse_qty_msg(opt.c_str(), v, &spec, &x, msg, sizeof msg)) throw std::invalid_argument(msg);
    return x;
}

double arg_time_us(const std::string& opt, const char* v, double lo_us, double hi_us) {
    const fg_qty_spec spec = {FG_QTY_TIME, "us", lo_us * 1e3, hi_us * 1e3, 0};
    double ns = 0;
    char msg[400];
    if (fg_parse_qty_msg(opt.c_str(), v, &spec, &ns, msg, sizeof msg)) throw std::invalid_argument(msg);
    return ns / 1e3;
}

}  // namespace sim
}  // namespace fg
