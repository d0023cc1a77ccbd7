// fg_sim_args.cpp - see fg_sim_args.h.
#include "fg_sim_args.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace fg {
namespace sim {

uint64_t arg_uint(const std::string& opt, const char* v, uint64_t lo, uint64_t hi) {
    char* end = nullptr;
    errno = 0;
    unsigned long long x = std::strtoull(v, &end, 0);
    if (!v[0] || *end || errno || v[0] == '-' || x < lo || x > hi)
        throw std::invalid_argument(opt + " '" + v + "': expected an integer in " + std::to_string(lo) + ".." +
                                    std::to_string(hi));
    return x;
}

double arg_real(const std::string& opt, const char* v, double lo, double hi) {
    char* end = nullptr;
    errno = 0;
    double x = std::strtod(v, &end);
    if (!v[0] || *end || errno || !(x >= lo && x <= hi)) {
        char b[64];
        std::snprintf(b, sizeof b, "%g..%g", lo, hi);
        throw std::invalid_argument(opt + " '" + v + "': expected a number in " + b);
    }
    return x;
}

}  // namespace sim
}  // namespace fg
