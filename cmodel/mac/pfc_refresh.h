/* pfc_refresh.h - C twin of rtl/mac/fg_pfc_refresh.v: the refresh period of the compact PFC
 * generators (docs/blocks/pfc_gen.md, "The compact form").
 *
 * left counts the edges to the tick (0 after reset). Each edge with cfg_enable: left = 1 sets
 * the tick; left <= 1 loads cfg_refresh; otherwise left goes down by one and the tick is
 * cleared. cfg_enable = 0 holds left at 0 (and no tick). refresh_tick is the registered tick:
 * high for one cycle every cfg_refresh cycles, the first cfg_refresh + 1 edges after reset or
 * enable; cfg_refresh = 0 never ticks; a new cfg_refresh takes effect at the next load. */
#ifndef FG_PFC_REFRESH_H
#define FG_PFC_REFRESH_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    FG_PFC_REFRESH_COV_TICK,     /* the period ended: a tick */
    FG_PFC_REFRESH_COV_COUNT,    /* counting towards the next tick */
    FG_PFC_REFRESH_COV_START,    /* left 0 (after reset, enable or cfg_refresh 0): a load */
    FG_PFC_REFRESH_COV_NEVER,    /* cfg_refresh = 0 loaded: no tick */
    FG_PFC_REFRESH_COV_DISABLED, /* cfg_enable = 0: count held at 0 */
    FG_PFC_REFRESH_COV_N
};
extern const char *const fg_pfc_refresh_cov_names[FG_PFC_REFRESH_COV_N];

typedef struct {
    uint32_t left; /* 24 bits: edges to the tick */
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
