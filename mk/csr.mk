# mk/csr.mk - the register block: rtl/csr/fg_csr_sw.v and its C twin cmodel/csr/csr_sw.c, both
# generated from sw/regmap/regmap.json by sw/regmap/gen.py (the generated files are committed;
# `make regmap` rewrites them after an edit of the JSON, the test sw.regmap_reproducible checks).
# Lock-step builds: 4 ports x 2 priorities with 12-bit counters and 8 x 8 with 13-bit counters
# (counters narrower than the product's 32 bits so a run reaches saturation); each has a _bug
# twin linked with the FG_INJECT_BUG model. 32 x 8 at CW 24 is the largest map: N_PG = 256
# uses every factor bit of the pool rule's multiplier and its widest sums. 4 x 2 at CW 12 is the
# iCE40UP5K build's register block (the narrowest cell counts the map allows).
.PHONY: regmap
regmap:
	$(PYTHON) sw/regmap/gen.py

# CSR_RTL (the block's file list) is set in mk/common.inc.
CSR_TB := verif/tb/csr_sw/tb_csr_sw.cpp
CSR_TB_FLAGS = -CFLAGS -I$(CURDIR)/sw/include -CFLAGS -DTB_N_PORTS=$(1) -CFLAGS -DTB_N_PRIO=$(2) \
  -CFLAGS -DTB_CW=$(3) -CFLAGS -DTB_CNT_W=$(4) -GN_PORTS=$(1) -GN_PRIO=$(2) -GCW=$(3) -GCNT_W=$(4)

# the testbench reads the generated header; parameters live in this file
$(BIN)/ls_csr_sw_4x2 $(BIN)/ls_csr_sw_4x2_bug $(BIN)/ls_csr_sw_8x8 $(BIN)/ls_csr_sw_8x8_bug $(BIN)/ls_csr_sw_32x8 $(BIN)/ls_csr_sw_4x2_cw12: sw/include/fg_regs_sw.h mk/csr.mk
$(eval $(call FG_LOCKSTEP,csr_sw_4x2,fg_csr_sw,$(CSR_RTL),$(CSR_TB),$(call CSR_TB_FLAGS,4,2,18,12),libfgmodel))
$(eval $(call FG_LOCKSTEP,csr_sw_4x2_bug,fg_csr_sw,$(CSR_RTL),$(CSR_TB),$(call CSR_TB_FLAGS,4,2,18,12),libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,csr_sw_8x8,fg_csr_sw,$(CSR_RTL),$(CSR_TB),$(call CSR_TB_FLAGS,8,8,18,13),libfgmodel))
$(eval $(call FG_LOCKSTEP,csr_sw_8x8_bug,fg_csr_sw,$(CSR_RTL),$(CSR_TB),$(call CSR_TB_FLAGS,8,8,18,13),libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,csr_sw_4x2_cw12,fg_csr_sw,$(CSR_RTL),$(CSR_TB),$(call CSR_TB_FLAGS,4,2,12,12),libfgmodel))
$(eval $(call FG_LOCKSTEP,csr_sw_32x8,fg_csr_sw,$(CSR_RTL),$(CSR_TB),$(call CSR_TB_FLAGS,32,8,24,14),libfgmodel))
# the iCE40UP5K core's register block as that core builds it: no statistics, ECN, GFC or P-PFC
# (their registers unmapped, the counter bank left out)
CSR_TB_SMALL := -CFLAGS -DTB_NO_STATS=1 -CFLAGS -DTB_NO_ECN=1 -CFLAGS -DTB_NO_GFC=1 -CFLAGS -DTB_NO_PPFC=1 \
  -GSTATS=0 -GECN=0 -GGFC=0 -GPPFC=0
$(BIN)/ls_csr_sw_4x2_small: sw/include/fg_regs_sw.h mk/csr.mk
$(eval $(call FG_LOCKSTEP,csr_sw_4x2_small,fg_csr_sw,$(CSR_RTL),$(CSR_TB),$(call CSR_TB_FLAGS,4,2,12,12) $(CSR_TB_SMALL),libfgmodel))
