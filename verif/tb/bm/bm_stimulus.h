// bm_stimulus.h - the random configuration and packet sizes of the buffer-manager lock-step
// tests, shared by tb_bm.inc (fg_bm) and ../bm_pipe/tb_bm_pipe.inc (fg_bm_pipe): both blocks
// take the same cfg_* inputs, so In is fg_bm_in or fg_bm_pipe_in.
#ifndef FG_TB_BM_STIMULUS_H
#define FG_TB_BM_STIMULUS_H

#include <algorithm>
#include <cstdint>

#include "fg_lockstep.h"

namespace bmstim {

// Packet size in cells: mostly small, some medium, a few big (up to max_big, at most 255).
inline uint16_t pkt_cells(fg::Rng& r, int max_big) {
    uint64_t k = r.below(1000);
    if (k < 2) return 0;                                // degenerate but legal
    if (k < 650) return (uint16_t)r.range(1, 4);        // small
    if (k < 960) return (uint16_t)r.range(5, 24);       // medium
    return (uint16_t)r.range(25, (uint64_t)max_big);    // big, up to 255
}

// A whole new configuration for n ports, np priorities, cw-bit counts. near_max adds rare
// configurations at the top of the counter range (a buffer near 2^cw, xoff + reserve beyond
// 2^cw - 1: fg_bm_pipe clamps its limits there); without it the draws are exactly fg_bm's.
template <class In>
void new_config(In& in, fg::Rng& r, int n, int np, int cw, bool near_max) {
    // buffer B: mostly small enough that traffic fills it, sometimes large; a wider switch
    // gets a proportionally larger buffer so its pool is not always exhausted
    const uint32_t scale = (uint32_t)std::max(1, n * np / 16);
    uint32_t B = r.chance(1, 8) ? (uint32_t)r.range(2000, 60000) : (uint32_t)r.range(200, 4000) * scale;
    const uint32_t near_lo = (1u << cw) - 1 > 200000u ? 200000u : (1u << cw) / 2;  // 200000 at 18 bits
    if (near_max && r.chance(1, 40)) B = (uint32_t)r.range(near_lo, (1u << cw) - 1);
    in.cfg_total_cells = B;
    in.cfg_lossless = (uint8_t)r.bits(np);
    if (r.chance(3, 4)) in.cfg_lossless |= (uint8_t)(1u << r.below(np));  // mostly some lossless
    int nl = __builtin_popcount(in.cfg_lossless);
    // carve-outs: usually leave a pool, sometimes exceed B (pool saturates at 0)
    bool oversize = r.chance(1, 10);
    uint32_t res_max = B / (uint32_t)(n * np * 4);
    in.cfg_reserve = oversize && r.chance(1, 2) ? (uint32_t)r.range(0, B) : (uint32_t)r.range(0, std::min(res_max, 24u));
    if (r.chance(1, 6)) in.cfg_reserve = 0;
    uint32_t hd_max = B / (uint32_t)(n * std::max(nl, 1) * 3);
    for (int i = 0; i < n; i++) {
        in.cfg_headroom[i] = oversize ? (uint32_t)r.range(0, B) : (uint32_t)r.range(0, std::max(hd_max, 8u));
        in.cfg_alpha_shift[i] = (uint8_t)(r.chance(1, 10) ? r.below(16) : r.below(4));
    }
    in.cfg_resume_offset = (uint32_t)(r.chance(1, 5) ? 0 : r.range(0, 64));
    in.cfg_static_mode = r.chance(1, 4);
    for (int i = 0; i < n; i++)
        for (int p = 0; p < np; p++) {
            uint32_t xoff = (uint32_t)r.range(0, std::max<uint32_t>(B / (uint32_t)(n * 2), 4));
            if (near_max && r.chance(1, 50)) xoff = (uint32_t)r.range(0, (1u << cw) - 1);
            in.cfg_xoff[i][p] = xoff;
            in.cfg_xon[i][p] = (uint32_t)r.range(0, xoff);  // the CSR block enforces xon <= xoff
        }
    if (near_max && r.chance(1, 10)) {
        // static limits at the top of the counter range: xoff + reserve > 2^cw - 1
        in.cfg_static_mode = true;
        in.cfg_reserve = (uint32_t)r.range(4, 24);
        for (int i = 0; i < n; i++)
            for (int p = 0; p < np; p++) in.cfg_xoff[i][p] = (1u << cw) - 1 - (uint32_t)r.range(0, 3);
    }
}

// A small change while traffic runs: one field only, sized like new_config's.
template <class In>
void tweak_config(In& in, fg::Rng& r, int n, int np, int cw) {
    const uint32_t B = std::max<uint32_t>(in.cfg_total_cells, 48);
    const int nl = std::max(__builtin_popcount(in.cfg_lossless), 1);
    switch (r.below(6)) {
        case 0: in.cfg_lossless = (uint8_t)r.bits(np); break;
        case 1: in.cfg_static_mode = !in.cfg_static_mode; break;
        case 2: in.cfg_reserve = (uint32_t)r.range(0, std::max<uint32_t>(B / (uint32_t)(n * np * 4), 2)); break;
        case 3: in.cfg_alpha_shift[r.below(n)] = (uint8_t)r.below(6); break;
        case 4: in.cfg_headroom[r.below(n)] = (uint32_t)r.range(0, std::max<uint32_t>(B / (uint32_t)(n * nl * 3), 8)); break;
        default: in.cfg_total_cells = (uint32_t)r.range(B / 2, std::min<uint32_t>(B * 2, (1u << cw) - 1)); break;
    }
}

}  // namespace bmstim
#endif
