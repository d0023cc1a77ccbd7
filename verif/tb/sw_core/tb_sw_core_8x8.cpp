// tb_sw_core_8x8.cpp - the switch-core lock-step test at N_PORTS=8, N_PRIO=8.
#define TB_N_PORTS 8
#define TB_N_PRIO 8
#include "tb_sw_core.inc"

int main(int argc, char** argv) { return fg::run<TbSwCore>(argc, argv, "sw_core_8x8"); }
