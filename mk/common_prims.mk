# mk/common_prims.mk - rtl/common primitives: saturating counter and FIFO, lock-step binaries.
# The shape of each build is given once and passed both to Verilator (-G) and to the
# testbench (-DTB_*), so the RTL parameters and the C model configuration cannot disagree.

# FG_PRIM_SHAPE(verilator params, testbench defines) -> the FG_LOCKSTEP parameter argument.
FG_PRIM_SHAPE = $(1) $(foreach d,$(2),-CFLAGS -D$(d))

SAT_COUNTER_RTL := $(call fg_rtl_files,fg_sat_counter)
SAT_COUNTER_TB := verif/tb/sat_counter/tb_sat_counter.cpp
SAT_W8 := $(call FG_PRIM_SHAPE,-GW=8 -GAW=1,TB_W=8 TB_AW=1)
SAT_W20 := $(call FG_PRIM_SHAPE,-GW=20 -GAW=12,TB_W=20 TB_AW=12)
SAT_W62 := $(call FG_PRIM_SHAPE,-GW=62 -GAW=62,TB_W=62 TB_AW=62)
$(eval $(call FG_LOCKSTEP,sat_counter,fg_sat_counter,$(SAT_COUNTER_RTL),$(SAT_COUNTER_TB),$(SAT_W8),libfgmodel))
$(eval $(call FG_LOCKSTEP,sat_counter_bug,fg_sat_counter,$(SAT_COUNTER_RTL),$(SAT_COUNTER_TB),$(SAT_W8),libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,sat_counter_w20,fg_sat_counter,$(SAT_COUNTER_RTL),$(SAT_COUNTER_TB),$(SAT_W20),libfgmodel))
$(eval $(call FG_LOCKSTEP,sat_counter_w62,fg_sat_counter,$(SAT_COUNTER_RTL),$(SAT_COUNTER_TB),$(SAT_W62),libfgmodel))

FIFO_RTL := $(call fg_rtl_files,fg_fifo)
FIFO_TB := verif/tb/fifo/tb_fifo.cpp
FIFO_W8D2 := $(call FG_PRIM_SHAPE,-GWIDTH=8 -GDEPTH_LOG2=2 -GCNT_W=6,TB_WIDTH=8 TB_DEPTH_LOG2=2 TB_CNT_W=6)
FIFO_W37D5 := $(call FG_PRIM_SHAPE,-GWIDTH=37 -GDEPTH_LOG2=5 -GCNT_W=8,TB_WIDTH=37 TB_DEPTH_LOG2=5 TB_CNT_W=8)
FIFO_W64D1 := $(call FG_PRIM_SHAPE,-GWIDTH=64 -GDEPTH_LOG2=1 -GCNT_W=3,TB_WIDTH=64 TB_DEPTH_LOG2=1 TB_CNT_W=3)
$(eval $(call FG_LOCKSTEP,fifo,fg_fifo,$(FIFO_RTL),$(FIFO_TB),$(FIFO_W8D2),libfgmodel))
$(eval $(call FG_LOCKSTEP,fifo_bug,fg_fifo,$(FIFO_RTL),$(FIFO_TB),$(FIFO_W8D2),libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,fifo_w37,fg_fifo,$(FIFO_RTL),$(FIFO_TB),$(FIFO_W37D5),libfgmodel))
$(eval $(call FG_LOCKSTEP,fifo_w64,fg_fifo,$(FIFO_RTL),$(FIFO_TB),$(FIFO_W64D1),libfgmodel))

COUNTER_BANK_RTL := $(call fg_rtl_files,fg_counter_bank)
COUNTER_BANK_TB := verif/tb/counter_bank/tb_counter_bank.cpp
CB_SHAPE = $(call FG_PRIM_SHAPE,-GN_KIND=$(1) -GN_PORTS=$(2) -GCNT_W=$(3),TB_N_KIND=$(1) TB_N_PORTS=$(2) TB_CNT_W=$(3))
$(eval $(call FG_LOCKSTEP,counter_bank,fg_counter_bank,$(COUNTER_BANK_RTL),$(COUNTER_BANK_TB),$(call CB_SHAPE,9,4,8),libfgmodel))
# The bank's injected bug lives in a library of its own (the model with only counter_bank.o
# built with FG_INJECT_BUG_COUNTER_BANK): libfgmodel_bug would carry it into every block that
# counts through the bank, and their bug tests would fail for it instead of their own.
$(BUILD)/cmodel-bankbug/cmodel/common/counter_bank.o: cmodel/common/counter_bank.c $(CMODEL_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_MODEL) -DFG_INJECT_BUG_COUNTER_BANK -c $< -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
$(BUILD)/lib/libfgmodel_bankbug.a: $(filter-out %/counter_bank.o,$(CMODEL_OBJS)) $(BUILD)/cmodel-bankbug/cmodel/common/counter_bank.o
	@mkdir -p $(dir $@)
	ar rcs $@.$$$$.tmp $^ && mv -f $@.$$$$.tmp $@
$(eval $(call FG_LOCKSTEP,counter_bank_bug,fg_counter_bank,$(COUNTER_BANK_RTL),$(COUNTER_BANK_TB),$(call CB_SHAPE,9,4,8),libfgmodel_bankbug))
$(eval $(call FG_LOCKSTEP,counter_bank_5x1_w3,fg_counter_bank,$(COUNTER_BANK_RTL),$(COUNTER_BANK_TB),$(call CB_SHAPE,5,1,3),libfgmodel))
$(eval $(call FG_LOCKSTEP,counter_bank_4x1,fg_counter_bank,$(COUNTER_BANK_RTL),$(COUNTER_BANK_TB),$(call CB_SHAPE,4,1,6),libfgmodel))
$(eval $(call FG_LOCKSTEP,counter_bank_3x3,fg_counter_bank,$(COUNTER_BANK_RTL),$(COUNTER_BANK_TB),$(call CB_SHAPE,3,3,10),libfgmodel))
$(eval $(call FG_LOCKSTEP,counter_bank_9x32,fg_counter_bank,$(COUNTER_BANK_RTL),$(COUNTER_BANK_TB),$(call CB_SHAPE,9,32,32),libfgmodel))
# kinds 4, 6 and 8 not live (LIVE_KINDS = 0x0AF, their events tied to 0 by the testbench, as
# the register blocks' engines left out do): the same counts as the twin, which has no such
# parameter
$(eval $(call FG_LOCKSTEP,counter_bank_live,fg_counter_bank,$(COUNTER_BANK_RTL),$(COUNTER_BANK_TB),$(call FG_PRIM_SHAPE,-GN_KIND=9 -GN_PORTS=4 -GCNT_W=8 -GLIVE_KINDS=175,TB_N_KIND=9 TB_N_PORTS=4 TB_CNT_W=8 TB_LIVE_KINDS=0xAF),libfgmodel))

# fg_mul_reg2 (registered multiplier; its ECP5 form is one MULT18X18D): the testbench holds the
# contract as its own reference (no C twin: the users' twins model the product), at the
# marker's shape (18 x 16), an odd small one and the widest fabric one; bug_caught breaks the
# reference (TB_BREAK_REFERENCE) to show the comparison is live.
MUL_REG2_RTL := $(call fg_rtl_files,fg_mul_reg2)
MUL_REG2_TB := verif/tb/mul_reg2/tb_mul_reg2.cpp
MR_SHAPE = $(call FG_PRIM_SHAPE,-GAW=$(1) -GBW=$(2),TB_AW=$(1) TB_BW=$(2))
$(eval $(call FG_LOCKSTEP,mul_reg2,fg_mul_reg2,$(MUL_REG2_RTL),$(MUL_REG2_TB),$(call MR_SHAPE,18,16),libfgmodel))
$(eval $(call FG_LOCKSTEP,mul_reg2_5x3,fg_mul_reg2,$(MUL_REG2_RTL),$(MUL_REG2_TB),$(call MR_SHAPE,5,3),libfgmodel))
$(eval $(call FG_LOCKSTEP,mul_reg2_32x32,fg_mul_reg2,$(MUL_REG2_RTL),$(MUL_REG2_TB),$(call MR_SHAPE,32,32),libfgmodel))
$(eval $(call FG_LOCKSTEP,mul_reg2_bug,fg_mul_reg2,$(MUL_REG2_RTL),$(MUL_REG2_TB),$(call MR_SHAPE,18,16) -CFLAGS -DTB_BREAK_REFERENCE,libfgmodel))

# fg_mul_wide (a product of up to 36 x 36 bits in four edges, from fg_mul_reg2 halves): the
# testbench holds the contract as its reference (a four-deep line of exact products), at
# fg_ppfc_decide's three shapes (32 x 28, 19 x 16, 35 x 24), one within a half (5 x 3) and the
# widest the reference's 64-bit word holds (36 x 28); bug_caught breaks bit 36 of the reference.
MUL_WIDE_RTL := $(call fg_rtl_files,fg_mul_wide)
MUL_WIDE_TB := verif/tb/mul_wide/tb_mul_wide.cpp
MW_SHAPE = $(call FG_PRIM_SHAPE,-GAW=$(1) -GBW=$(2),TB_AW=$(1) TB_BW=$(2))
$(eval $(call FG_LOCKSTEP,mul_wide,fg_mul_wide,$(MUL_WIDE_RTL),$(MUL_WIDE_TB),$(call MW_SHAPE,32,28),libfgmodel))
$(eval $(call FG_LOCKSTEP,mul_wide_19x16,fg_mul_wide,$(MUL_WIDE_RTL),$(MUL_WIDE_TB),$(call MW_SHAPE,19,16),libfgmodel))
$(eval $(call FG_LOCKSTEP,mul_wide_35x24,fg_mul_wide,$(MUL_WIDE_RTL),$(MUL_WIDE_TB),$(call MW_SHAPE,35,24),libfgmodel))
$(eval $(call FG_LOCKSTEP,mul_wide_5x3,fg_mul_wide,$(MUL_WIDE_RTL),$(MUL_WIDE_TB),$(call MW_SHAPE,5,3),libfgmodel))
$(eval $(call FG_LOCKSTEP,mul_wide_36x28,fg_mul_wide,$(MUL_WIDE_RTL),$(MUL_WIDE_TB),$(call MW_SHAPE,36,28),libfgmodel))
$(eval $(call FG_LOCKSTEP,mul_wide_bug,fg_mul_wide,$(MUL_WIDE_RTL),$(MUL_WIDE_TB),$(call MW_SHAPE,32,28) -CFLAGS -DTB_BREAK_REFERENCE,libfgmodel))
