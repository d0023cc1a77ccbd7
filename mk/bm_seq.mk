# fg_bm_seq, the compact shared-buffer manager (rtl/switch/fg_bm_seq.v, cmodel/switch/bm_seq.c,
# verif/tb/bm_seq/: wrappers of verif/tb/bm_pipe/tb_bm_pipe.inc). Three sizes of one random
# test (each wrapper defines the sizes it is compiled for; they must match the -G values here),
# the 4x2 and 5x3 sizes again in the ECP5 forms (_ecp5), and a _bug twin. The 8x8 size
# is not in `make test` (CI time: its 1,000,000 cycles, which its coverage needs, and its
# build): `make bm-seq-8x8` builds and runs it.
BMS_RTL := $(call fg_rtl_files,fg_bm_seq)
BMS_TB_INC := verif/tb/bm_pipe/tb_bm_pipe.inc verif/tb/bm/bm_stimulus.h
$(eval $(call FG_LOCKSTEP,bm_seq_4x2,fg_bm_seq,$(BMS_RTL),verif/tb/bm_seq/tb_bm_seq_4x2.cpp,-GN_PORTS=4 -GN_PRIO=2 -GTAG_W=3,libfgmodel))
$(eval $(call FG_LOCKSTEP,bm_seq_4x2_bug,fg_bm_seq,$(BMS_RTL),verif/tb/bm_seq/tb_bm_seq_4x2.cpp,-GN_PORTS=4 -GN_PRIO=2 -GTAG_W=3,libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,bm_seq_5x3,fg_bm_seq,$(BMS_RTL),verif/tb/bm_seq/tb_bm_seq_5x3.cpp,-GN_PORTS=5 -GN_PRIO=3 -GTAG_W=3,libfgmodel))
# the ECP5 forms: the static limits' copies read in two edges (LIM_LAT = 2; simulation and
# iCE40 use 1) and the PG word read a cycle early (FG_ECP5_FORMS: EARLY_READ): the same
# outputs, so the same tests
BMS_ECP5 := -GLIM_LAT=2 -DFG_ECP5_FORMS
$(eval $(call FG_LOCKSTEP,bm_seq_4x2_ecp5,fg_bm_seq,$(BMS_RTL),verif/tb/bm_seq/tb_bm_seq_4x2.cpp,-GN_PORTS=4 -GN_PRIO=2 -GTAG_W=3 $(BMS_ECP5),libfgmodel))
$(eval $(call FG_LOCKSTEP,bm_seq_5x3_ecp5,fg_bm_seq,$(BMS_RTL),verif/tb/bm_seq/tb_bm_seq_5x3.cpp,-GN_PORTS=5 -GN_PRIO=3 -GTAG_W=3 $(BMS_ECP5),libfgmodel))
$(eval $(call FG_LOCKSTEP,bm_seq_8x8,fg_bm_seq,$(BMS_RTL),verif/tb/bm_seq/tb_bm_seq_8x8.cpp,-GN_PORTS=8 -GN_PRIO=8 -GTAG_W=3,libfgmodel))
TEST_DEPS := $(filter-out $(BIN)/ls_bm_seq_8x8,$(TEST_DEPS))
.PHONY: bm-seq-8x8
bm-seq-8x8: $(BIN)/ls_bm_seq_8x8
	$(BIN)/ls_bm_seq_8x8 --seed 1 --cycles 1000000
$(BIN)/ls_bm_seq_4x2 $(BIN)/ls_bm_seq_4x2_bug $(BIN)/ls_bm_seq_5x3 $(BIN)/ls_bm_seq_4x2_ecp5 $(BIN)/ls_bm_seq_5x3_ecp5 $(BIN)/ls_bm_seq_8x8: $(BMS_TB_INC)
