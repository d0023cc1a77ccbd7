// tb_sw_core_seq_4x2_cw12.cpp - the switch-core lock-step test of the iCE40UP5K build itself:
// N_PORTS=4, N_PRIO=2, LINE_RATE = 2 (fg_bm_seq), P-PFC, GFC and ECN left out (PPFC = 0,
// GFC = 0, ECN = 0), no statistics counters (STATS = 0: every counter reads 0 in both twins, the
// board's test system counts the events) and 12-bit cell counts (CW = 12: the 2,048 64-byte
// cells of the UP5K's SPRAMs; fpga/designs.txt sw_core_seq_4x2_small). Register writes above
// 4,095 cells are illegal in both twins; GFC frames and ECN registers still reach the core
// (tb_sw_core.inc).
#define TB_N_PORTS 4
#define TB_N_PRIO 2
#define TB_LINE_RATE 2
#define TB_NO_GFC 1
#define TB_NO_ECN 1
#define TB_NO_STATS 1
#define TB_CW 12
#include "tb_sw_core.inc"

int main(int argc, char** argv) { return fg::run<TbSwCore>(argc, argv, "sw_core_seq_4x2_cw12"); }
