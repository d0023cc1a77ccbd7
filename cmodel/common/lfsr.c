/* lfsr.c - C twin of rtl/common/fg_lfsr.v (see lfsr.h). */
#include "common/lfsr.h"

#include <string.h>

const char *const fg_lfsr_cov_names[FG_LFSR_COV_N] = {"load", "load_zero_seed", "step", "hold"};

void fg_lfsr_reset(fg_lfsr_state *st, const fg_lfsr_cfg *cfg)
{
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    st->state = fg_lfsr_seed(cfg->reset_seed);
}

void fg_lfsr_step(fg_lfsr_state *st, const fg_lfsr_in *in, fg_lfsr_out *out)
{
    if (in->load) {
        FG_COV(st, in->seed ? FG_LFSR_COV_LOAD : FG_LFSR_COV_LOAD_ZERO);
        st->state = fg_lfsr_seed(in->seed);
    } else if (in->step) {
        FG_COV(st, FG_LFSR_COV_STEP);
#ifdef FG_INJECT_BUG
        /* Deliberate bug for the harness self-test: a tap moved from bit 22 to bit 21. */
        st->state = (st->state >> 1) ^ ((st->state & 1u) ? 0x80100003u : 0u);
#else
        st->state = fg_lfsr_next(st->state);
#endif
    } else {
        FG_COV(st, FG_LFSR_COV_HOLD);
    }
    out->value = st->state;
    out->value_step = fg_lfsr_next(st->state);
}
