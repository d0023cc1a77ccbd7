// tb_board_shape.h - the board system's shape for its testbench and its pty simulator: the
// TB_* numbers come from mk/board.mk (BSW_SHAPE, the same ones Verilator gets as -G), and
// board_cfg() turns them into the C twin's configuration, once for both programs.
#pragma once

#include "board/board_sw.h"

#ifndef TB_N_PORTS
#define TB_N_PORTS 4
#endif
#ifndef TB_N_PRIO
#define TB_N_PRIO 2
#endif
#ifndef TB_CPB
#define TB_CPB 4
#endif
#ifndef TB_TIMEOUT
#define TB_TIMEOUT 400
#endif
#ifndef TB_EQ_DEPTH_LOG2
#define TB_EQ_DEPTH_LOG2 9
#endif
#ifndef TB_HEARTBEAT_LOG2
#define TB_HEARTBEAT_LOG2 10
#endif

// the board system of the boards: GFC = ECN = 0 (mk/board.mk passes -GGFC=0 -GECN=0), 32-bit counters
static inline fg_board_sw_cfg board_cfg() {
    fg_board_sw_cfg c{};
    c.n_ports = TB_N_PORTS;
    c.n_prio = TB_N_PRIO;
    c.no_gfc = 1;
    c.no_ecn = 1;
    c.clks_per_bit = TB_CPB;
    c.timeout_cycles = TB_TIMEOUT;
    c.eq_depth_log2 = TB_EQ_DEPTH_LOG2;
    c.heartbeat_log2 = TB_HEARTBEAT_LOG2;
    c.cnt_w = 32;
    return c;
}
