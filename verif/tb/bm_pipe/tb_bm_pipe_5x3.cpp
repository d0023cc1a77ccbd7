// tb_bm_pipe_5x3.cpp - constrained-random lock-step test of fg_bm_pipe with N_PORTS=5,
// N_PRIO=3: a port count that is not a power of two, so dst/src indices 5..7 and priorities
// 3..7 name nothing and the bad-index paths run. The test itself is tb_bm_pipe.inc.
#define TB_N_PORTS 5
#define TB_N_PRIO 3
#include "tb_bm_pipe.inc"

int main(int argc, char** argv) { return fg::run<bmptb::TbBmPipe>(argc, argv, "bm_pipe_5x3"); }
