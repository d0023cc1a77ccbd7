// tb_bm_8x8.cpp - constrained-random lock-step test of fg_bm with N_PORTS=8, N_PRIO=8
// (every priority, a wider switch). The test itself is tb_bm.inc.
#define TB_N_PORTS 8
#define TB_N_PRIO 8
#include "tb_bm.inc"

int main(int argc, char** argv) { return fg::run<bmtb::TbBm>(argc, argv, "bm_8x8"); }
