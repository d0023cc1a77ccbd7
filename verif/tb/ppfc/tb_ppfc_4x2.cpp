// tb_ppfc_4x2.cpp - constrained-random lock-step test of fg_ppfc with N_PORTS=4, N_PRIO=2
// (the FPGA configuration). The test itself is tb_ppfc.inc.
#define TB_N_PORTS 4
#define TB_N_PRIO 2
#include "tb_ppfc.inc"

int main(int argc, char** argv) { return fg::run<ppfctb::TbPpfc>(argc, argv, "ppfc_4x2"); }
