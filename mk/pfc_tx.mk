# PFC transmit side: fg_pfc_gen (requests) and fg_pfc_tx (serialiser + data mux), their
# lock-step tests, the frame-layout check and the tshark interop (make interop-tx).
PFC_GEN_RTL := $(call fg_rtl_files,fg_pfc_gen)
PFC_REFRESH_RTL := $(call fg_rtl_files,fg_pfc_refresh)
PFC_TX_RTL := $(call fg_rtl_files,fg_pfc_tx)

$(eval $(call FG_LOCKSTEP,pfc_gen,fg_pfc_gen,$(PFC_GEN_RTL),verif/tb/pfc_gen/tb_pfc_gen.cpp,-GN_PRIO=8,libfgmodel))
$(eval $(call FG_LOCKSTEP,pfc_gen_bug,fg_pfc_gen,$(PFC_GEN_RTL),verif/tb/pfc_gen/tb_pfc_gen.cpp,-GN_PRIO=8,libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,pfc_gen_p3,fg_pfc_gen,$(PFC_GEN_RTL),verif/tb/pfc_gen/tb_pfc_gen.cpp,-GN_PRIO=3 -CFLAGS -DFG_TB_N_PRIO=3,libfgmodel))
$(eval $(call FG_LOCKSTEP,pfc_refresh,fg_pfc_refresh,$(PFC_REFRESH_RTL),verif/tb/pfc_refresh/tb_pfc_refresh.cpp,,libfgmodel))
# the compact form (COMPACT=1: refresh tick, no predictive requests), as the UP5K core builds it
$(eval $(call FG_LOCKSTEP,pfc_gen_compact,fg_pfc_gen,$(PFC_GEN_RTL),verif/tb/pfc_gen/tb_pfc_gen.cpp,-GN_PRIO=8 -GCOMPACT=1 -CFLAGS -DFG_TB_COMPACT=1,libfgmodel))
$(eval $(call FG_LOCKSTEP,pfc_gen_compact_p2,fg_pfc_gen,$(PFC_GEN_RTL),verif/tb/pfc_gen/tb_pfc_gen.cpp,-GN_PRIO=2 -GCOMPACT=1 -CFLAGS -DFG_TB_COMPACT=1 -CFLAGS -DFG_TB_N_PRIO=2,libfgmodel))
$(eval $(call FG_LOCKSTEP,pfc_tx,fg_pfc_tx,$(PFC_TX_RTL),verif/tb/pfc_tx/tb_pfc_tx.cpp,,libfgmodel))
$(eval $(call FG_LOCKSTEP,pfc_tx_bug,fg_pfc_tx,$(PFC_TX_RTL),verif/tb/pfc_tx/tb_pfc_tx.cpp,,libfgmodel_bug))

# Frame-layout check of the C model (no RTL): build/bin/pfc_tx_frames (+ _bug).
$(BIN)/pfc_tx_frames: verif/tb/pfc_tx/check_pfc_tx_frames.cpp $(BUILD)/lib/libfgmodel.a $(CMODEL_HDRS)
	@mkdir -p $(BIN)
	$(CXX) -O2 -std=c++17 -Wall -Wextra -Werror -Icmodel $< $(BUILD)/lib/libfgmodel.a -o $@
$(BIN)/pfc_tx_frames_bug: verif/tb/pfc_tx/check_pfc_tx_frames.cpp $(BUILD)/lib/libfgmodel_bug.a $(CMODEL_HDRS)
	@mkdir -p $(BIN)
	$(CXX) -O2 -std=c++17 -Wall -Wextra -Werror -Icmodel $< $(BUILD)/lib/libfgmodel_bug.a -o $@
TEST_DEPS += $(BIN)/pfc_tx_frames $(BIN)/pfc_tx_frames_bug

# Transmit interop: Verilated fg_pfc_gen -> fg_pfc_tx runs a scripted scenario into
# build/interop/pfc_tx.pcap (+ expectations JSON); tshark decodes it and the checker compares.
INTEROP_TX_RTL := verif/interop/tx/fg_interop_tx_top.v $(PFC_GEN_RTL) $(PFC_TX_RTL)
$(BIN)/fg_interop_tx: $(INTEROP_TX_RTL) verif/interop/tx/interop_tx.cpp
	@mkdir -p $(BIN) $(BUILD)/obj/interop_tx
	$(VERILATOR) $(VFLAGS) --top-module fg_interop_tx_top --prefix Vtop -Mdir $(BUILD)/obj/interop_tx \
	  -o $(CURDIR)/$(BIN)/fg_interop_tx $(INTEROP_TX_RTL) $(abspath verif/interop/tx/interop_tx.cpp) \
	  > $(BUILD)/obj/interop_tx.log 2>&1 || (cat $(BUILD)/obj/interop_tx.log; exit 1)
TEST_DEPS += $(BIN)/fg_interop_tx

.PHONY: interop-tx
interop-tx: $(BIN)/fg_interop_tx
	@mkdir -p $(BUILD)/interop
	$(BIN)/fg_interop_tx --pcap $(BUILD)/interop/pfc_tx.pcap --json $(BUILD)/interop/pfc_tx_expected.json
	$(PYTHON) verif/interop/tx/check_pfc_tx.py $(BUILD)/interop/pfc_tx.pcap $(BUILD)/interop/pfc_tx_expected.json
