// fg_csr_values.h - write values a register-block testbench aims at one field (header only):
// below the field's minimum, its minimum, its maximum, one above its maximum, any legal value,
// or one just above the minimum - from the generated field table (fg_reg_field_desc), so the
// boundaries follow the map. Used by verif/tb/csr_nic and verif/tb/csr_tsys (the switch's
// testbench draws its values its own way, rule by rule).
#pragma once

#include <cstdint>

#include "fg_lockstep.h"
#include "fg_regs_sw.h"

namespace fg {

inline uint32_t csr_ones(int w) { return w >= 32 ? 0xFFFFFFFFu : (1u << w) - 1u; }

// the width of field f: its own, or param_width when a parameter sets it
inline int csr_field_width(const fg_reg_field_desc* f, int param_width) {
    return f->width_from == FG_WIDTH_CONST ? f->width : param_width;
}

inline uint32_t csr_boundary_value(const fg_reg_field_desc* f, int param_width, Rng& r) {
    const int w = csr_field_width(f, param_width);
    const uint32_t mx = f->max != 0xFFFFFFFFu ? f->max : csr_ones(w);
    switch (r.below(6)) {
    case 0: return f->min ? f->min - 1u : 0u;
    case 1: return f->min;
    case 2: return mx;
    case 3: return (mx + 1u) & csr_ones(w);
    case 4: return (uint32_t)r.range(f->min, mx);
    default: return (uint32_t)r.range(f->min, f->min + 3u > mx ? mx : f->min + 3u);
    }
}

}  // namespace fg
