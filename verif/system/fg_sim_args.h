// fg_sim_args.h - command-line value parsing shared by the simulator's scenarios: each
// throws std::invalid_argument naming the option, the value and the legal range, which the
// scenario's caller turns into a message and exit status 2.
#pragma once

#include <cstdint>
#include <string>

namespace fg {
namespace sim {

// An unsigned integer (decimal, 0x hex or 0 octal) in lo..hi.
uint64_t arg_uint(const std::string& opt, const char* v, uint64_t lo, uint64_t hi);
// A real number in lo..hi.
double arg_real(const std::string& opt, const char* v, double lo, double hi);

}  // namespace sim
}  // namespace fg
