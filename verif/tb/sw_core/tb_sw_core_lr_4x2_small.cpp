// tb_sw_core_lr_4x2_small.cpp - the switch-core lock-step test of the small line-rate shape
// (the iCE40UP5K candidate): N_PORTS=4, N_PRIO=2, LINE_RATE = 1 with P-PFC, GFC and ECN left
// out (PPFC = 0, GFC = 0, ECN = 0; tb_sw_core.inc). GFC frames and ECN registers still reach
// the core: its GFC and mark outputs must stay 0 in both twins.
#define TB_N_PORTS 4
#define TB_N_PRIO 2
#define TB_LINE_RATE 1
#define TB_NO_GFC 1
#define TB_NO_ECN 1
#include "tb_sw_core.inc"

int main(int argc, char** argv) { return fg::run<TbSwCore>(argc, argv, "sw_core_lr_4x2_small"); }
