// fg_sim_latency.cpp - latency records (see fg_sim_latency.h).
#include "fg_sim_latency.h"

#include <algorithm>
#include <cmath>

namespace fg {
namespace sim {

uint64_t LatencyRecord::percentile(double p) const {
    if (v_.empty()) return 0;
    std::vector<uint64_t> s(v_);
    std::sort(s.begin(), s.end());
    double r = std::ceil(p / 100.0 * double(s.size()));
    size_t k = r < 1 ? 0 : size_t(r) - 1;
    if (k >= s.size()) k = s.size() - 1;
    return s[k];
}

}  // namespace sim
}  // namespace fg
