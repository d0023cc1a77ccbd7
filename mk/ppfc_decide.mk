# fg_ppfc_decide, P-PFC's decision engine at line rate (rtl/switch/fg_ppfc_decide.v,
# cmodel/switch/ppfc_decide.c, verif/tb/ppfc_decide/, docs/blocks/ppfc_decide.md): 4x2 and 8x8
# at CW 18, 16x2, 5x3 at CW 6 (ports not a power of two), 1x1 at CW 4, the bug twin, the
# Icarus replay.
PPFC_DECIDE_RTL := $(call fg_rtl_files,fg_ppfc_decide)
PPFC_DECIDE_TB := verif/tb/ppfc_decide/tb_ppfc_decide.cpp
# shape: N_PORTS, N_PRIO, CW -> the -G overrides and the testbench's defines
PDC_SHAPE = -GN_PORTS=$(1) -GN_PRIO=$(2) -GCW=$(3) \
  -CFLAGS -DTB_N_PORTS=$(1) -CFLAGS -DTB_N_PRIO=$(2) -CFLAGS -DTB_CW=$(3)
$(eval $(call FG_LOCKSTEP,ppfc_decide_4x2,fg_ppfc_decide,$(PPFC_DECIDE_RTL),$(PPFC_DECIDE_TB),$(call PDC_SHAPE,4,2,18),libfgmodel))
$(eval $(call FG_LOCKSTEP,ppfc_decide_8x8,fg_ppfc_decide,$(PPFC_DECIDE_RTL),$(PPFC_DECIDE_TB),$(call PDC_SHAPE,8,8,18),libfgmodel))
$(eval $(call FG_LOCKSTEP,ppfc_decide_16x2,fg_ppfc_decide,$(PPFC_DECIDE_RTL),$(PPFC_DECIDE_TB),$(call PDC_SHAPE,16,2,18),libfgmodel))
$(eval $(call FG_LOCKSTEP,ppfc_decide_5x3,fg_ppfc_decide,$(PPFC_DECIDE_RTL),$(PPFC_DECIDE_TB),$(call PDC_SHAPE,5,3,6),libfgmodel))
$(eval $(call FG_LOCKSTEP,ppfc_decide_1x1,fg_ppfc_decide,$(PPFC_DECIDE_RTL),$(PPFC_DECIDE_TB),$(call PDC_SHAPE,1,1,4),libfgmodel))
$(eval $(call FG_LOCKSTEP,ppfc_decide_4x2_bug,fg_ppfc_decide,$(PPFC_DECIDE_RTL),$(PPFC_DECIDE_TB),$(call PDC_SHAPE,4,2,18),libfgmodel_bug))
$(eval $(call FG_ICARUS,ppfc_decide,ppfc_decide_5x3,$$(PPFC_DECIDE_RTL),30000,))
