# mk/cbfc.mk - credit-based flow control (SPEC 3): fg_cbfc_rx (receiver: ABR, periodic FCCL)
# and fg_cbfc_tx (sender: FCCL, FCTBS, credit check, c = credits in use), their lock-step
# tests, the combined link test (rx + tx through a modelled link with a receive buffer that
# must never overflow) and the Icarus replays. Page: docs/blocks/cbfc.md.
CBFC_RX_RTL := $(call fg_rtl_files,fg_cbfc_rx)
CBFC_TX_RTL := $(call fg_rtl_files,fg_cbfc_tx)
CBFC_LINK_RTL := verif/tb/cbfc_link/fg_cbfc_link_top.v $(CBFC_RX_RTL) $(CBFC_TX_RTL)
CBFC_TB_FLAGS = -CFLAGS -DTB_SW=$(1) -CFLAGS -DTB_FW=$(2) -GSW=$(1) -GFW=$(2)

$(BIN)/ls_cbfc_rx $(BIN)/ls_cbfc_rx_bug $(BIN)/ls_cbfc_rx_sw12 $(BIN)/ls_cbfc_tx $(BIN)/ls_cbfc_tx_bug $(BIN)/ls_cbfc_link $(BIN)/ls_cbfc_link_bug: mk/cbfc.mk
$(eval $(call FG_LOCKSTEP,cbfc_rx,fg_cbfc_rx,$(CBFC_RX_RTL),verif/tb/cbfc_rx/tb_cbfc_rx.cpp,$(call CBFC_TB_FLAGS,8,16),libfgmodel))
$(eval $(call FG_LOCKSTEP,cbfc_rx_bug,fg_cbfc_rx,$(CBFC_RX_RTL),verif/tb/cbfc_rx/tb_cbfc_rx.cpp,$(call CBFC_TB_FLAGS,8,16),libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,cbfc_rx_sw12,fg_cbfc_rx,$(CBFC_RX_RTL),verif/tb/cbfc_rx/tb_cbfc_rx.cpp,$(call CBFC_TB_FLAGS,12,12),libfgmodel))
$(eval $(call FG_LOCKSTEP,cbfc_tx,fg_cbfc_tx,$(CBFC_TX_RTL),verif/tb/cbfc_tx/tb_cbfc_tx.cpp,-CFLAGS -DTB_SW=8 -GSW=8,libfgmodel))
$(eval $(call FG_LOCKSTEP,cbfc_tx_bug,fg_cbfc_tx,$(CBFC_TX_RTL),verif/tb/cbfc_tx/tb_cbfc_tx.cpp,-CFLAGS -DTB_SW=8 -GSW=8,libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,cbfc_link,fg_cbfc_link_top,$(CBFC_LINK_RTL),verif/tb/cbfc_link/tb_cbfc_link.cpp,,libfgmodel))
$(eval $(call FG_LOCKSTEP,cbfc_link_bug,fg_cbfc_link_top,$(CBFC_LINK_RTL),verif/tb/cbfc_link/tb_cbfc_link.cpp,,libfgmodel_bug))

# The Icarus replays of cbfc_rx / cbfc_tx are declared in mk/nic_core.mk: FG_ICARUS is
# defined by mk/icarus.mk, which is included after this file (mk/*.mk in name order).

.PHONY: cbfc
cbfc: $(BIN)/ls_cbfc_rx $(BIN)/ls_cbfc_rx_bug $(BIN)/ls_cbfc_rx_sw12 $(BIN)/ls_cbfc_tx $(BIN)/ls_cbfc_tx_bug \
  $(BIN)/ls_cbfc_link $(BIN)/ls_cbfc_link_bug $(ICARUS_DIR)/cbfc_rx/replay_tb.v $(ICARUS_DIR)/cbfc_tx/replay_tb.v
