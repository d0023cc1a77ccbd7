// tb_bm_pipe_4x2.cpp - constrained-random lock-step test of fg_bm_pipe with N_PORTS=4,
// N_PRIO=2. The test itself is tb_bm_pipe.inc.
#define TB_N_PORTS 4
#define TB_N_PRIO 2
#include "tb_bm_pipe.inc"

int main(int argc, char** argv) { return fg::run<bmptb::TbBmPipe>(argc, argv, "bm_pipe_4x2"); }
