# PFC receive side: fg_pfc_rx (parser), fg_pfc_timer (pause timers), fg_egress_sched (start
# gate), their lock-step tests, and the receive half of interop (build/bin/fg_pcap_rx).
PFC_RX_RTL := $(call fg_rtl_files,fg_pfc_rx)
PFC_TIMER_RTL := $(call fg_rtl_files,fg_pfc_timer)
EGRESS_SCHED_RTL := $(call fg_rtl_files,fg_egress_sched)

$(eval $(call FG_LOCKSTEP,pfc_rx,fg_pfc_rx,$(PFC_RX_RTL),verif/tb/pfc_rx/tb_pfc_rx.cpp,,libfgmodel))
$(eval $(call FG_LOCKSTEP,pfc_rx_bug,fg_pfc_rx,$(PFC_RX_RTL),verif/tb/pfc_rx/tb_pfc_rx.cpp,,libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,pfc_timer,fg_pfc_timer,$(PFC_TIMER_RTL),verif/tb/pfc_timer/tb_pfc_timer.cpp,-GN_PRIO=8 -CFLAGS -DTB_N_PRIO=8,libfgmodel))
$(eval $(call FG_LOCKSTEP,pfc_timer_n3,fg_pfc_timer,$(PFC_TIMER_RTL),verif/tb/pfc_timer/tb_pfc_timer.cpp,-GN_PRIO=3 -CFLAGS -DTB_N_PRIO=3,libfgmodel))
# the ECP5 logic form (FG_ECP5_FORMS: the timer itself, two chains, tx_paused in a flop)
$(eval $(call FG_LOCKSTEP,pfc_timer_ecp5,fg_pfc_timer,$(PFC_TIMER_RTL),verif/tb/pfc_timer/tb_pfc_timer.cpp,-GN_PRIO=8 -DFG_ECP5_FORMS -CFLAGS -DTB_N_PRIO=8,libfgmodel))
# the compact form (COMPACT=1: a quantum prescaler, whole quanta per class), as the UP5K core builds it
$(eval $(call FG_LOCKSTEP,pfc_timer_compact,fg_pfc_timer,$(PFC_TIMER_RTL),verif/tb/pfc_timer/tb_pfc_timer.cpp,-GN_PRIO=8 -GCOMPACT=1 -CFLAGS -DTB_N_PRIO=8 -CFLAGS -DFG_TB_COMPACT=1,libfgmodel))
$(eval $(call FG_LOCKSTEP,pfc_timer_compact_p2,fg_pfc_timer,$(PFC_TIMER_RTL),verif/tb/pfc_timer/tb_pfc_timer.cpp,-GN_PRIO=2 -GCOMPACT=1 -CFLAGS -DTB_N_PRIO=2 -CFLAGS -DFG_TB_COMPACT=1,libfgmodel))
$(eval $(call FG_LOCKSTEP,pfc_timer_bug,fg_pfc_timer,$(PFC_TIMER_RTL),verif/tb/pfc_timer/tb_pfc_timer.cpp,-GN_PRIO=8 -CFLAGS -DTB_N_PRIO=8,libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,egress_sched,fg_egress_sched,$(EGRESS_SCHED_RTL),verif/tb/egress_sched/tb_egress_sched.cpp,-GN_PRIO=8 -CFLAGS -DTB_N_PRIO=8,libfgmodel))
$(eval $(call FG_LOCKSTEP,egress_sched_n3,fg_egress_sched,$(EGRESS_SCHED_RTL),verif/tb/egress_sched/tb_egress_sched.cpp,-GN_PRIO=3 -CFLAGS -DTB_N_PRIO=3,libfgmodel))
$(eval $(call FG_LOCKSTEP,egress_sched_bug,fg_egress_sched,$(EGRESS_SCHED_RTL),verif/tb/egress_sched/tb_egress_sched.cpp,-GN_PRIO=8 -CFLAGS -DTB_N_PRIO=8,libfgmodel_bug))

# fg_pcap_rx: a pcap through the Verilated parser + timers with the C models beside them.
PCAP_RX_SRCS := verif/interop/rx/fg_pcap_rx.cpp verif/interop/rx/fg_pcap_rx_top.v
$(BIN)/fg_pcap_rx: $(PCAP_RX_SRCS) $(PFC_RX_RTL) $(PFC_TIMER_RTL) $(BUILD)/lib/libfgmodel.a $(CMODEL_HDRS)
	@mkdir -p $(BIN) $(BUILD)/obj/fg_pcap_rx
	@rm -f $@  # Verilator's makefile would not relink for a changed model archive alone
	$(VERILATOR) $(VFLAGS) --top-module fg_pcap_rx_top --prefix Vpcaprx -Mdir $(BUILD)/obj/fg_pcap_rx \
	  -o $(CURDIR)/$(BIN)/fg_pcap_rx verif/interop/rx/fg_pcap_rx_top.v $(PFC_RX_RTL) $(PFC_TIMER_RTL) \
	  $(abspath verif/interop/rx/fg_pcap_rx.cpp) $(CURDIR)/$(BUILD)/lib/libfgmodel.a \
	  > $(BUILD)/obj/fg_pcap_rx.log 2>&1 || (cat $(BUILD)/obj/fg_pcap_rx.log; exit 1)
TEST_DEPS += $(BIN)/fg_pcap_rx

$(BUILD)/interop/rx_frames.pcap: verif/interop/rx/make_frames.py
	@mkdir -p $(dir $@)
	$(PYTHON) verif/interop/rx/make_frames.py $@

.PHONY: interop-rx
interop-rx: $(BIN)/fg_pcap_rx $(BUILD)/interop/rx_frames.pcap
	$(PYTHON) verif/interop/rx/check_rx.py --tool $(BIN)/fg_pcap_rx --pcap $(BUILD)/interop/rx_frames.pcap
