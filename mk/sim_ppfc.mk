# mk/sim_ppfc.mk - the P-PFC experiments on the system simulator (issue 3; docs/ppfc_results.md).
#   make ppfc-table [PPFC_SWITCH=cmodel] [PPFC_CYCLES=156250] [PPFC_SENDERS="16 6 4"]
#       runs 16:1, 6:1, 4:1 incast (DCQCN), PFC and P-PFC at T = 50/100/150 us, writes the
#       table into docs/ppfc_results.md and build/ppfc/incastN.png (about 12 runs x 1-2 s on the
#       C model; with PPFC_SWITCH=rtl use PPFC_SENDERS=15 or less: the RTL core has 17 ports).
#   make ppfc-toy       the Fig. 2 toy example, PFC and P-PFC, on the C model and the RTL (32 slots),
#                       then P-PFC over 64 slots on the C model
PPFC_SWITCH ?= cmodel
PPFC_CYCLES ?= 156250
PPFC_SENDERS ?= 16 6 4
ppfc-table: $(BIN)/fg_sim
	@$(PYTHON) verif/system/ppfc_table.py --sim $(BIN)/fg_sim --switch $(PPFC_SWITCH) --cycles $(PPFC_CYCLES) \
	  --senders "$(PPFC_SENDERS)" --out $(BUILD)/ppfc --doc docs/ppfc_results.md
ppfc-toy: $(BIN)/fg_sim
	@for m in pfc ppfc; do for c in cmodel rtl; do $(BIN)/fg_sim toy --mode $$m --switch $$c; done; done
	@echo "P-PFC over 64 slots (the figure's cycle is an unstable fixed point: docs/ppfc_results.md section 1):"
	@$(BIN)/fg_sim toy --mode ppfc --window 64
.PHONY: ppfc-table ppfc-toy
