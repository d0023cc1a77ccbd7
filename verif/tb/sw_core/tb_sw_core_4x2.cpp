// tb_sw_core_4x2.cpp - the switch-core lock-step test at N_PORTS=4, N_PRIO=2.
#define TB_N_PORTS 4
#define TB_N_PRIO 2
#include "tb_sw_core.inc"

int main(int argc, char** argv) { return fg::run<TbSwCore>(argc, argv, "sw_core_4x2"); }
