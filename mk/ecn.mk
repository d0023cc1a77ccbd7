# ECN marking (rtl/switch/fg_ecn_red.v, cmodel/switch/ecn_red.c): lock-step at 4x2 and 8x8,
# the bug twin, and the Icarus replay of the 4x2 trace (FG_ICARUS, mk/common.inc).
ECN_RED_RTL := $(call fg_rtl_files,fg_ecn_red)
$(eval $(call FG_LOCKSTEP,ecn_red_4x2,fg_ecn_red,$(ECN_RED_RTL),verif/tb/ecn_red/tb_ecn_red.cpp,-GN_PORTS=4 -GN_PRIO=2 -CFLAGS -DTB_N_PORTS=4 -CFLAGS -DTB_N_PRIO=2,libfgmodel))
$(eval $(call FG_LOCKSTEP,ecn_red_8x8,fg_ecn_red,$(ECN_RED_RTL),verif/tb/ecn_red/tb_ecn_red.cpp,-GN_PORTS=8 -GN_PRIO=8 -CFLAGS -DTB_N_PORTS=8 -CFLAGS -DTB_N_PRIO=8,libfgmodel))
$(eval $(call FG_LOCKSTEP,ecn_red_4x2_bug,fg_ecn_red,$(ECN_RED_RTL),verif/tb/ecn_red/tb_ecn_red.cpp,-GN_PORTS=4 -GN_PRIO=2 -CFLAGS -DTB_N_PORTS=4 -CFLAGS -DTB_N_PRIO=2,libfgmodel_bug))

# Icarus replay: build/icarus/ecn_red/.
$(eval $(call FG_ICARUS,ecn_red,ecn_red_4x2,$$(ECN_RED_RTL),50000,))

# The pipelined one-decision-per-cycle marker of the line-rate core (rtl/switch/fg_ecn_mark.v,
# cmodel/switch/ecn_mark.c): lock-step at 2, 8 and 3 priorities (codes >= N_PRIO occur at 2, 3),
# the bug twin, the Icarus replay. The queue length is an input (the buffer manager's), so
# only N_PRIO shapes the block.
ECN_MARK_RTL := $(call fg_rtl_files,fg_ecn_mark)
$(eval $(call FG_LOCKSTEP,ecn_mark_p2,fg_ecn_mark,$(ECN_MARK_RTL),verif/tb/ecn_red/tb_ecn_mark.cpp,-GN_PRIO=2 -CFLAGS -DTB_N_PRIO=2,libfgmodel))
$(eval $(call FG_LOCKSTEP,ecn_mark_p8,fg_ecn_mark,$(ECN_MARK_RTL),verif/tb/ecn_red/tb_ecn_mark.cpp,-GN_PRIO=8 -CFLAGS -DTB_N_PRIO=8,libfgmodel))
$(eval $(call FG_LOCKSTEP,ecn_mark_p3,fg_ecn_mark,$(ECN_MARK_RTL),verif/tb/ecn_red/tb_ecn_mark.cpp,-GN_PRIO=3 -CFLAGS -DTB_N_PRIO=3,libfgmodel))
$(eval $(call FG_LOCKSTEP,ecn_mark_p2_bug,fg_ecn_mark,$(ECN_MARK_RTL),verif/tb/ecn_red/tb_ecn_mark.cpp,-GN_PRIO=2 -CFLAGS -DTB_N_PRIO=2,libfgmodel_bug))
$(eval $(call FG_ICARUS,ecn_mark,ecn_mark_p2,$$(ECN_MARK_RTL),50000,))
$(BIN)/ls_ecn_red_4x2 $(BIN)/ls_ecn_red_8x8 $(BIN)/ls_ecn_red_4x2_bug $(BIN)/ls_ecn_mark_p2 $(BIN)/ls_ecn_mark_p8 $(BIN)/ls_ecn_mark_p3 $(BIN)/ls_ecn_mark_p2_bug: verif/tb/ecn_red/ecn_stimulus.h
