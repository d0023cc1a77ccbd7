# rtl/common primitives: LFSR (more primitives add their lines here).
LFSR_RTL := $(call fg_rtl_files,fg_lfsr)
CRC32_RTL := $(call fg_rtl_files,fg_crc32)
$(eval $(call FG_LOCKSTEP,lfsr,fg_lfsr,$(LFSR_RTL),verif/tb/lfsr/tb_lfsr.cpp,,libfgmodel))
$(eval $(call FG_LOCKSTEP,lfsr_bug,fg_lfsr,$(LFSR_RTL),verif/tb/lfsr/tb_lfsr.cpp,,libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,crc32,fg_crc32,$(CRC32_RTL),verif/tb/crc32/tb_crc32.cpp,,libfgmodel))
$(eval $(call FG_LOCKSTEP,crc32_bug,fg_crc32,$(CRC32_RTL),verif/tb/crc32/tb_crc32.cpp,,libfgmodel_bug))
