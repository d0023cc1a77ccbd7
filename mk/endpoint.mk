# mk/endpoint.mk - the endpoint-congestion scenario's sweep (issue #4; docs/endpoint_results.md).
# The scenario itself is part of build/bin/fg_sim (mk/system.mk; verif/system/fg_sim_endpoint.cpp),
# its tests are in verif/manifests/system.tests.
#   make pft-table [PFT_SWEEP_ARGS="--quick"]   strategies x (m, n, k) -> the F_C table in
#                                              docs/endpoint_results.md + build/endpoint/{sweep.json,fc.png}
PFT_SWEEP_ARGS ?=
.PHONY: pft-table
pft-table: $(BIN)/fg_sim
	@$(PYTHON) verif/system/pft_sweep.py --sim $(BIN)/fg_sim --json-dir $(BUILD)/endpoint $(PFT_SWEEP_ARGS)
	@$(PYTHON) scripts/plot_endpoint.py --sweep $(BUILD)/endpoint/sweep.json --png $(BUILD)/endpoint/fc.png
