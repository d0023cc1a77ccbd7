/* pfc_refresh.c - C twin of rtl/mac/fg_pfc_refresh.v (see pfc_refresh.h). */
#include "mac/pfc_refresh.h"

#include <string.h>

const char *const fg_pfc_refresh_cov_names[FG_PFC_REFRESH_COV_N] = {"tick", "count", "start", "never",
                                                                      "disabled"};

void fg_pfc_refresh_reset(fg_pfc_refresh_state *st)
{
    FG_CLEAR_STATE_KEEP_COV(st);
}

bool fg_pfc_refresh_step(fg_pfc_refresh_state *st, const fg_pfc_refresh_in *in)
{
    const uint32_t refresh = in->cfg_refresh & 0xFFFFFFu;
    if (!in->cfg_enable) {
        FG_COV(st, FG_PFC_REFRESH_COV_DISABLED);
        st->left = 0;
        st->tick = false;
    } else if (st->left <= 1) {
        FG_COV(st, st->left == 1 ? FG_PFC_REFRESH_COV_TICK : FG_PFC_REFRESH_COV_START);
        if (refresh == 0)
            FG_COV(st, FG_PFC_REFRESH_COV_NEVER);
        st->tick = st->left == 1;
        st->left = refresh;
    } else {
        FG_COV(st, FG_PFC_REFRESH_COV_COUNT);
        st->left--;
        st->tick = false;
    }
    return st->tick;
}
