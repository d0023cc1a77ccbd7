// tb_sw_core_16x2.cpp - the switch-core lock-step test at N_PORTS=16, N_PRIO=2 with every
// engine on (PFC, P-PFC, GFC, ECN; the default form, LINE_RATE = 0): the issue-13 size the
// line-rate form's 16x2 test (PPFC = 0) leaves without P-PFC.
#define TB_N_PORTS 16
#define TB_N_PRIO 2
#include "tb_sw_core.inc"

int main(int argc, char** argv) { return fg::run<TbSwCore>(argc, argv, "sw_core_16x2"); }
