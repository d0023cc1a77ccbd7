/* pfc_refresh.h - C twin of rtl/mac/fg_pfc_refresh.v: the refresh period of the compact PFC
 * generators (docs/blocks/pfc_gen.md, "The compact form").
 *
 * count is the edge number within the period (1 after reset and after a tick). Each edge with
 * cfg_enable: when count >= cfg_refresh and cfg_refresh != 0, the tick is set and the count
 * goes back to 1; otherwise the count goes up by one and the tick is cleared. cfg_enable = 0
 * holds the count at 1 (and no tick). refresh_tick is the registered tick: high for one cycle
 * every cfg_refresh cycles. */
#ifndef FG_PFC_REFRESH_H
#define FG_PFC_REFRESH_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    FG_PFC_REFRESH_COV_TICK,     /* the period ended: a tick */
    FG_PFC_REFRESH_COV_COUNT,    /* counting towards the next tick */
    FG_PFC_REFRESH_COV_SHORTENED,/* cfg_refresh below the running count: tick at once */
    FG_PFC_REFRESH_COV_NEVER,    /* cfg_refresh = 0: no tick */
    FG_PFC_REFRESH_COV_DISABLED, /* cfg_enable = 0: count held at 0 */
    FG_PFC_REFRESH_COV_N
};
extern const char *const fg_pfc_refresh_cov_names[FG_PFC_REFRESH_COV_N];

typedef struct {
    uint32_t count; /* 24 bits: the edge number within the period, from 1 */
    bool tick;
    uint64_t cov[FG_PFC_REFRESH_COV_N];
} fg_pfc_refresh_state;

typedef struct {
    bool cfg_enable;
    uint32_t cfg_refresh; /* 24 bits */
} fg_pfc_refresh_in;

void fg_pfc_refresh_reset(fg_pfc_refresh_state *st);
/* One edge; returns the registered tick after it. */
bool fg_pfc_refresh_step(fg_pfc_refresh_state *st, const fg_pfc_refresh_in *in);

#ifdef __cplusplus
}
#endif
#endif
