# fg_ppfc, the P-PFC engine (rtl/switch/fg_ppfc.v, cmodel/switch/ppfc.c, verif/tb/ppfc/).
# Three sizes of the same random test at CAND_LANES = 1 and = N_PORTS (the wrappers define the sizes the TB is compiled for and
# must match the -G values here), a _bug twin, the hand-computed directed test, and the Icarus
# replay of the 4x2 trace.
PPFC_RTL := $(call fg_rtl_files,fg_ppfc)
PPFC_TB_INC := verif/tb/ppfc/tb_ppfc.inc
$(eval $(call FG_LOCKSTEP,ppfc_4x2,fg_ppfc,$(PPFC_RTL),verif/tb/ppfc/tb_ppfc_4x2.cpp,-GN_PORTS=4 -GN_PRIO=2,libfgmodel))
$(eval $(call FG_LOCKSTEP,ppfc_4x2_bug,fg_ppfc,$(PPFC_RTL),verif/tb/ppfc/tb_ppfc_4x2.cpp,-GN_PORTS=4 -GN_PRIO=2,libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,ppfc_8x8,fg_ppfc,$(PPFC_RTL),verif/tb/ppfc/tb_ppfc_8x8.cpp,-GN_PORTS=8 -GN_PRIO=8,libfgmodel))
$(eval $(call FG_LOCKSTEP,ppfc_16x2,fg_ppfc,$(PPFC_RTL),verif/tb/ppfc/tb_ppfc_16x2.cpp,-GN_PORTS=16 -GN_PRIO=2,libfgmodel))
# CAND_LANES = N_PORTS: every port of an EQ in one CAND cycle and the pipelined pause time
$(eval $(call FG_LOCKSTEP,ppfc_4x2_w4,fg_ppfc,$(PPFC_RTL),verif/tb/ppfc/tb_ppfc_4x2_w4.cpp,-GN_PORTS=4 -GN_PRIO=2 -GCAND_LANES=4,libfgmodel))
$(eval $(call FG_LOCKSTEP,ppfc_4x2_w4_bug,fg_ppfc,$(PPFC_RTL),verif/tb/ppfc/tb_ppfc_4x2_w4.cpp,-GN_PORTS=4 -GN_PRIO=2 -GCAND_LANES=4,libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,ppfc_8x8_w8,fg_ppfc,$(PPFC_RTL),verif/tb/ppfc/tb_ppfc_8x8_w8.cpp,-GN_PORTS=8 -GN_PRIO=8 -GCAND_LANES=8,libfgmodel))
$(eval $(call FG_LOCKSTEP,ppfc_16x2_w16,fg_ppfc,$(PPFC_RTL),verif/tb/ppfc/tb_ppfc_16x2_w16.cpp,-GN_PORTS=16 -GN_PRIO=2 -GCAND_LANES=16,libfgmodel))
$(eval $(call FG_LOCKSTEP,ppfc_directed,fg_ppfc,$(PPFC_RTL),verif/tb/ppfc/tb_ppfc_directed.cpp,-GN_PORTS=4 -GN_PRIO=2,libfgmodel))
# The wrappers include tb_ppfc.inc, which the macro does not know about.
$(BIN)/ls_ppfc_4x2 $(BIN)/ls_ppfc_4x2_bug $(BIN)/ls_ppfc_8x8 $(BIN)/ls_ppfc_16x2 $(BIN)/ls_ppfc_directed: $(PPFC_TB_INC)
$(BIN)/ls_ppfc_4x2_w4 $(BIN)/ls_ppfc_4x2_w4_bug $(BIN)/ls_ppfc_8x8_w8 $(BIN)/ls_ppfc_16x2_w16: $(PPFC_TB_INC)
# Icarus replay (mk/icarus.mk's FG_ICARUS, defined before this file is read).
$(eval $(call FG_ICARUS,ppfc_4x2,ppfc_4x2,$$(PPFC_RTL),50000,))
$(eval $(call FG_ICARUS,ppfc_4x2_w4,ppfc_4x2_w4,$$(PPFC_RTL),50000,))
