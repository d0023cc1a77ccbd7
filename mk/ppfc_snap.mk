# fg_ppfc_snap, P-PFC's interval snapshot from the monitor stream at line rate
# (rtl/switch/fg_ppfc_snap.v, cmodel/switch/ppfc_snap.c, verif/tb/ppfc_snap/,
# docs/blocks/ppfc_snap.md): 4x2 and 8x8 at CW 18, 5x3 at CW 6 with PHASE 3 (the line-rate
# core's monitor has PHASE 5), 1x1 at CW 4 (one PG: the ring of one word), the bug twin, the
# Icarus replay.
PPFC_SNAP_RTL := $(call fg_rtl_files,fg_ppfc_snap)
PPFC_SNAP_TB := verif/tb/ppfc_snap/tb_ppfc_snap.cpp
# shape: N_PORTS, N_PRIO, CW, PHASE -> the -G overrides and the testbench's defines
PSN_SHAPE = -GN_PORTS=$(1) -GN_PRIO=$(2) -GCW=$(3) -GPHASE=$(4) \
  -CFLAGS -DTB_N_PORTS=$(1) -CFLAGS -DTB_N_PRIO=$(2) -CFLAGS -DTB_CW=$(3) -CFLAGS -DTB_PHASE=$(4)
$(eval $(call FG_LOCKSTEP,ppfc_snap_4x2,fg_ppfc_snap,$(PPFC_SNAP_RTL),$(PPFC_SNAP_TB),$(call PSN_SHAPE,4,2,18,0),libfgmodel))
$(eval $(call FG_LOCKSTEP,ppfc_snap_8x8,fg_ppfc_snap,$(PPFC_SNAP_RTL),$(PPFC_SNAP_TB),$(call PSN_SHAPE,8,8,18,5),libfgmodel))
$(eval $(call FG_LOCKSTEP,ppfc_snap_5x3,fg_ppfc_snap,$(PPFC_SNAP_RTL),$(PPFC_SNAP_TB),$(call PSN_SHAPE,5,3,6,3),libfgmodel))
$(eval $(call FG_LOCKSTEP,ppfc_snap_1x1,fg_ppfc_snap,$(PPFC_SNAP_RTL),$(PPFC_SNAP_TB),$(call PSN_SHAPE,1,1,4,0),libfgmodel))
$(eval $(call FG_LOCKSTEP,ppfc_snap_4x2_bug,fg_ppfc_snap,$(PPFC_SNAP_RTL),$(PPFC_SNAP_TB),$(call PSN_SHAPE,4,2,18,0),libfgmodel_bug))
$(eval $(call FG_ICARUS,ppfc_snap,ppfc_snap_5x3,$$(PPFC_SNAP_RTL),30000,))
