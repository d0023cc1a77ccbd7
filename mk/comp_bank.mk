# fg_comp_bank, the line-rate switch's composition counters in block RAM (rtl/switch/fg_comp_bank.v,
# cmodel/switch/comp_bank.c, verif/tb/comp_bank/, docs/blocks/comp_bank.md): 4x2 and 8x8 at
# CW 18, 5x3 at CW 6 / SW 3 (not powers of two: keys, ports and priorities beyond the range;
# the clamps within a few hundred ops), 1x1 at CW 6, the bug twin, the Icarus replay.
COMP_BANK_RTL := $(call fg_rtl_files,fg_comp_bank)
COMP_BANK_TB := verif/tb/comp_bank/tb_comp_bank.cpp
# shape: N_PORTS, N_PRIO, CW, SW -> the -G overrides and the testbench's defines
CMB_SHAPE = -GN_PORTS=$(1) -GN_PRIO=$(2) -GCW=$(3) -GSW=$(4) \
  -CFLAGS -DTB_N_PORTS=$(1) -CFLAGS -DTB_N_PRIO=$(2) -CFLAGS -DTB_CW=$(3) -CFLAGS -DTB_SW=$(4)
$(eval $(call FG_LOCKSTEP,comp_bank_4x2,fg_comp_bank,$(COMP_BANK_RTL),$(COMP_BANK_TB),$(call CMB_SHAPE,4,2,18,8),libfgmodel))
$(eval $(call FG_LOCKSTEP,comp_bank_8x8,fg_comp_bank,$(COMP_BANK_RTL),$(COMP_BANK_TB),$(call CMB_SHAPE,8,8,18,8),libfgmodel))
$(eval $(call FG_LOCKSTEP,comp_bank_5x3,fg_comp_bank,$(COMP_BANK_RTL),$(COMP_BANK_TB),$(call CMB_SHAPE,5,3,6,3),libfgmodel))
$(eval $(call FG_LOCKSTEP,comp_bank_1x1,fg_comp_bank,$(COMP_BANK_RTL),$(COMP_BANK_TB),$(call CMB_SHAPE,1,1,6,3),libfgmodel))
$(eval $(call FG_LOCKSTEP,comp_bank_4x2_bug,fg_comp_bank,$(COMP_BANK_RTL),$(COMP_BANK_TB),$(call CMB_SHAPE,4,2,18,8),libfgmodel_bug))
$(eval $(call FG_ICARUS,comp_bank,comp_bank_5x3,$$(COMP_BANK_RTL),30000,))
