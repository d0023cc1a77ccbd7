// tb_bm_4x2.cpp - constrained-random lock-step test of fg_bm with N_PORTS=4, N_PRIO=2
// (the FPGA configuration). The test itself is tb_bm.inc.
#define TB_N_PORTS 4
#define TB_N_PRIO 2
#include "tb_bm.inc"

int main(int argc, char** argv) { return fg::run<bmtb::TbBm>(argc, argv, "bm_4x2"); }
