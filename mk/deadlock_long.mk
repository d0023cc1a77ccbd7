# mk/deadlock_long.mk - long runs of the deadlock scenario with the input-queued switch and
# variable packet sizes (issue 5; docs/deadlock.md, "Variable packet sizes with iq").
#   make deadlock-long
# runs, one after the other (C model, --egress iq --pkt-dist uniform, seed 1), the ring3 and
# fattree4-failed cases of that section, writes build/deadlock_long/*.json and the per-port
# traces (--port-csv) and checks what holds with verif/system/check_run.py, then the rr
# control (no head-of-line blocking), the ring on the combined input-output queued switch
# (--egress cioq) with all four flow controls, and plots build/deadlock_long/ring3.png,
# ring3_cioq.png and fattree.png (throughput of every flow over time, one panel per run).
# Not in CI: about 13 minutes of CPU on one core.
#   make deadlock-cioq-1s
# runs the cioq ring for 1 s (20M cycles) with each flow control, and PFC and CBFC again with
# 24 KB buffers, about 65 minutes of CPU (two runs at a time with make -j2).
#   make deadlock-bias-sweep
# runs the cioq ring with an injected transit bias (--transit-skip) and checks the claim of
# docs/gfc_results.md, about 20 minutes of CPU. fg_sim itself is built by mk/system.mk.

DEADLOCK_LONG_OUT := $(BUILD)/deadlock_long
DL_LONG_SIM := $(BIN)/fg_sim deadlock --egress iq --pkt-dist uniform --switch cmodel --json
DL_LONG_CHECK := $(PYTHON) verif/system/check_run.py
# The ring's small buffers (PFC / GFC-buffer: 128 KB, XOFF = B_m 100 KB, XON 97 KB; the credit
# modes: their 100 KB allotment, the default).
DL_LONG_SMALL := --buffer-kb 128 --xoff-kb 100 --xon-kb 97
DL_LONG_OK := 'violations==0' 'drops==0' 'consistent==true'

deadlock-long: $(BIN)/fg_sim
	@mkdir -p $(DEADLOCK_LONG_OUT)
	@echo "ring3, 600000 cycles (30.7 ms): PFC and CBFC deadlock on the ring's cycle"
	$(DL_LONG_SIM) --topo ring3 --fc pfc $(DL_LONG_SMALL) --cycles 600000 > $(DEADLOCK_LONG_OUT)/ring3_pfc.json
	$(DL_LONG_CHECK) $(DEADLOCK_LONG_OUT)/ring3_pfc.json 'deadlock==true' 'deadlock_len==3' 'tail_tput_max_gbps==0' $(DL_LONG_OK)
	$(DL_LONG_SIM) --topo ring3 --fc cbfc --cycles 600000 > $(DEADLOCK_LONG_OUT)/ring3_cbfc.json
	$(DL_LONG_CHECK) $(DEADLOCK_LONG_OUT)/ring3_cbfc.json 'deadlock==true' 'deadlock_len==3' 'tail_tput_max_gbps==0' 'credit_overruns==0' $(DL_LONG_OK)
	@echo "ring3, 2000000 cycles (102 ms): both GFCs, no deadlock, PGs below B_m, but the ring's common level drifts up (the rates fall)"
	$(DL_LONG_SIM) --topo ring3 --fc gfc-time --cycles 2000000 --window-us 100 --port-csv $(DEADLOCK_LONG_OUT)/ring3_gfct.csv > $(DEADLOCK_LONG_OUT)/ring3_gfct.json
	$(DL_LONG_CHECK) $(DEADLOCK_LONG_OUT)/ring3_gfct.json 'deadlock==false' 'pg_peak_max_cells<1600' 'credit_overruns==0' $(DL_LONG_OK)
	$(DL_LONG_SIM) --topo ring3 --fc gfc-buffer $(DL_LONG_SMALL) --cycles 2000000 --window-us 100 --port-csv $(DEADLOCK_LONG_OUT)/ring3_gfcb.csv > $(DEADLOCK_LONG_OUT)/ring3_gfcb.json
	$(DL_LONG_CHECK) $(DEADLOCK_LONG_OUT)/ring3_gfcb.json 'deadlock==false' 'pg_peak_max_cells<1600' 'gfc_early_starts==0' $(DL_LONG_OK)
	$(PYTHON) scripts/deadlock_drift.py $(DEADLOCK_LONG_OUT)/ring3_gfct.csv $(DEADLOCK_LONG_OUT)/ring3_gfcb.csv
	@echo "fattree4-failed, --ports 4, the ring's small buffers, 800000 cycles (41 ms): PFC and CBFC deadlock on C1-A3-C2-A7 (F5 0), both GFCs do not"
	@for fc in pfc cbfc gfc-buffer gfc-time; do \
	  case $$fc in pfc|gfc-buffer) b="$(DL_LONG_SMALL)";; *) b="";; esac; \
	  $(DL_LONG_SIM) --topo fattree4-failed --fc $$fc --ports 4 $$b --cycles 800000 --window-us 50 \
	    > $(DEADLOCK_LONG_OUT)/ft_$$fc.json || exit 1; \
	  $(PYTHON) -c "import json,sys; r=json.load(open(sys.argv[1])); \
print('%-10s deadlock=%-5s %s F5 tail %.2f Gb/s, flows %.2f..%.2f, PG peak %d, transit %d, drops %d' % (r['fc'], \
r['deadlock'], ' -> '.join(r['deadlock_ports']), r['victim_tail_tput_gbps'], r['tail_tput_min_gbps'], \
r['tail_tput_max_gbps'], r['pg_peak_max_cells'], r['transit_pg_peak_max_cells'], r['violations']))" \
	    $(DEADLOCK_LONG_OUT)/ft_$$fc.json; \
	  case $$fc in pfc|cbfc) want="'deadlock==true' 'deadlock_len==4' 'victim_tail_tput_gbps==0'";; \
	    *) want="'deadlock==false' 'pg_peak_max_cells<1600'";; esac; \
	  eval $(DL_LONG_CHECK) $(DEADLOCK_LONG_OUT)/ft_$$fc.json $$want $(DL_LONG_OK) || exit 1; \
	done
	@echo "control, ring3 with --egress rr (no head-of-line blocking), 2000000 cycles: nothing deadlocks, no climb, GFC-time at full rate"
	$(BIN)/fg_sim deadlock --egress rr --pkt-dist uniform --switch cmodel --json --topo ring3 --fc pfc $(DL_LONG_SMALL) --cycles 2000000 --window-us 100 > $(DEADLOCK_LONG_OUT)/ring3_rr_pfc.json
	$(DL_LONG_CHECK) $(DEADLOCK_LONG_OUT)/ring3_rr_pfc.json 'deadlock==false' 'tail_tput_min_gbps>4.5' $(DL_LONG_OK)
	$(BIN)/fg_sim deadlock --egress rr --pkt-dist uniform --switch cmodel --json --topo ring3 --fc gfc-time --cycles 2000000 --window-us 100 > $(DEADLOCK_LONG_OUT)/ring3_rr_gfct.json
	$(DL_LONG_CHECK) $(DEADLOCK_LONG_OUT)/ring3_rr_gfct.json 'deadlock==false' 'tail_tput_min_gbps>4.5' 'transit_pg_peak_max_cells<1222' 'credit_overruns==0' $(DL_LONG_OK)
	$(PYTHON) scripts/plot_deadlock.py --cols 2 --out $(DEADLOCK_LONG_OUT)/ring3.png \
	  $(foreach f,pfc cbfc gfcb gfct rr_pfc rr_gfct,$(DEADLOCK_LONG_OUT)/ring3_$(f).json)
	$(PYTHON) scripts/plot_deadlock.py --cols 2 --out $(DEADLOCK_LONG_OUT)/fattree.png \
	  $(foreach f,pfc cbfc gfc-buffer gfc-time,$(DEADLOCK_LONG_OUT)/ft_$(f).json)
	@echo "ring3 with --egress cioq (an output queue of 2 packets), 2000000 cycles: both GFCs near half the line rate, PFC and CBFC do not deadlock"
	$(DL_CIOQ_SIM) --fc pfc $(DL_LONG_SMALL) --cycles 2000000 --window-us 100 > $(DEADLOCK_LONG_OUT)/ring3_cioq_pfc.json
	$(DL_LONG_CHECK) $(DEADLOCK_LONG_OUT)/ring3_cioq_pfc.json 'deadlock==false' 'transit_pg_peak_max_cells>=1600' $(DL_LONG_OK)
	$(DL_CIOQ_SIM) --fc cbfc --cycles 2000000 --window-us 100 > $(DEADLOCK_LONG_OUT)/ring3_cioq_cbfc.json
	$(DL_LONG_CHECK) $(DEADLOCK_LONG_OUT)/ring3_cioq_cbfc.json 'deadlock==false' 'credit_overruns==0' $(DL_LONG_OK)
	$(DL_CIOQ_SIM) --fc gfc-buffer $(DL_LONG_SMALL) --cycles 2000000 --window-us 100 > $(DEADLOCK_LONG_OUT)/ring3_cioq_gfcb.json
	$(DL_LONG_CHECK) $(DEADLOCK_LONG_OUT)/ring3_cioq_gfcb.json 'deadlock==false' 'tail_tput_min_gbps>4' 'pg_peak_max_cells<1600' 'gfc_early_starts==0' $(DL_LONG_OK)
	$(DL_CIOQ_SIM) --fc gfc-time --cycles 2000000 --window-us 100 > $(DEADLOCK_LONG_OUT)/ring3_cioq_gfct.json
	$(DL_LONG_CHECK) $(DEADLOCK_LONG_OUT)/ring3_cioq_gfct.json 'deadlock==false' 'tail_tput_min_gbps>4.5' 'pg_peak_max_cells<1600' 'credit_overruns==0' $(DL_LONG_OK)
	$(PYTHON) scripts/plot_deadlock.py --cols 2 --out $(DEADLOCK_LONG_OUT)/ring3_cioq.png \
	  $(foreach f,pfc cbfc gfcb gfct,$(DEADLOCK_LONG_OUT)/ring3_cioq_$(f).json)

# The combined input-output queued ring, 1 s per run (one target per run, so -j2 runs two at
# a time). Each checks what docs/deadlock.md reports for it. The 24 KB runs ask whether PFC or
# CBFC lock this fair switch when the ring PGs hit their limit far more often (every few
# hundred microseconds): XOFF 24 KB / XON 21 KB, and a 24 KB credit allotment.
DL_CIOQ_SIM := $(BIN)/fg_sim deadlock --egress cioq --pkt-dist uniform --switch cmodel --json --topo ring3
DL_CIOQ_1S := --cycles 20000000 --window-us 1000 --tail 20
DL_CIOQ_1S_RUNS := pfc cbfc gfc-buffer gfc-time pfc-24k cbfc-24k
DL_CIOQ_ARGS_pfc := --fc pfc $(DL_LONG_SMALL)
DL_CIOQ_ARGS_cbfc := --fc cbfc
DL_CIOQ_ARGS_gfc-buffer := --fc gfc-buffer $(DL_LONG_SMALL)
DL_CIOQ_ARGS_gfc-time := --fc gfc-time
DL_CIOQ_ARGS_pfc-24k := --fc pfc --buffer-kb 32 --xoff-kb 24 --xon-kb 21
DL_CIOQ_ARGS_cbfc-24k := --fc cbfc --buffer-kb 24
# What each run must show besides no deadlock, no drop and a consistent run: the GFCs keep
# every PG below B_m and the flows above 4 Gb/s; the 24 KB runs reach their limit (XOFF = 384
# cells; within one packet of the 384-cell allotment).
DL_CIOQ_CHECK_gfc-buffer := 'pg_peak_max_cells<1600' 'tail_tput_min_gbps>4'
DL_CIOQ_CHECK_gfc-time := 'pg_peak_max_cells<1600' 'tail_tput_min_gbps>4'
DL_CIOQ_CHECK_pfc-24k := 'transit_pg_peak_max_cells>=384'
DL_CIOQ_CHECK_cbfc-24k := 'held_peak_cells>=369' 'credit_overruns==0'

deadlock-cioq-1s: $(foreach f,$(DL_CIOQ_1S_RUNS),$(DEADLOCK_LONG_OUT)/ring3_cioq_1s_$(f).json)
	@for f in $(DL_CIOQ_1S_RUNS); do $(PYTHON) -c "import json,sys; r=json.load(open(sys.argv[1])); \
print('%-10s deadlock=%-5s flows %.2f..%.2f Gb/s over the last 20 ms, transit PG peak %d, drops %d' % (sys.argv[2], \
r['deadlock'], r['tail_tput_min_gbps'], r['tail_tput_max_gbps'], r['transit_pg_peak_max_cells'], r['violations']))" \
	  $(DEADLOCK_LONG_OUT)/ring3_cioq_1s_$$f.json $$f; done

$(DEADLOCK_LONG_OUT)/ring3_cioq_1s_%.json: $(BIN)/fg_sim
	@mkdir -p $(DEADLOCK_LONG_OUT)
	$(DL_CIOQ_SIM) $(DL_CIOQ_ARGS_$*) $(DL_CIOQ_1S) > $@.tmp
	$(DL_LONG_CHECK) $@.tmp 'deadlock==false' $(DL_LONG_OK) $(DL_CIOQ_CHECK_$*)
	mv $@.tmp $@

# The transit-bias sweep (docs/gfc_results.md, "Why no switch model here gives both halves"):
# the cioq ring with --transit-skip 0, 250, 1000 and 4000 ppm (a switch-facing input loses its
# round-robin turn with that probability when the host input waits for the same output) and
# each flow control, 102 ms per run: 16 runs, about 20 minutes of CPU (make -j2 halves the
# wall time). Each run must be consistent (the node and the core agree); what may drop, and
# everything else, scripts/bias_sweep.py checks (--check) after printing the table and
# writing bias_sweep.json and bias_sweep.png.
DL_BIAS_PPMS := 0 250 1000 4000
DL_BIAS_FCS := pfc cbfc gfc-buffer gfc-time
DL_BIAS_RUNS := $(foreach p,$(DL_BIAS_PPMS),$(foreach f,$(DL_BIAS_FCS),$(DEADLOCK_LONG_OUT)/bias/ring3_cioq_skip$(p)_$(f).json))

deadlock-bias-sweep: $(DL_BIAS_RUNS)
	$(PYTHON) scripts/bias_sweep.py --check --out $(DEADLOCK_LONG_OUT)/bias_sweep $(DL_BIAS_RUNS)

# $* = PPM_FC
$(DEADLOCK_LONG_OUT)/bias/ring3_cioq_skip%.json: $(BIN)/fg_sim
	@mkdir -p $(DEADLOCK_LONG_OUT)/bias
	$(DL_CIOQ_SIM) --transit-skip $(word 1,$(subst _, ,$*)) $(DL_CIOQ_ARGS_$(word 2,$(subst _, ,$*))) \
	  --cycles 2000000 > $@.tmp
	$(DL_LONG_CHECK) $@.tmp 'consistent==true'
	mv $@.tmp $@

.PHONY: deadlock-long deadlock-cioq-1s deadlock-bias-sweep
