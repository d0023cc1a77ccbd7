# rtl/common primitives: LFSR (more primitives add their lines here).
$(eval $(call FG_LOCKSTEP,lfsr,fg_lfsr,rtl/common/fg_lfsr.v,verif/tb/lfsr/tb_lfsr.cpp,,libfgmodel))
$(eval $(call FG_LOCKSTEP,lfsr_bug,fg_lfsr,rtl/common/fg_lfsr.v,verif/tb/lfsr/tb_lfsr.cpp,,libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,crc32,fg_crc32,rtl/common/fg_crc32.v rtl/common/fg_crc32_byte.v,verif/tb/crc32/tb_crc32.cpp,,libfgmodel))
$(eval $(call FG_LOCKSTEP,crc32_bug,fg_crc32,rtl/common/fg_crc32.v rtl/common/fg_crc32_byte.v,verif/tb/crc32/tb_crc32.cpp,,libfgmodel_bug))
