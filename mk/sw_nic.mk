# mk/sw_nic.mk - NIC register configuration in software (issue #4): the unit tests of
# sw/lib/fg_regs_nic.c (in libfgsw.a) run against the NIC CSR block's C model, built twice:
# against libfgmodel.a, and against libfgmodel_bug.a (whose csr_nic refuses equality on one side
# of each rule) so the random comparison is shown to catch a block that disagrees.
$(BIN)/fg_nic_regs_unit: sw/tests/test_nic_regs.c $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a $(SW_HDRS) $(CMODEL_HDRS) mk/sw_nic.mk
	@mkdir -p $(BIN)
	$(CC) $(SW_CFLAGS) -Icmodel $< $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a -lm -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
$(BIN)/fg_nic_regs_unit_bug: sw/tests/test_nic_regs.c $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel_bug.a $(SW_HDRS) $(CMODEL_HDRS) mk/sw_nic.mk
	@mkdir -p $(BIN)
	$(CC) $(SW_CFLAGS) -Icmodel $< $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel_bug.a -lm -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@

.PHONY: sw-nic
sw-nic: $(BIN)/fg_nic_regs_unit $(BIN)/fg_nic_regs_unit_bug $(BIN)/flowgate
TEST_DEPS += $(BIN)/fg_nic_regs_unit $(BIN)/fg_nic_regs_unit_bug
