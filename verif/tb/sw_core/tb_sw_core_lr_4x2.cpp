// tb_sw_core_lr_4x2.cpp - the switch-core lock-step test at N_PORTS=4, N_PRIO=2 with the
// line-rate buffer manager and marker (LINE_RATE = 1, PPFC = 0; tb_sw_core.inc, TB_LINE_RATE).
#define TB_N_PORTS 4
#define TB_N_PRIO 2
#define TB_LINE_RATE 1
#include "tb_sw_core.inc"

int main(int argc, char** argv) { return fg::run<TbSwCore>(argc, argv, "sw_core_lr_4x2"); }
