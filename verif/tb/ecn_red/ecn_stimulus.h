// ecn_stimulus.h - the RED configuration and queue-length draws shared by the ECN markers'
// lock-step tests (tb_ecn_red.cpp: fg_ecn_red, one decision per port; tb_ecn_mark.cpp:
// fg_ecn_mark, one per cycle). Both input structs name the fields alike (cfg_kmin, cfg_kmax,
// cfg_slope, cfg_prio_mask).
#pragma once

#include <cstdint>

#include "fg_lockstep.h"

namespace ecnstim {

// Thresholds and slope for a phase: Kmin 0 now and then, Kmin == Kmax now and then; slope 0,
// small, large, saturating, or exactly 2^32 / (Kmax - Kmin + 1); a priority mask, mostly all.
template <class In>
void new_thresholds(In& in, fg::Rng& r, int n_prio) {
    in.cfg_kmin = (uint32_t)(r.chance(1, 10) ? 0 : r.range(1, 400));
    in.cfg_kmax = r.chance(1, 8) ? in.cfg_kmin : in.cfg_kmin + (uint32_t)r.range(1, 600);
    switch (r.below(5)) {
        case 0: in.cfg_slope = 0; break;
        case 1: in.cfg_slope = (uint32_t)r.range(1, 0xFFFF); break;
        case 2: in.cfg_slope = (uint32_t)r.bits(32) >> r.below(12); break;
        case 3: in.cfg_slope = 0xFFFFFFFFu; break;
        default: in.cfg_slope = (uint32_t)(0x100000000ull / (in.cfg_kmax - in.cfg_kmin + 1)); break;
    }
    in.cfg_prio_mask = (uint8_t)(r.chance(1, 4) ? r.bits(n_prio) : (1u << n_prio) - 1);
}

// A queue length around the thresholds: below, at Kmin, at Kmax, above, anywhere, in the band.
inline uint32_t queue_len(uint32_t kmin, uint32_t kmax, fg::Rng& r) {
    switch (r.below(6)) {
        case 0: return kmin ? (uint32_t)r.below(kmin) : 0;
        case 1: return kmin;
        case 2: return kmax;
        case 3: return kmax + (uint32_t)r.range(1, 50);
        case 4: return (uint32_t)r.below(1u << 18);
        default: return kmin + (uint32_t)r.range(0, kmax - kmin);
    }
}

}  // namespace ecnstim
