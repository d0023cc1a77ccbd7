// tb_sw_core_lr_ppfc_4x2.cpp - the switch-core lock-step test at N_PORTS=4, N_PRIO=2 with the
// line-rate form and its P-PFC (LINE_RATE = 1, PPFC = 1: fg_ppfc_snap, fg_comp_bank,
// fg_ppfc_decide; tb_sw_core.inc, TB_LINE_RATE and TB_LR_PPFC).
#define TB_N_PORTS 4
#define TB_N_PRIO 2
#define TB_LINE_RATE 1
#define TB_LR_PPFC 1
#include "tb_sw_core.inc"

int main(int argc, char** argv) { return fg::run<TbSwCore>(argc, argv, "sw_core_lr_ppfc_4x2"); }
