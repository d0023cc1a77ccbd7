// fg_sim_args.h - command-line value parsing shared by the simulator's scenarios: each
// throws std::invalid_argument naming the option, the value and the legal range, which the
// scenario's caller turns into a message and exit status 2.
#pragma once

#include <cstdint>
#include <string>

namespace fg {
namespace sim {

// An unsigned integer in lo..hi: decimal or 0x hex, no leading zeros (fg_parse_u64).
uint64_t arg_uint(const std::string& opt, const char* v, uint64_t lo, uint64_t hi);
// A real number in lo..hi: digits with an optional fraction, no exponent (fg_parse_qty).
double arg_real(const std::string& opt, const char* v, double lo, double hi);
// A time in lo_us..hi_us with a unit s, ms, us or ns (a bare number is us); returned in us.
double arg_time_us(const std::string& opt, const char* v, double lo_us, double hi_us);

}  // namespace sim
}  // namespace fg
