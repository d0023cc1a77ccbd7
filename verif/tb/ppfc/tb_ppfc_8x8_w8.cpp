// tb_ppfc_8x8_w8.cpp - constrained-random lock-step test of fg_ppfc with N_PORTS=8, N_PRIO=8 and
// CAND_LANES=8 (all ports of an EQ tested in one cycle, pipelined pause time). The test itself
// is tb_ppfc.inc; its latency check uses the W > 1 schedule.
#define TB_N_PORTS 8
#define TB_N_PRIO 8
#define TB_LANES 8
#include "tb_ppfc.inc"

int main(int argc, char** argv) { return fg::run<ppfctb::TbPpfc>(argc, argv, "ppfc_8x8_w8"); }
