// tb_sw_core_lr_5x3.cpp - the switch-core lock-step test at N_PORTS=5, N_PRIO=3 with the
// line-rate buffer manager and marker (LINE_RATE = 1, PPFC = 0; tb_sw_core.inc,
// TB_LINE_RATE): a port count that is not a power of two, so offers naming no PG (priorities
// 3..7) take the drop path through the verdict's delay line.
#define TB_N_PORTS 5
#define TB_N_PRIO 3
#define TB_LINE_RATE 1
#include "tb_sw_core.inc"

int main(int argc, char** argv) { return fg::run<TbSwCore>(argc, argv, "sw_core_lr_5x3"); }
