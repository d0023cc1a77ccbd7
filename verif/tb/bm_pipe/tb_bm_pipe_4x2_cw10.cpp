// tb_bm_pipe_4x2_cw10.cpp - constrained-random lock-step test of fg_bm_pipe with N_PORTS=4,
// N_PRIO=2 and 10-bit counters (CW=10), so that an egress count reaches 2^CW - 1 and the
// egress lanes' high clamp is exercised (coverage point egress_sat, required here). The test
// itself is tb_bm_pipe.inc.
#define TB_N_PORTS 4
#define TB_N_PRIO 2
#define TB_CW 10
#include "tb_bm_pipe.inc"

int main(int argc, char** argv) { return fg::run<bmptb::TbBmPipe>(argc, argv, "bm_pipe_4x2_cw10"); }
