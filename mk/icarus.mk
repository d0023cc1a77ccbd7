# mk/icarus.mk - second simulator: C-model traces replayed on the RTL under Icarus Verilog.
#
# FG_ICARUS(name, lock-step binary name, rtl files, cycles, extra lock-step args)
#   The rtl files are only used when the test compiles the bench, so they may be passed as
#   a variable reference escaped with $$ ($$(BM_RTL)) and be defined by a later mk file.
#   build/icarus/<name>/vectors.txt  the lock-step binary's --vectors trace (seed 1)
#   build/icarus/<name>/replay_tb.v  the bench generated from its header, rtl.f the RTL list
#                                    (remade when any mk/*.mk changes: RTL lists live there)
#   make icarus-<name>               compile with iverilog -g2005 and replay with vvp
# The test command in verif/manifests/icarus.tests is the same run_replay.py call.
# `make icarus` builds every trace and bench, then runs verif/manifests/icarus.tests.
# See docs/verification.md ("Icarus replay") for adding a block.

# ICARUS_DIR, ICARUS_BENCHES and FG_ICARUS are defined in mk/common.inc.

# Primitives (rtl/common).
$(eval $(call FG_ICARUS,lfsr,lfsr,$$(LFSR_RTL),50000,))
$(eval $(call FG_ICARUS,crc32,crc32,$$(CRC32_RTL),50000,))
$(eval $(call FG_ICARUS,sat_counter,sat_counter,$$(SAT_COUNTER_RTL),50000,))
$(eval $(call FG_ICARUS,sat_counter_w62,sat_counter_w62,$$(SAT_COUNTER_RTL),50000,))
$(eval $(call FG_ICARUS,counter_bank,counter_bank,$$(COUNTER_BANK_RTL),50000,))
$(eval $(call FG_ICARUS,fifo,fifo,$$(FIFO_RTL),50000,))
$(eval $(call FG_ICARUS,fifo_w37,fifo_w37,$$(FIFO_RTL),50000,))

# Blocks of the other areas (their RTL lists live in their mk files).
$(eval $(call FG_ICARUS,egress_sched,egress_sched,$$(EGRESS_SCHED_RTL),50000,))
$(eval $(call FG_ICARUS,pfc_gen,pfc_gen,$$(PFC_GEN_RTL),50000,))
$(eval $(call FG_ICARUS,pfc_gen_compact,pfc_gen_compact,$$(PFC_GEN_RTL),50000,))
$(eval $(call FG_ICARUS,pfc_refresh,pfc_refresh,$$(PFC_REFRESH_RTL),50000,))
$(eval $(call FG_ICARUS,pfc_timer,pfc_timer,$$(PFC_TIMER_RTL),50000,))
$(eval $(call FG_ICARUS,pfc_timer_n3,pfc_timer_n3,$$(PFC_TIMER_RTL),30000,))
$(eval $(call FG_ICARUS,pfc_timer_compact,pfc_timer_compact,$$(PFC_TIMER_RTL),30000,))
$(eval $(call FG_ICARUS,pfc_tx,pfc_tx,$$(PFC_TX_RTL),50000,))
$(eval $(call FG_ICARUS,pfc_rx,pfc_rx,$$(PFC_RX_RTL),50000,))
$(eval $(call FG_ICARUS,bm_4x2,bm_4x2,$$(BM_RTL),20000,))
$(eval $(call FG_ICARUS,bm_pipe_4x2,bm_pipe_4x2,$$(BMP_RTL),20000,))
$(eval $(call FG_ICARUS,bm_seq_4x2,bm_seq_4x2,$$(BMS_RTL),20000,))
$(eval $(call FG_ICARUS,csr_sw_4x2,csr_sw_4x2,$$(CSR_RTL),20000,))
$(eval $(call FG_ICARUS,sw_core_4x2,sw_core_4x2,$$(SW_CORE_RTL),20000,))
# the line-rate core with P-PFC: seed 4 (the extra --seed overrides make_vectors.py's seed 1,
# the lock-step taking the last), whose engine sends 197 predictive pauses in 15,000 cycles
$(eval $(call FG_ICARUS,sw_core_lr_ppfc_4x2,sw_core_lr_ppfc_4x2,$$(SW_CORE_RTL),15000,--seed 4))

icarus: $(ICARUS_BENCHES)
	@$(PYTHON) scripts/run_tests.py verif/manifests/icarus.tests
