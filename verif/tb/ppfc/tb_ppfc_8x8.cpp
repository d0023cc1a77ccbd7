// tb_ppfc_8x8.cpp - constrained-random lock-step test of fg_ppfc with N_PORTS=8, N_PRIO=8.
// The test itself is tb_ppfc.inc.
#define TB_N_PORTS 8
#define TB_N_PRIO 8
#include "tb_ppfc.inc"

int main(int argc, char** argv) { return fg::run<ppfctb::TbPpfc>(argc, argv, "ppfc_8x8"); }
