# mk/gfc.mk - GFC building blocks (issue 5, docs/gfc.md): the rate limiter, the buffer-based
# stage message generator, the time-based rate adjuster, their lock-step binaries and Icarus
# replays, and the `flowgate gfc plan` unit tests (build/bin/fg_gfc_unit).
# Each shape is given once and passed both to Verilator (-G) and to the testbench (-DTB_*).

GFC_SHAPE = $(1) $(foreach d,$(2),-CFLAGS -D$(d))

RATE_LIMITER_RTL := $(call fg_rtl_files,fg_rate_limiter)
RATE_LIMITER_TB := verif/tb/rate_limiter/tb_rate_limiter.cpp
RL_DEF := $(call GFC_SHAPE,-GSW=8 -GMAX_STAGE=20 -GDW=16,TB_SW=8 TB_MAX_STAGE=20 TB_DW=16)
RL_SMALL := $(call GFC_SHAPE,-GSW=3 -GMAX_STAGE=6 -GDW=4,TB_SW=3 TB_MAX_STAGE=6 TB_DW=4)
$(eval $(call FG_LOCKSTEP,rate_limiter,fg_rate_limiter,$(RATE_LIMITER_RTL),$(RATE_LIMITER_TB),$(RL_DEF),libfgmodel))
$(eval $(call FG_LOCKSTEP,rate_limiter_small,fg_rate_limiter,$(RATE_LIMITER_RTL),$(RATE_LIMITER_TB),$(RL_SMALL),libfgmodel))
$(eval $(call FG_LOCKSTEP,rate_limiter_bug,fg_rate_limiter,$(RATE_LIMITER_RTL),$(RATE_LIMITER_TB),$(RL_DEF),libfgmodel_bug))

GFC_STAGE_RTL := $(call fg_rtl_files,fg_gfc_stage)
GFC_STAGE_TB := verif/tb/gfc_stage/tb_gfc_stage.cpp
GS_DEF := $(call GFC_SHAPE,-GCW=18 -GCNT_W=10,TB_CW=18 TB_CNT_W=10)
GS_SMALL := $(call GFC_SHAPE,-GCW=6 -GCNT_W=3,TB_CW=6 TB_CNT_W=3)
$(eval $(call FG_LOCKSTEP,gfc_stage,fg_gfc_stage,$(GFC_STAGE_RTL),$(GFC_STAGE_TB),$(GS_DEF),libfgmodel))
$(eval $(call FG_LOCKSTEP,gfc_stage_cw6,fg_gfc_stage,$(GFC_STAGE_RTL),$(GFC_STAGE_TB),$(GS_SMALL),libfgmodel))
$(eval $(call FG_LOCKSTEP,gfc_stage_bug,fg_gfc_stage,$(GFC_STAGE_RTL),$(GFC_STAGE_TB),$(GS_DEF),libfgmodel_bug))

GFC_TIME_RTL := $(call fg_rtl_files,fg_gfc_time)
GFC_TIME_TB := verif/tb/gfc_time/tb_gfc_time.cpp
$(eval $(call FG_LOCKSTEP,gfc_time,fg_gfc_time,$(GFC_TIME_RTL),$(GFC_TIME_TB),,libfgmodel))
$(eval $(call FG_LOCKSTEP,gfc_time_bug,fg_gfc_time,$(GFC_TIME_RTL),$(GFC_TIME_TB),,libfgmodel_bug))

# Icarus replays of the three blocks (FG_ICARUS is in mk/common.inc).
$(eval $(call FG_ICARUS,rate_limiter,rate_limiter,$$(RATE_LIMITER_RTL),30000,))
$(eval $(call FG_ICARUS,gfc_stage,gfc_stage,$$(GFC_STAGE_RTL),30000,))
$(eval $(call FG_ICARUS,gfc_time,gfc_time,$$(GFC_TIME_RTL),30000,))

# The pipelined variants (PIPE=1: docs/blocks/gfc_time.md, rate_limiter.md), the same
# testbenches built a second time, and their Icarus replays.
GT_PIPE := $(call GFC_SHAPE,-GPIPE=1,TB_PIPE=1)
RL_PIPE := $(call GFC_SHAPE,-GSW=8 -GMAX_STAGE=20 -GDW=16 -GPIPE=1,TB_SW=8 TB_MAX_STAGE=20 TB_DW=16 TB_PIPE=1)
$(eval $(call FG_LOCKSTEP,gfc_time_pipe,fg_gfc_time,$(GFC_TIME_RTL),$(GFC_TIME_TB),$(GT_PIPE),libfgmodel))
$(eval $(call FG_LOCKSTEP,gfc_time_pipe_bug,fg_gfc_time,$(GFC_TIME_RTL),$(GFC_TIME_TB),$(GT_PIPE),libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,rate_limiter_pipe,fg_rate_limiter,$(RATE_LIMITER_RTL),$(RATE_LIMITER_TB),$(RL_PIPE),libfgmodel))
$(eval $(call FG_LOCKSTEP,rate_limiter_pipe_bug,fg_rate_limiter,$(RATE_LIMITER_RTL),$(RATE_LIMITER_TB),$(RL_PIPE),libfgmodel_bug))
# the ECP5 form of the PIPE=1 cap/floor signs (full-width chains instead of carry-select),
# chosen in simulation by FG_ECP5_FORMS: the same checks and lock-step as the default form
$(eval $(call FG_LOCKSTEP,rate_limiter_pipe_fullchains,fg_rate_limiter,$(RATE_LIMITER_RTL),$(RATE_LIMITER_TB),$(RL_PIPE) -DFG_ECP5_FORMS,libfgmodel))
# STAGE_AHEAD = 1 (the NIC core's form: the stage port one cycle ahead, the unit mask registered)
RL_PIPE_AHEAD := $(call GFC_SHAPE,-GSW=8 -GMAX_STAGE=20 -GDW=16 -GPIPE=1 -GSTAGE_AHEAD=1,TB_SW=8 TB_MAX_STAGE=20 TB_DW=16 TB_PIPE=1 TB_STAGE_AHEAD=1)
$(eval $(call FG_LOCKSTEP,rate_limiter_pipe_ahead,fg_rate_limiter,$(RATE_LIMITER_RTL),$(RATE_LIMITER_TB),$(RL_PIPE_AHEAD),libfgmodel))
$(eval $(call FG_ICARUS,gfc_time_pipe,gfc_time_pipe,$$(GFC_TIME_RTL),30000,))
# fg_gfc_time at PIPE=2 (the sum registered apart from the saturation, cfg_recip registered)
GT_PIPE2 := $(call GFC_SHAPE,-GPIPE=2,TB_PIPE=2)
$(eval $(call FG_LOCKSTEP,gfc_time_pipe2,fg_gfc_time,$(GFC_TIME_RTL),$(GFC_TIME_TB),$(GT_PIPE2),libfgmodel))
$(eval $(call FG_LOCKSTEP,gfc_time_pipe2_bug,fg_gfc_time,$(GFC_TIME_RTL),$(GFC_TIME_TB),$(GT_PIPE2),libfgmodel_bug))
# the ECP5 form of the count-down compare (a subtraction's borrow), chosen in simulation by
# FG_ECP5_FORMS: the same checks and lock-step as the default form
$(eval $(call FG_LOCKSTEP,gfc_time_pipe2_chain,fg_gfc_time,$(GFC_TIME_RTL),$(GFC_TIME_TB),$(GT_PIPE2) -DFG_ECP5_FORMS,libfgmodel))
$(eval $(call FG_ICARUS,gfc_time_pipe2,gfc_time_pipe2,$$(GFC_TIME_RTL),30000,))
$(eval $(call FG_ICARUS,rate_limiter_pipe,rate_limiter_pipe,$$(RATE_LIMITER_RTL),30000,))

# The stage generator's pipelined variants (PIPE=1 and 2: docs/blocks/gfc_stage.md), same
# testbench and shape as gfc_stage, their injected bugs, Icarus replays.
GS_PIPE := $(call GFC_SHAPE,-GCW=18 -GCNT_W=10 -GPIPE=1,TB_CW=18 TB_CNT_W=10 TB_PIPE=1)
GS_PIPE2 := $(call GFC_SHAPE,-GCW=18 -GCNT_W=10 -GPIPE=2,TB_CW=18 TB_CNT_W=10 TB_PIPE=2)
GS_PIPE2_SMALL := $(call GFC_SHAPE,-GCW=6 -GCNT_W=3 -GPIPE=2,TB_CW=6 TB_CNT_W=3 TB_PIPE=2)
$(eval $(call FG_LOCKSTEP,gfc_stage_pipe,fg_gfc_stage,$(GFC_STAGE_RTL),$(GFC_STAGE_TB),$(GS_PIPE),libfgmodel))
$(eval $(call FG_LOCKSTEP,gfc_stage_pipe_bug,fg_gfc_stage,$(GFC_STAGE_RTL),$(GFC_STAGE_TB),$(GS_PIPE),libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,gfc_stage_pipe2,fg_gfc_stage,$(GFC_STAGE_RTL),$(GFC_STAGE_TB),$(GS_PIPE2),libfgmodel))
$(eval $(call FG_LOCKSTEP,gfc_stage_pipe2_bug,fg_gfc_stage,$(GFC_STAGE_RTL),$(GFC_STAGE_TB),$(GS_PIPE2),libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,gfc_stage_cw6_pipe2,fg_gfc_stage,$(GFC_STAGE_RTL),$(GFC_STAGE_TB),$(GS_PIPE2_SMALL),libfgmodel))
$(eval $(call FG_ICARUS,gfc_stage_pipe,gfc_stage_pipe,$$(GFC_STAGE_RTL),30000,))
$(eval $(call FG_ICARUS,gfc_stage_pipe2,gfc_stage_pipe2,$$(GFC_STAGE_RTL),30000,))

# The line-rate core's stage generation for all PGs through one visiting engine
# (rtl/switch/fg_gfc_scan.v, docs/blocks/gfc_scan.md): 4x2, 8x8, 5x3 at CW 6 (a pointer
# wrapping at 15), 1x1 and 2x1 (the one- and two-PG forwards of the stage read), the bug
# twin, the Icarus replay.
GFC_SCAN_RTL := $(call fg_rtl_files,fg_gfc_scan)
GFC_SCAN_TB := verif/tb/gfc_scan/tb_gfc_scan.cpp
GSC_SHAPE = $(call GFC_SHAPE,-GN_PORTS=$(1) -GN_PRIO=$(2) -GCW=$(3),TB_N_PORTS=$(1) TB_N_PRIO=$(2) TB_CW=$(3))
$(eval $(call FG_LOCKSTEP,gfc_scan_4x2,fg_gfc_scan,$(GFC_SCAN_RTL),$(GFC_SCAN_TB),$(call GSC_SHAPE,4,2,18),libfgmodel))
$(eval $(call FG_LOCKSTEP,gfc_scan_8x8,fg_gfc_scan,$(GFC_SCAN_RTL),$(GFC_SCAN_TB),$(call GSC_SHAPE,8,8,18),libfgmodel))
$(eval $(call FG_LOCKSTEP,gfc_scan_5x3,fg_gfc_scan,$(GFC_SCAN_RTL),$(GFC_SCAN_TB),$(call GSC_SHAPE,5,3,6),libfgmodel))
$(eval $(call FG_LOCKSTEP,gfc_scan_1x1,fg_gfc_scan,$(GFC_SCAN_RTL),$(GFC_SCAN_TB),$(call GSC_SHAPE,1,1,18),libfgmodel))
$(eval $(call FG_LOCKSTEP,gfc_scan_2x1,fg_gfc_scan,$(GFC_SCAN_RTL),$(GFC_SCAN_TB),$(call GSC_SHAPE,2,1,18),libfgmodel))
$(eval $(call FG_LOCKSTEP,gfc_scan_4x2_bug,fg_gfc_scan,$(GFC_SCAN_RTL),$(GFC_SCAN_TB),$(call GSC_SHAPE,4,2,18),libfgmodel_bug))
# a PHASE other than 0 (the line-rate core's is 5: fg_bm_pipe's monitor names PG c - 5 in cycle c)
$(eval $(call FG_LOCKSTEP,gfc_scan_5x3_ph3,fg_gfc_scan,$(GFC_SCAN_RTL),$(GFC_SCAN_TB),$(call GSC_SHAPE,5,3,18) $(call GFC_SHAPE,-GPHASE=3,TB_PHASE=3),libfgmodel))
$(eval $(call FG_ICARUS,gfc_scan,gfc_scan_4x2,$$(GFC_SCAN_RTL),30000,))

# `flowgate gfc plan` (sw/lib/fg_gfc_plan.c, in libfgsw.a): unit tests against the paper's figures.
$(BIN)/fg_gfc_unit: sw/tests/test_gfc.c $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a $(SW_HDRS) $(CMODEL_HDRS)
	@mkdir -p $(BIN)
	$(CC) $(SW_CFLAGS) -Icmodel $< $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a -lm -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
TEST_DEPS += $(BIN)/fg_gfc_unit
