# Switch core (rtl/top/fg_sw_core.v): lock-step tests at 4x2, 8x8 and 16x2, and their bug twins.
# (SW_CORE_RTL, the core's RTL file list, is set in mk/common.inc.)
SW_CORE_VFLAGS_EXTRA := -CFLAGS -I$(CURDIR)/verif/tb/sw_core -CFLAGS -I$(CURDIR)/sw/include
$(eval $(call FG_LOCKSTEP,sw_core_4x2,fg_sw_core,$(SW_CORE_RTL),verif/tb/sw_core/tb_sw_core_4x2.cpp,-GN_PORTS=4 -GN_PRIO=2 $(SW_CORE_VFLAGS_EXTRA),libfgmodel))
$(eval $(call FG_LOCKSTEP,sw_core_8x8,fg_sw_core,$(SW_CORE_RTL),verif/tb/sw_core/tb_sw_core_8x8.cpp,-GN_PORTS=8 -GN_PRIO=8 $(SW_CORE_VFLAGS_EXTRA),libfgmodel))
# 16x2 with every engine on (the default form's buffer manager is quadratic
# in ports, so this is the slowest of the core's builds)
$(eval $(call FG_LOCKSTEP,sw_core_16x2,fg_sw_core,$(SW_CORE_RTL),verif/tb/sw_core/tb_sw_core_16x2.cpp,-GN_PORTS=16 -GN_PRIO=2 $(SW_CORE_VFLAGS_EXTRA),libfgmodel))
$(eval $(call FG_LOCKSTEP,sw_core_4x2_bug,fg_sw_core,$(SW_CORE_RTL),verif/tb/sw_core/tb_sw_core_4x2.cpp,-GN_PORTS=4 -GN_PRIO=2 $(SW_CORE_VFLAGS_EXTRA),libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,sw_core_4x2_w4,fg_sw_core,$(SW_CORE_RTL),verif/tb/sw_core/tb_sw_core_4x2_w4.cpp,-GN_PORTS=4 -GN_PRIO=2 -GPPFC_LANES=4 $(SW_CORE_VFLAGS_EXTRA),libfgmodel))
# the line-rate form without P-PFC (LINE_RATE = 1, PPFC = 0): 4x2, the small 4x2 (GFC = 0,
# ECN = 0: the iCE40UP5K shape) and the 4x2 bug twin
SW_CORE_LR_G := -GLINE_RATE=1 -GPPFC=0 $(SW_CORE_VFLAGS_EXTRA)
$(eval $(call FG_LOCKSTEP,sw_core_lr_4x2,fg_sw_core,$(SW_CORE_RTL),verif/tb/sw_core/tb_sw_core_lr_4x2.cpp,-GN_PORTS=4 -GN_PRIO=2 $(SW_CORE_LR_G),libfgmodel))
$(eval $(call FG_LOCKSTEP,sw_core_4x2_nogfc,fg_sw_core,$(SW_CORE_RTL),verif/tb/sw_core/tb_sw_core_4x2_nogfc.cpp,-GN_PORTS=4 -GN_PRIO=2 -GGFC=0 -GECN=0 $(SW_CORE_VFLAGS_EXTRA),libfgmodel))
$(eval $(call FG_LOCKSTEP,sw_core_lr_4x2_small,fg_sw_core,$(SW_CORE_RTL),verif/tb/sw_core/tb_sw_core_lr_4x2_small.cpp,-GN_PORTS=4 -GN_PRIO=2 -GGFC=0 -GECN=0 $(SW_CORE_LR_G),libfgmodel))
# LINE_RATE = 2: the same form with the compact buffer manager fg_bm_seq (GFC = 0 required)
$(eval $(call FG_LOCKSTEP,sw_core_seq_4x2,fg_sw_core,$(SW_CORE_RTL),verif/tb/sw_core/tb_sw_core_seq_4x2.cpp,-GN_PORTS=4 -GN_PRIO=2 -GLINE_RATE=2 -GPPFC=0 -GGFC=0 $(SW_CORE_VFLAGS_EXTRA),libfgmodel))
# ... and the iCE40UP5K build itself: ECN = 0 too and 12-bit cell counts
$(eval $(call FG_LOCKSTEP,sw_core_seq_4x2_cw12,fg_sw_core,$(SW_CORE_RTL),verif/tb/sw_core/tb_sw_core_seq_4x2_cw12.cpp,-GN_PORTS=4 -GN_PRIO=2 -GLINE_RATE=2 -GPPFC=0 -GGFC=0 -GECN=0 -GSTATS=0 -GCW=12 $(SW_CORE_VFLAGS_EXTRA),libfgmodel))
$(eval $(call FG_LOCKSTEP,sw_core_lr_4x2_bug,fg_sw_core,$(SW_CORE_RTL),verif/tb/sw_core/tb_sw_core_lr_4x2.cpp,-GN_PORTS=4 -GN_PRIO=2 $(SW_CORE_LR_G),libfgmodel_bug))
# the line-rate form with P-PFC (LINE_RATE = 1, PPFC = 1): 4x2, 8x8, 16x2, 5x3
SW_CORE_LRP_G := -GLINE_RATE=1 -GPPFC=1 $(SW_CORE_VFLAGS_EXTRA)
$(eval $(call FG_LOCKSTEP,sw_core_lr_ppfc_4x2,fg_sw_core,$(SW_CORE_RTL),verif/tb/sw_core/tb_sw_core_lr_ppfc_4x2.cpp,-GN_PORTS=4 -GN_PRIO=2 $(SW_CORE_LRP_G),libfgmodel))
$(eval $(call FG_LOCKSTEP,sw_core_lr_ppfc_8x8,fg_sw_core,$(SW_CORE_RTL),verif/tb/sw_core/tb_sw_core_lr_ppfc_8x8.cpp,-GN_PORTS=8 -GN_PRIO=8 $(SW_CORE_LRP_G),libfgmodel))
$(eval $(call FG_LOCKSTEP,sw_core_lr_ppfc_16x2,fg_sw_core,$(SW_CORE_RTL),verif/tb/sw_core/tb_sw_core_lr_ppfc_16x2.cpp,-GN_PORTS=16 -GN_PRIO=2 $(SW_CORE_LRP_G),libfgmodel))
$(eval $(call FG_LOCKSTEP,sw_core_lr_ppfc_5x3,fg_sw_core,$(SW_CORE_RTL),verif/tb/sw_core/tb_sw_core_lr_ppfc_5x3.cpp,-GN_PORTS=5 -GN_PRIO=3 $(SW_CORE_LRP_G),libfgmodel))
$(BIN)/ls_sw_core_lr_ppfc_4x2 $(BIN)/ls_sw_core_lr_ppfc_8x8 $(BIN)/ls_sw_core_lr_ppfc_16x2 $(BIN)/ls_sw_core_lr_ppfc_5x3 \
$(BIN)/ls_sw_core_4x2 $(BIN)/ls_sw_core_8x8 $(BIN)/ls_sw_core_16x2 $(BIN)/ls_sw_core_4x2_bug $(BIN)/ls_sw_core_4x2_w4 $(BIN)/ls_sw_core_lr_4x2 $(BIN)/ls_sw_core_lr_4x2_small $(BIN)/ls_sw_core_4x2_nogfc $(BIN)/ls_sw_core_lr_4x2_bug $(BIN)/ls_sw_core_seq_4x2 $(BIN)/ls_sw_core_seq_4x2_cw12: verif/tb/sw_core/tb_sw_core.inc verif/tb/sw_core/sw_core_signals.h
