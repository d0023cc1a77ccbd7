# fg_bm, the shared-buffer manager (rtl/switch/fg_bm.v, cmodel/switch/bm.c, verif/tb/bm/).
# Two sizes of the same random test (the wrappers define the sizes the TB is compiled for and
# must match the -G values here), their _bug twins, and the hand-computed directed test.
BM_RTL := $(call fg_rtl_files,fg_bm)
BM_TB_INC := verif/tb/bm/tb_bm.inc verif/tb/bm/bm_stimulus.h
$(eval $(call FG_LOCKSTEP,bm_4x2,fg_bm,$(BM_RTL),verif/tb/bm/tb_bm_4x2.cpp,-GN_PORTS=4 -GN_PRIO=2,libfgmodel))
$(eval $(call FG_LOCKSTEP,bm_4x2_bug,fg_bm,$(BM_RTL),verif/tb/bm/tb_bm_4x2.cpp,-GN_PORTS=4 -GN_PRIO=2,libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,bm_8x8,fg_bm,$(BM_RTL),verif/tb/bm/tb_bm_8x8.cpp,-GN_PORTS=8 -GN_PRIO=8,libfgmodel))
$(eval $(call FG_LOCKSTEP,bm_8x8_bug,fg_bm,$(BM_RTL),verif/tb/bm/tb_bm_8x8.cpp,-GN_PORTS=8 -GN_PRIO=8,libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,bm_directed,fg_bm,$(BM_RTL),verif/tb/bm/tb_bm_directed.cpp,-GN_PORTS=4 -GN_PRIO=2,libfgmodel))
# The wrappers include tb_bm.inc, which the macro does not know about.
$(BIN)/ls_bm_4x2 $(BIN)/ls_bm_4x2_bug $(BIN)/ls_bm_8x8 $(BIN)/ls_bm_8x8_bug $(BIN)/ls_bm_directed: $(BM_TB_INC)
