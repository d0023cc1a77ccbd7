# mk/pft.mk - PFT throttle block fg_pft (rtl/nic/fg_pft.v, cmodel/nic/pft.c): lock-step builds
# (one per home mode FT-FI, FT-RI, AT-FI, AT-RI at the NIC's shape CW_C=12 FW=32 WW=16, one
# at the extreme shape CW_C=16 FW=48 WW=8, and the _bug build), the Icarus replay, and the
# software test of `flowgate pft curve` helpers (build/bin/fg_pft_unit).
PFT_RTL := $(call fg_rtl_files,fg_pft)
PFT_TB := verif/tb/pft/tb_pft.cpp

# FG_PFT_LS(name, strategy 0/1, injection 0/1, CW_C, FW, WW, model lib[, more verilator flags])
define FG_PFT_LS
$$(eval $$(call FG_LOCKSTEP,$(1),fg_pft,$$(PFT_RTL),$$(PFT_TB),-GCW_C=$(4) -GFW=$(5) -GWW=$(6) -CFLAGS "-DTB_CW_C=$(4) -DTB_FW=$(5) -DTB_WW=$(6) -DTB_STRATEGY=$(2) -DTB_INJECTION=$(3)" $(8),$(7)))
endef
$(eval $(call FG_PFT_LS,pft_ft_fi,0,0,12,32,16,libfgmodel))
$(eval $(call FG_PFT_LS,pft_ft_ri,0,1,12,32,16,libfgmodel))
$(eval $(call FG_PFT_LS,pft_at_fi,1,0,12,32,16,libfgmodel))
$(eval $(call FG_PFT_LS,pft_at_ri,1,1,12,32,16,libfgmodel))
$(eval $(call FG_PFT_LS,pft_w48,1,1,16,48,8,libfgmodel))
# f narrower than c (FW 8, CW_C 16): c >> (n - m) still has bits above f's width, the saturation
# by the bits of c that land above FW in both shift directions
$(eval $(call FG_PFT_LS,pft_w8,0,0,16,8,8,libfgmodel))
# the ECP5 form of f's sum (one chain instead of carry-select, FG_ECP5_FORMS), AT-RI
$(eval $(call FG_PFT_LS,pft_at_ri_ecp5,1,1,12,32,16,libfgmodel,-DFG_ECP5_FORMS))
$(eval $(call FG_PFT_LS,pft_bug,1,0,12,32,16,libfgmodel_bug))

$(eval $(call FG_ICARUS,pft_at_ri,pft_at_ri,$$(PFT_RTL),20000,))
$(eval $(call FG_ICARUS,pft_w48,pft_w48,$$(PFT_RTL),20000,))

# Unit tests of sw/lib/fg_pft_calc.c and the model's parameter checks.
$(BIN)/fg_pft_unit: sw/tests/test_pft.c $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a $(wildcard sw/include/*.h) $(CMODEL_HDRS)
	@mkdir -p $(BIN)
	$(CC) $(SW_CFLAGS) -Icmodel $< $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a -lm -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
TEST_DEPS += $(BIN)/fg_pft_unit
