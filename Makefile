# flowgate: the one entry point. `make help` lists the targets.
# Each area adds its rules in mk/*.mk; this file only holds what they share.
SHELL := /bin/bash
.DEFAULT_GOAL := help
BUILD := build
BIN := $(BUILD)/bin
PYTHON ?= python3

include mk/common.inc
include $(sort $(wildcard mk/*.mk))

.PHONY: help deps test lockstep demo bench synth interop icarus lint clean

help:
	@echo "flowgate make targets:"
	@echo "  make deps        install toolchain (apt + pip), idempotent"
	@echo "  make demo        16:1 incast on the system simulator, C model vs RTL"
	@echo "  make test        every test that fits CI; ends with 'N passed, N failed'"
	@echo "  make lockstep SEED=N CYCLES=M   every lock-step test with that seed"
	@echo "  make lint        verilator -Wall, iverilog -g2005, yosys checks on all RTL"
	@echo "  make icarus      replay C-model traces on the RTL under Icarus"
	@echo "  make interop     PFC frames through tshark and scapy"
	@echo "  make synth       yosys + nextpnr (iCE40UP5K, ECP5) -> build/synth/report.json"
	@echo "  make bench       simulation speed -> build/bench/bench.json"
	@echo "  make ppfc-toy    P-PFC paper Fig. 2 toy, PFC and P-PFC, C model and RTL"
	@echo "  make ppfc-table  P-PFC incast table (16/6/4:1, T=50/100/150us) -> docs/ppfc_results.md"
	@echo "  make pft-table   PFT F_C sweep on the endpoint scenario -> docs/endpoint_results.md"
	@echo "  make deadlock-demo  ring3 and fat-tree deadlock runs and plot -> build/deadlock/"
	@echo "  make deadlock-long  GFC paper scenarios, iq switch, variable sizes, long runs -> build/deadlock_long/"
	@echo "  make deadlock-cioq-1s  the ring on the cioq switch, 1 s per flow control, 24 KB runs (~65 min CPU; -j2)"
	@echo "  make deadlock-bias-sweep  the cioq ring with an injected transit bias, 0-4000 ppm (~20 min CPU; -j2)"

deps:
	@bash scripts/deps.sh

# Build everything the tests need, then run them all through the test runner.
JOBS ?= $(shell nproc)
test: deps
	@$(MAKE) --no-print-directory -j$(JOBS) test-build
	@$(PYTHON) scripts/run_tests.py $(sort $(wildcard verif/manifests/*.tests))

test-build: $(TEST_DEPS)

# Interop with real tools: transmitted frames through tshark, scapy frames into the receiver.
interop: interop-tx interop-rx

clean:
	rm -rf $(BUILD)
