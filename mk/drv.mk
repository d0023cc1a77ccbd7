# mk/drv.mk - the driver round-trip against the Verilated CSR RTL (verif/drv/tb_drv_roundtrip.cpp);
# this file sorts before nic_core.mk, so the NIC's RTL file is named here, not by its variable.
# fg_drv applies random legal configurations over a bus whose every access is one edge of
# the RTL block and its C model in lock-step. Shapes: switch 4x2 and 8x8 at CW 18, 3x5 at
# CW 20, 1x1 at CW 16; the NIC block. The C-model-only round trip is build/bin/fg_drv_roundtrip
# (mk/sw.mk).
$(BUILD)/lib/libfgrt.a: verif/drv/fg_roundtrip.c verif/drv/fg_roundtrip.h $(SW_HDRS)
	@mkdir -p $(BUILD)/obj/drv $(dir $@)
	$(CC) $(SW_CFLAGS) -Iverif/drv -c $< -o $(BUILD)/obj/drv/fg_roundtrip.o.$$$$.tmp && \
	  mv -f $(BUILD)/obj/drv/fg_roundtrip.o.$$$$.tmp $(BUILD)/obj/drv/fg_roundtrip.o
	ar rcs $@.$$$$.tmp $(BUILD)/obj/drv/fg_roundtrip.o && mv -f $@.$$$$.tmp $@

DRV_RT_TB := verif/drv/tb_drv_roundtrip.cpp
DRV_RT_LIBS = $(CURDIR)/$(BUILD)/lib/libfgrt.a $(CURDIR)/$(BUILD)/lib/libfgsw.a
DRV_RT_FLAGS = -CFLAGS -I$(CURDIR)/sw/include -CFLAGS -I$(CURDIR)/verif/drv $(DRV_RT_LIBS)
DRV_RT_SW = $(DRV_RT_FLAGS) $(call CSR_TB_FLAGS,$(1),$(2),$(3),32)
DRV_RT_BINS := $(BIN)/ls_drv_rt_sw_4x2 $(BIN)/ls_drv_rt_sw_8x8 $(BIN)/ls_drv_rt_sw_3x5 $(BIN)/ls_drv_rt_sw_1x1 $(BIN)/ls_drv_rt_sw_32x8 $(BIN)/ls_drv_rt_nic
$(DRV_RT_BINS): $(BUILD)/lib/libfgrt.a $(BUILD)/lib/libfgsw.a verif/tb/csr_sw/tb_csr_sw.cpp verif/tb/csr_nic/tb_csr_nic.cpp verif/tb/csr_common/fg_csr_values.h \
    sw/include/fg_regs_sw.h sw/include/fg_regs_nic.h mk/drv.mk
$(eval $(call FG_LOCKSTEP,drv_rt_sw_4x2,fg_csr_sw,$(CSR_RTL),$(DRV_RT_TB),$(call DRV_RT_SW,4,2,18),libfgmodel))
$(eval $(call FG_LOCKSTEP,drv_rt_sw_8x8,fg_csr_sw,$(CSR_RTL),$(DRV_RT_TB),$(call DRV_RT_SW,8,8,18),libfgmodel))
$(eval $(call FG_LOCKSTEP,drv_rt_sw_3x5,fg_csr_sw,$(CSR_RTL),$(DRV_RT_TB),$(call DRV_RT_SW,3,5,20),libfgmodel))
$(eval $(call FG_LOCKSTEP,drv_rt_sw_1x1,fg_csr_sw,$(CSR_RTL),$(DRV_RT_TB),$(call DRV_RT_SW,1,1,16),libfgmodel))
$(eval $(call FG_LOCKSTEP,drv_rt_sw_32x8,fg_csr_sw,$(CSR_RTL),$(DRV_RT_TB),$(call DRV_RT_SW,32,8,24),libfgmodel))
$(eval $(call FG_LOCKSTEP,drv_rt_nic,fg_csr_nic,$(CSR_NIC_RTL),$(DRV_RT_TB),$(DRV_RT_FLAGS) -CFLAGS -DTB_MAP_NIC -CFLAGS -DTB_CNT_W=32 -GCNT_W=32,libfgmodel))
