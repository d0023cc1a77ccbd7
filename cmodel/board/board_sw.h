/* board_sw.h - C twin of rtl/board/fg_board_sw.v: the line-rate switch core, the on-board test
 * system (tsys.h) and its register block (csr/csr_tsys.h), reached over the UART register
 * bridge (uart_bridge.h): what a board top holds besides its clock, reset and pins
 * (docs/boards.md). Every sub-block sees the others' registered outputs of the previous edge,
 * as the RTL wires them; the bridge's bus goes to the core's registers for A[15:12] = 0 and to
 * the test system's for 1. */
#ifndef FG_BOARD_SW_H
#define FG_BOARD_SW_H

#include <stddef.h>

#include "board/tsys.h"
#include "board/uart_bridge.h"
#include "csr/csr_tsys.h"
#include "top/sw_core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    int n_ports, n_prio;      /* 1..32 / 1..8 (the core and the test system) */
    int no_gfc, no_ecn;       /* the core's GFC = 0 / ECN = 0 */
    uint32_t clks_per_bit;    /* the bridge's CLKS_PER_BIT */
    uint32_t timeout_cycles;  /* the bridge's TIMEOUT_CYCLES */
    int eq_depth_log2;        /* the test system's EQ_DEPTH_LOG2 */
    int heartbeat_log2;       /* 1..31 */
    int cnt_w;                /* the test system's counter width */
} fg_board_sw_cfg;

/* 0 when cfg is legal, else -1 and a message naming the field and its range */
int fg_board_sw_check_cfg(const fg_board_sw_cfg *cfg, char *msg, size_t n);

typedef struct {
    bool uart_rxd;
} fg_board_sw_in;

typedef struct {
    bool uart_txd;
    uint32_t led; /* 5 bits: run, paused, error, bridge busy, heartbeat */
    bool stat_sent[FG_TSYS_MAX_PORTS], stat_dropped[FG_TSYS_MAX_PORTS], stat_delivered[FG_TSYS_MAX_PORTS];
    bool stat_xoff[FG_TSYS_MAX_PORTS], stat_xon[FG_TSYS_MAX_PORTS], stat_paused[FG_TSYS_MAX_PORTS];
    bool stat_lost[FG_TSYS_MAX_PORTS];
} fg_board_sw_out;

typedef struct {
    fg_board_sw_cfg cfg;
    fg_uart_bridge_state bridge;
    fg_csr_tsys_state csr_tsys;
    fg_sw_core_state *core; /* allocated by fg_board_sw_create */
    fg_tsys_state tsys;
    bool lost_seen, paused_any, error;
    uint32_t beat; /* 31 bits */
} fg_board_sw_state;

/* Allocates the state (the core's too); NULL when cfg is refused. */
fg_board_sw_state *fg_board_sw_create(const fg_board_sw_cfg *cfg);
void fg_board_sw_free(fg_board_sw_state *st);
void fg_board_sw_reset(fg_board_sw_state *st);
void fg_board_sw_step(fg_board_sw_state *st, const fg_board_sw_in *in, fg_board_sw_out *out);
void fg_board_sw_outputs(const fg_board_sw_state *st, fg_board_sw_out *out);

#ifdef __cplusplus
}
#endif
#endif
