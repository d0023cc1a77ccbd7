# mk/bench.mk - `make bench`: simulation speed of the switch core on the 16:1 incast scenario
# (C model, Verilator, Icarus on the same recorded cycles), the admission throughput of the
# core's forms (fg_bench_admit) and the synthesis figures, into build/bench/bench.json. A benchmark, not a test: nothing here asserts a speed.
#   BENCH_CYCLES     cycles of the incast run that is recorded and replayed (default 30000)
#   BENCH_ICARUS     cycles of it replayed under Icarus (default 3000; Icarus is slow)
BENCH_CYCLES ?= 30000
BENCH_ICARUS ?= 3000
BENCH_OBJ = $(BUILD)/obj/bench_core_$(SIM_RTL_PORTS)x$(SIM_RTL_PRIO)

# The bench replays into the core Verilated at the simulator's size (SIM_RTL_PORTS/PRIO), built
# without --trace-fst: the lock-step builds keep tracing compiled in for the waveform on a
# mismatch, and that instrumentation alone makes eval() about 3x slower (measured).
$(BIN)/fg_bench_core: verif/bench/fg_bench_core.cpp verif/bench/fg_core_trace.h $(SW_CORE_RTL) \
    verif/tb/sw_core/sw_core_rtl.h verif/tb/sw_core/sw_core_signals.h $(LOCKSTEP_SRCS) $(LOCKSTEP_HDRS) \
    $(BUILD)/lib/libfgmodel.a mk/bench.mk
	@mkdir -p $(BIN) $(BENCH_OBJ)
	@rm -f $@
	$(VERILATOR) $(filter-out --trace-fst,$(VFLAGS)) -GN_PORTS=$(SIM_RTL_PORTS) -GN_PRIO=$(SIM_RTL_PRIO) \
	  -CFLAGS -I$(CURDIR)/verif/tb/sw_core -CFLAGS -I$(CURDIR)/verif/bench \
	  --top-module fg_sw_core --prefix Vtop -Mdir $(BENCH_OBJ) -o $(CURDIR)/$@ $(SW_CORE_RTL) \
	  $(abspath verif/bench/fg_bench_core.cpp $(LOCKSTEP_SRCS)) $(CURDIR)/$(BUILD)/lib/libfgmodel.a \
	  > $(BENCH_OBJ).log 2>&1 || (cat $(BENCH_OBJ).log; exit 1)

# Admission throughput of the core's forms on the C model (verif/bench/fg_bench_admit.c).
$(BIN)/fg_bench_admit: verif/bench/fg_bench_admit.c sw/tests/fg_core_bus.h $(BUILD)/lib/libfgsw.a \
    $(BUILD)/lib/libfgmodel.a $(SW_HDRS) $(CMODEL_HDRS)
	@mkdir -p $(BIN)
	$(CC) $(SW_CFLAGS) -Icmodel -Isw/tests $< $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a -lm -o $@.$$$$.tmp && \
	  mv -f $@.$$$$.tmp $@
TEST_DEPS += $(BIN)/fg_bench_admit

.PHONY: bench
bench: $(BIN)/fg_bench_core $(BIN)/fg_sim $(BIN)/fg_bench_admit
	$(PYTHON) scripts/bench.py --cycles $(BENCH_CYCLES) --icarus-cycles $(BENCH_ICARUS) \
	  --rtl-files "$(SW_CORE_RTL)" --out $(BUILD)/bench/bench.json
