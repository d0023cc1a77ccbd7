# flowgate: the one entry point. `make help` lists the targets.
# Each area adds its rules in mk/*.mk; this file only holds what they share.
SHELL := /bin/bash
.DEFAULT_GOAL := help
BUILD := build
BIN := $(BUILD)/bin
PYTHON ?= python3

# Every goal a user can name sets itself up first. `make X` (any X but help, deps and clean)
# runs `make deps`, then X in a sub-make with FG_DEPS_DONE=1: a plain `X: deps` prerequisite
# would let `make -j2 X` compile beside an apt-get still under way (GNU make 4.3 has no .WAIT),
# and a list of the goals that need it would drift from the README. Sub-makes of the second
# pass inherit FG_DEPS_DONE through MAKEFLAGS, so deps runs once per command.
# `make -n X` prints the deps step first; verif/first_run/check_readme_targets.py tests that for
# every `make` command the README names.
FG_NO_SETUP := help deps clean
FG_SETUP_GOALS := $(if $(FG_DEPS_DONE),,$(filter-out $(FG_NO_SETUP),$(MAKECMDGOALS)))

ifneq ($(FG_SETUP_GOALS),)
.PHONY: $(FG_SETUP_GOALS) fg-setup-then-goals
$(FG_SETUP_GOALS): fg-setup-then-goals
	@:
fg-setup-then-goals: deps
	@$(MAKE) --no-print-directory FG_DEPS_DONE=1 $(FG_SETUP_GOALS)
else
include mk/common.inc
include $(sort $(wildcard mk/*.mk))
endif

.PHONY: help deps test test-long test-build lockstep demo bench synth interop icarus lint clean

help:
	@echo "flowgate make targets:"
	@echo "  make deps        install toolchain (apt + pip), idempotent"
	@echo "  make demo        16:1 incast on the system simulator, C model vs RTL"
	@echo "  make test        every test that fits CI; ends with 'N passed, N failed'"
	@echo "  make test-long   the tests marked '# long' in verif/manifests (larger systems, longer runs; ~5 min on 2 cores)"
	@echo "  make lockstep SEED=N CYCLES=M   every lock-step test with that seed"
	@echo "  make lint        verilator -Wall, iverilog -g2005, yosys checks on all RTL"
	@echo "  make icarus      replay C-model traces on the RTL under Icarus"
	@echo "  make interop     PFC frames through tshark and scapy"
	@echo "  make synth       yosys + nextpnr (iCE40UP5K, ECP5) -> build/synth/report.json"
	@echo "  make bench       simulation speed -> build/bench/bench.json"
	@echo "  make board BOARD=ulx3s|colorlight_5a75b   bitstream + timing summary -> build/boards/<board>/"
	@echo "  make board-all   every board's bitstream;  make prog BOARD=...  load it with openFPGALoader"
	@echo "  make install PREFIX=DIR  libflowgate (.a, .so), headers, flowgate.pc, CLI, man page, example"
	@echo "  make ppfc-toy    P-PFC paper Fig. 2 toy, PFC and P-PFC, C model and RTL"
	@echo "  make ppfc-table  P-PFC incast table (16/6/4:1, T=50/100/150us) -> docs/ppfc_results.md"
	@echo "  make pft-table   PFT F_C sweep on the endpoint scenario -> docs/endpoint_results.md"
	@echo "  make deadlock-demo  ring3 and fat-tree deadlock runs and plot -> build/deadlock/"
	@echo "  make deadlock-long  GFC paper scenarios, iq switch, variable sizes, long runs -> build/deadlock_long/"
	@echo "  make deadlock-cioq-1s  the ring on the cioq switch, 1 s per flow control, 24 KB runs (~65 min CPU; -j2)"
	@echo "  make deadlock-bias-sweep  the cioq ring with an injected transit bias, 0-4000 ppm (~20 min CPU; -j2)"

deps:
	@bash scripts/deps.sh

ifeq ($(FG_SETUP_GOALS),)
# Build everything the tests need, then run them all through the test runner.
JOBS ?= $(shell nproc)
test:
	@$(MAKE) --no-print-directory -j$(JOBS) test-build
	@$(PYTHON) scripts/run_tests.py -j$(JOBS) $(sort $(wildcard verif/manifests/*.tests))

# The tests marked `# long`: each repeats on a larger system a check `make test` makes on a
# smaller one (scripts/run_tests.py says which; `make test` counts the ones it leaves).
test-long:
	@$(MAKE) --no-print-directory -j$(JOBS) test-build
	@$(PYTHON) scripts/run_tests.py --long -j$(JOBS) $(sort $(wildcard verif/manifests/*.tests))

# Here, after every mk/*.mk has added its binaries to TEST_DEPS (a prerequisite list is
# expanded where the rule stands).
test-build: $(TEST_DEPS)

# `make lockstep SEED=N CYCLES=M`: every lock-step test binary with that seed.
SEED ?= 1
CYCLES ?= 100000
lockstep: $(TEST_DEPS)
	@$(PYTHON) scripts/run_tests.py --lockstep --seed $(SEED) --cycles $(CYCLES) \
	  $(sort $(wildcard verif/manifests/*.tests))

# Interop with real tools: transmitted frames through tshark, scapy frames into the receiver.
interop: interop-tx interop-rx
endif

clean:
	rm -rf $(BUILD)
