# mk/icarus_gfc.mk - Icarus replays of the GFC blocks (mk/gfc.mk holds their RTL lists). A
# file of its own because FG_ICARUS comes from mk/icarus.mk, which sorts after mk/gfc.mk.
$(eval $(call FG_ICARUS,rate_limiter,rate_limiter,$$(RATE_LIMITER_RTL),30000,))
$(eval $(call FG_ICARUS,gfc_stage,gfc_stage,$$(GFC_STAGE_RTL),30000,))
$(eval $(call FG_ICARUS,gfc_time,gfc_time,$$(GFC_TIME_RTL),30000,))
