# mk/deadlock.mk - the GFC paper's deadlock scenarios in the system simulator (docs/deadlock.md).
#   make deadlock-demo [DEADLOCK_CORE=cmodel|rtl]
# runs ring3 and fattree4-failed with PFC (and their no-cycle controls), writes the --json
# results and --csv traces to build/deadlock/ and plots build/deadlock/deadlock.png.
# fg_sim itself is built by mk/system.mk (its sources include fg_sim_topo/flowmon/deadlock).

DEADLOCK_OUT := $(BUILD)/deadlock
DEADLOCK_CORE ?= cmodel
# The fat-tree on the C model runs 3x faster with 4-port switches (it needs no more).
DEADLOCK_FT_PORTS := $(if $(filter cmodel,$(DEADLOCK_CORE)),--ports 4,)
DEADLOCK_RUNS := ring3 ring3-nocycle fattree4-failed fattree4

deadlock-demo: $(BIN)/fg_sim
	@mkdir -p $(DEADLOCK_OUT)
	@for t in $(DEADLOCK_RUNS); do \
	  case $$t in fattree*) extra="--cycles 200000 $(DEADLOCK_FT_PORTS)";; *) extra="";; esac; \
	  $(BIN)/fg_sim deadlock --topo $$t --fc pfc --switch $(DEADLOCK_CORE) $$extra --json \
	    --csv $(DEADLOCK_OUT)/$$t.csv > $(DEADLOCK_OUT)/$$t.json || exit 1; \
	  $(PYTHON) -c "import json,sys; r=json.load(open(sys.argv[1])); \
print('%-16s deadlock=%-5s ports=%s tail_tput_max=%.2f Gb/s victim_tail=%.2f lossless_drops=%d cpu=%.1fs' % \
(r['topo'], r['deadlock'], ' -> '.join(r['deadlock_ports']) or '-', r['tail_tput_max_gbps'], \
r['victim_tail_tput_gbps'], r['violations'], r['cpu_s']))" $(DEADLOCK_OUT)/$$t.json; \
	done
	@$(PYTHON) scripts/plot_deadlock.py --out $(DEADLOCK_OUT)/deadlock.png \
	  $(foreach t,$(DEADLOCK_RUNS),--csv $(DEADLOCK_OUT)/$(t).csv) $(foreach t,$(DEADLOCK_RUNS),$(DEADLOCK_OUT)/$(t).json)

.PHONY: deadlock-demo
