# mk/nic_core.mk - the NIC core (rtl/top/fg_nic_core.v: fg_csr_nic + fg_cbfc_tx + fg_pft +
# fg_gfc_time + fg_rate_limiter + fg_cbfc_rx + counters), its lock-step tests, the NIC register map, and the Icarus replays
# of this area and of mk/cbfc.mk (this file sorts after mk/icarus.mk, which defines FG_ICARUS).
# Page: docs/blocks/nic_core.md; registers: docs/registers_nic.md.

# Icarus replays of C-model traces (seed 1)
$(eval $(call FG_ICARUS,cbfc_rx,cbfc_rx,$$(CBFC_RX_RTL),50000,))
$(eval $(call FG_ICARUS,cbfc_tx,cbfc_tx,$$(CBFC_TX_RTL),50000,))

# The NIC register block, generated from sw/regmap/nic_regmap.json (`make regmap-nic`
# rewrites the generated files after an edit; the test nic.regmap_reproducible checks them).
.PHONY: regmap-nic
regmap-nic:
	$(PYTHON) sw/regmap/gen.py --source sw/regmap/nic_regmap.json

# CSR_NIC_RTL and NIC_CORE_RTL (file lists from the scan of rtl/) are set in mk/common.inc.
CSR_NIC_TB_FLAGS := -CFLAGS -I$(CURDIR)/sw/include -CFLAGS -DTB_CNT_W=8 -GCNT_W=8
$(BIN)/ls_csr_nic $(BIN)/ls_csr_nic_bug: sw/include/fg_regs_nic.h sw/include/fg_regs_sw.h mk/nic_core.mk verif/tb/csr_common/fg_csr_values.h
$(eval $(call FG_LOCKSTEP,csr_nic,fg_csr_nic,$(CSR_NIC_RTL),verif/tb/csr_nic/tb_csr_nic.cpp,$(CSR_NIC_TB_FLAGS),libfgmodel))
$(eval $(call FG_LOCKSTEP,csr_nic_bug,fg_csr_nic,$(CSR_NIC_RTL),verif/tb/csr_nic/tb_csr_nic.cpp,$(CSR_NIC_TB_FLAGS),libfgmodel_bug))

# The NIC core: one lock-step build per PFT configuration (TB_MODE 0 FT-FI, 1 FT-RI, 2 AT-FI,
# 3 AT-RI: the register writes of the test set the mode), each with a _bug twin; all at the
# default GFC_PIPE = 2, and FT-FI also at GFC_PIPE = 0 (_p0) and 1 (_p1); AT-RI also with every
# block's ECP5 logic form (FG_ECP5_FORMS, _ecp5: the limiter's full chains, fg_gfc_time's chain
# compares, fg_pft's one-chain sum), the forms the ECP5 bitstreams are built from.
NIC_CORE_TB := verif/tb/nic_core/tb_nic_core.cpp
NIC_CORE_FLAGS = -CFLAGS -I$(CURDIR)/sw/include -CFLAGS -DTB_MODE=$(1)
NIC_CORE_BINS := $(foreach m,ft_fi ft_ri at_fi at_ri,$(BIN)/ls_nic_core_$(m) $(BIN)/ls_nic_core_$(m)_bug) \
  $(BIN)/ls_nic_core_ft_fi_p0 $(BIN)/ls_nic_core_ft_fi_p1 $(BIN)/ls_nic_core_at_ri_ecp5
$(NIC_CORE_BINS): sw/include/fg_regs_nic.h sw/include/fg_regs_sw.h verif/tb/cbfc_tx/cbfc_link_env.h mk/nic_core.mk
$(eval $(call FG_LOCKSTEP,nic_core_ft_fi,fg_nic_core,$(NIC_CORE_RTL),$(NIC_CORE_TB),$(call NIC_CORE_FLAGS,0),libfgmodel))
$(eval $(call FG_LOCKSTEP,nic_core_ft_ri,fg_nic_core,$(NIC_CORE_RTL),$(NIC_CORE_TB),$(call NIC_CORE_FLAGS,1),libfgmodel))
$(eval $(call FG_LOCKSTEP,nic_core_at_fi,fg_nic_core,$(NIC_CORE_RTL),$(NIC_CORE_TB),$(call NIC_CORE_FLAGS,2),libfgmodel))
$(eval $(call FG_LOCKSTEP,nic_core_at_ri,fg_nic_core,$(NIC_CORE_RTL),$(NIC_CORE_TB),$(call NIC_CORE_FLAGS,3),libfgmodel))
$(eval $(call FG_LOCKSTEP,nic_core_ft_fi_p0,fg_nic_core,$(NIC_CORE_RTL),$(NIC_CORE_TB),$(call NIC_CORE_FLAGS,0) -GGFC_PIPE=0 -CFLAGS -DTB_GFC_PIPE=0,libfgmodel))
$(eval $(call FG_LOCKSTEP,nic_core_ft_fi_p1,fg_nic_core,$(NIC_CORE_RTL),$(NIC_CORE_TB),$(call NIC_CORE_FLAGS,0) -GGFC_PIPE=1 -CFLAGS -DTB_GFC_PIPE=1,libfgmodel))
$(eval $(call FG_LOCKSTEP,nic_core_at_ri_ecp5,fg_nic_core,$(NIC_CORE_RTL),$(NIC_CORE_TB),$(call NIC_CORE_FLAGS,3) -DFG_ECP5_FORMS,libfgmodel))
$(eval $(call FG_LOCKSTEP,nic_core_ft_ri_bug,fg_nic_core,$(NIC_CORE_RTL),$(NIC_CORE_TB),$(call NIC_CORE_FLAGS,1),libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,nic_core_at_ri_bug,fg_nic_core,$(NIC_CORE_RTL),$(NIC_CORE_TB),$(call NIC_CORE_FLAGS,3),libfgmodel_bug))
$(eval $(call FG_ICARUS,nic_core,nic_core_at_ri,$$(NIC_CORE_RTL),20000,))
