// tb_ppfc_4x2_w4.cpp - constrained-random lock-step test of fg_ppfc with N_PORTS=4, N_PRIO=2 and
// CAND_LANES=4 (all ports of an EQ tested in one cycle, pipelined pause time). The test itself
// is tb_ppfc.inc; its latency check uses the W > 1 schedule.
#define TB_N_PORTS 4
#define TB_N_PRIO 2
#define TB_LANES 4
#include "tb_ppfc.inc"

int main(int argc, char** argv) { return fg::run<ppfctb::TbPpfc>(argc, argv, "ppfc_4x2_w4"); }
