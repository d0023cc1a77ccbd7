// tb_sw_core_seq_4x2.cpp - the switch-core lock-step test of the compact line-rate shape (the
// iCE40UP5K core): N_PORTS=4, N_PRIO=2, LINE_RATE = 2 (fg_bm_seq, docs/blocks/bm_seq.md) with
// P-PFC and GFC left out (PPFC = 0, GFC = 0) and the ECN marker in, so the marker's input
// (adm_eq_cnt two edges after the verdict) is checked with this buffer manager too
// (tb_sw_core.inc). GFC frames still reach the core: its GFC outputs must stay 0 in both twins.
#define TB_N_PORTS 4
#define TB_N_PRIO 2
#define TB_LINE_RATE 2
#define TB_NO_GFC 1
#include "tb_sw_core.inc"

int main(int argc, char** argv) { return fg::run<TbSwCore>(argc, argv, "sw_core_seq_4x2"); }
