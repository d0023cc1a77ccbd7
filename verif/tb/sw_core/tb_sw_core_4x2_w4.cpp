// tb_sw_core_4x2_w4.cpp - the switch-core lock-step test at N_PORTS=4, N_PRIO=2 with the P-PFC
// engine's candidate lanes at PPFC_LANES=4 (all ports tested per cycle; docs/blocks/ppfc.md).
#define TB_N_PORTS 4
#define TB_N_PRIO 2
#define TB_PPFC_LANES 4
#include "tb_sw_core.inc"

int main(int argc, char** argv) { return fg::run<TbSwCore>(argc, argv, "sw_core_4x2_w4"); }
