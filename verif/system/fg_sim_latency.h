// fg_sim_latency.h - latency records of the system simulator: every packet's latency (cycles,
// first cell sent -> last cell received) kept per flow, with mean and percentiles.
//
// Percentiles are nearest-rank: p-th percentile = the ceil(p/100 * n)-th smallest sample
// (p50 of {1,2,3,4} is 2, p99 of 100 samples is the 99th smallest); 0 when there is none.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

namespace fg {
namespace sim {

class LatencyRecord {
   public:
    void add(uint64_t cycles) {
        v_.push_back(cycles);
        sum_ += cycles;
        if (cycles > max_) max_ = cycles;
    }
    size_t count() const { return v_.size(); }
    double mean() const { return v_.empty() ? 0.0 : double(sum_) / double(v_.size()); }
    uint64_t max() const { return max_; }
    uint64_t percentile(double p) const;
    const std::vector<uint64_t>& samples() const { return v_; }  // in arrival order
    void merge(const LatencyRecord& o) {
        for (uint64_t x : o.v_) add(x);
    }

   private:
    std::vector<uint64_t> v_;
    uint64_t sum_ = 0, max_ = 0;
};

// flow id -> its record
using LatencyByFlow = std::map<uint32_t, LatencyRecord>;

}  // namespace sim
}  // namespace fg
