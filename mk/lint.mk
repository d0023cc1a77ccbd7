# mk/lint.mk - `make lint`: every RTL module (its own file plus what it instantiates, found by
# scanning rtl/) through verilator --lint-only -Wall, iverilog -g2005 -Wall, yosys
# (hierarchy -check, proc, check -assert, no latch, no async reset) and the house style checks;
# warnings are errors. Driver: fpga/flow/lint.py; tests: verif/manifests/lint.tests.
.PHONY: lint-verilator lint-iverilog lint-yosys lint-style lint-selftest

lint:
	@$(PYTHON) fpga/flow/lint.py

# one tool: make lint-verilator | lint-iverilog | lint-yosys | lint-style
lint-verilator lint-iverilog lint-yosys lint-style:
	@$(PYTHON) fpga/flow/lint.py --tool $(patsubst lint-%,%,$@)

# the linters must reject the broken fixtures of fpga/lint/selftest/
lint-selftest:
	@$(PYTHON) fpga/flow/lint.py --selftest
