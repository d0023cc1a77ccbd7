/* pfc_refresh.c - C twin of rtl/mac/fg_pfc_refresh.v (see pfc_refresh.h). */
#include "mac/pfc_refresh.h"

#include <string.h>

const char *const fg_pfc_refresh_cov_names[FG_PFC_REFRESH_COV_N] = {"tick", "count", "shortened", "never",
                                                                      "disabled"};

void fg_pfc_refresh_reset(fg_pfc_refresh_state *st)
{
    FG_CLEAR_STATE_KEEP_COV(st);
    st->count = 1;
}

bool fg_pfc_refresh_step(fg_pfc_refresh_state *st, const fg_pfc_refresh_in *in)
{
    const uint32_t refresh = in->cfg_refresh & 0xFFFFFFu;
    if (!in->cfg_enable) {
        FG_COV(st, FG_PFC_REFRESH_COV_DISABLED);
        st->count = 1;
        st->tick = false;
    } else if (refresh != 0 && st->count >= refresh) {
        FG_COV(st, st->count > refresh ? FG_PFC_REFRESH_COV_SHORTENED : FG_PFC_REFRESH_COV_TICK);
        st->count = 1;
        st->tick = true;
    } else {
        FG_COV(st, refresh == 0 ? FG_PFC_REFRESH_COV_NEVER : FG_PFC_REFRESH_COV_COUNT);
        st->count = (st->count + 1u) & 0xFFFFFFu;
        st->tick = false;
    }
    return st->tick;
}
