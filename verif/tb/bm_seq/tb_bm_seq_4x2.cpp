// tb_bm_seq_4x2.cpp - constrained-random lock-step test of fg_bm_seq with N_PORTS=4,
// N_PRIO=2. The test itself is ../bm_pipe/tb_bm_pipe.inc (the two blocks share their ports).
#define TB_BM_SEQ 1
#define TB_N_PORTS 4
#define TB_N_PRIO 2
#include "../bm_pipe/tb_bm_pipe.inc"

int main(int argc, char** argv) { return fg::run<bmptb::TbBmPipe>(argc, argv, "bm_seq_4x2"); }
