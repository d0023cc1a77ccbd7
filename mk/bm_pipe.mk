# fg_bm_pipe, the line-rate shared-buffer manager (rtl/switch/fg_bm_pipe.v,
# cmodel/switch/bm_pipe.c, verif/tb/bm_pipe/). Four sizes of one random test (each wrapper
# defines the sizes it is compiled for; they must match the -G values here) and a _bug twin.
BMP_RTL := $(call fg_rtl_files,fg_bm_pipe)
BMP_TB_INC := verif/tb/bm_pipe/tb_bm_pipe.inc verif/tb/bm/bm_stimulus.h
$(eval $(call FG_LOCKSTEP,bm_pipe_4x2,fg_bm_pipe,$(BMP_RTL),verif/tb/bm_pipe/tb_bm_pipe_4x2.cpp,-GN_PORTS=4 -GN_PRIO=2 -GTAG_W=3,libfgmodel))
$(eval $(call FG_LOCKSTEP,bm_pipe_4x2_bug,fg_bm_pipe,$(BMP_RTL),verif/tb/bm_pipe/tb_bm_pipe_4x2.cpp,-GN_PORTS=4 -GN_PRIO=2 -GTAG_W=3,libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,bm_pipe_8x8,fg_bm_pipe,$(BMP_RTL),verif/tb/bm_pipe/tb_bm_pipe_8x8.cpp,-GN_PORTS=8 -GN_PRIO=8 -GTAG_W=3,libfgmodel))
$(eval $(call FG_LOCKSTEP,bm_pipe_16x2,fg_bm_pipe,$(BMP_RTL),verif/tb/bm_pipe/tb_bm_pipe_16x2.cpp,-GN_PORTS=16 -GN_PRIO=2 -GTAG_W=3,libfgmodel))
$(eval $(call FG_LOCKSTEP,bm_pipe_4x2_cw10,fg_bm_pipe,$(BMP_RTL),verif/tb/bm_pipe/tb_bm_pipe_4x2_cw10.cpp,-GN_PORTS=4 -GN_PRIO=2 -GTAG_W=3 -GCW=10,libfgmodel))
$(eval $(call FG_LOCKSTEP,bm_pipe_5x3,fg_bm_pipe,$(BMP_RTL),verif/tb/bm_pipe/tb_bm_pipe_5x3.cpp,-GN_PORTS=5 -GN_PRIO=3 -GTAG_W=3,libfgmodel))
$(BIN)/ls_bm_pipe_4x2 $(BIN)/ls_bm_pipe_4x2_bug $(BIN)/ls_bm_pipe_8x8 $(BIN)/ls_bm_pipe_16x2 $(BIN)/ls_bm_pipe_5x3 $(BIN)/ls_bm_pipe_4x2_cw10: $(BMP_TB_INC)
# hand-computed checks of the pipeline's latencies and decisions (docs/blocks/bm_pipe.md)
$(eval $(call FG_LOCKSTEP,bm_pipe_directed,fg_bm_pipe,$(BMP_RTL),verif/tb/bm_pipe/tb_bm_pipe_directed.cpp,-GN_PORTS=4 -GN_PRIO=2 -GTAG_W=3,libfgmodel))
$(BIN)/ls_bm_pipe_directed: $(BMP_TB_INC)
