// tb_bm_pipe_8x8.cpp - constrained-random lock-step test of fg_bm_pipe with N_PORTS=8,
// N_PRIO=8. The test itself is tb_bm_pipe.inc.
#define TB_N_PORTS 8
#define TB_N_PRIO 8
#include "tb_bm_pipe.inc"

int main(int argc, char** argv) { return fg::run<bmptb::TbBmPipe>(argc, argv, "bm_pipe_8x8"); }
