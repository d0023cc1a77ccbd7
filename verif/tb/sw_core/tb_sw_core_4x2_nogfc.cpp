// tb_sw_core_4x2_nogfc.cpp - the default switch core (fg_bm) at N_PORTS=4, N_PRIO=2 with GFC
// and ECN left out (GFC = 0, ECN = 0; P-PFC kept): the build options on the default form.
#define TB_N_PORTS 4
#define TB_N_PRIO 2
#define TB_NO_GFC 1
#define TB_NO_ECN 1
#include "tb_sw_core.inc"

int main(int argc, char** argv) { return fg::run<TbSwCore>(argc, argv, "sw_core_4x2_nogfc"); }
