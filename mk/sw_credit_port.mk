# mk/sw_credit_port.mk - the switch's credit-based port fg_sw_credit_port (rtl/mac/fg_sw_credit_port.v:
# fg_cbfc_rx + fg_cbfc_tx + fg_gfc_time + fg_rate_limiter for one port and VL; C twin
# cmodel/mac/sw_credit_port.c), its lock-step tests and Icarus replay, and the Verilated
# instance the system simulator uses for `fg_sim deadlock --switch rtl` (the rules for that
# are a template, SWCP_SIM_RULES, expanded by mk/system.mk where its variables exist).
# Page: docs/blocks/sw_credit_port.md. Tests: verif/manifests/sw_credit_port.tests.

SW_CREDIT_PORT_RTL := $(call fg_rtl_files,fg_sw_credit_port)
SW_CREDIT_PORT_TB := verif/tb/sw_credit_port/tb_sw_credit_port.cpp
SW_CREDIT_PORT_FLAGS := -CFLAGS -DTB_SW=8 -CFLAGS -DTB_CW=18 -GSW=8 -GCW=18

$(BIN)/ls_sw_credit_port $(BIN)/ls_sw_credit_port_bug $(BIN)/ls_sw_credit_port_p1 $(BIN)/ls_sw_credit_port_p2: mk/sw_credit_port.mk
$(eval $(call FG_LOCKSTEP,sw_credit_port,fg_sw_credit_port,$(SW_CREDIT_PORT_RTL),$(SW_CREDIT_PORT_TB),$(SW_CREDIT_PORT_FLAGS),libfgmodel))
# the GFC blocks at PIPE = 1 (GFC_PIPE, the line-rate choice; the default is 0)
$(eval $(call FG_LOCKSTEP,sw_credit_port_p1,fg_sw_credit_port,$(SW_CREDIT_PORT_RTL),$(SW_CREDIT_PORT_TB),$(SW_CREDIT_PORT_FLAGS) -GGFC_PIPE=1 -CFLAGS -DTB_GFC_PIPE=1,libfgmodel))
# GFC_PIPE = 2: the adjuster's product registered (the line-rate form, docs/blocks/sw_credit_port.md)
$(BIN)/ls_sw_credit_port_p2: mk/sw_credit_port.mk
$(eval $(call FG_LOCKSTEP,sw_credit_port_p2,fg_sw_credit_port,$(SW_CREDIT_PORT_RTL),$(SW_CREDIT_PORT_TB),$(SW_CREDIT_PORT_FLAGS) -GGFC_PIPE=2 -CFLAGS -DTB_GFC_PIPE=2,libfgmodel))
# CW = 10 < 12: the partial count wraps below 4096, the FCCL's four-operand form (g_four)
$(BIN)/ls_sw_credit_port_cw10: mk/sw_credit_port.mk
$(eval $(call FG_LOCKSTEP,sw_credit_port_cw10,fg_sw_credit_port,$(SW_CREDIT_PORT_RTL),$(SW_CREDIT_PORT_TB),-CFLAGS -DTB_SW=8 -CFLAGS -DTB_CW=10 -GSW=8 -GCW=10,libfgmodel))
$(eval $(call FG_LOCKSTEP,sw_credit_port_bug,fg_sw_credit_port,$(SW_CREDIT_PORT_RTL),$(SW_CREDIT_PORT_TB),$(SW_CREDIT_PORT_FLAGS),libfgmodel_bug))
$(eval $(call FG_ICARUS,sw_credit_port,sw_credit_port,$$(SW_CREDIT_PORT_RTL),50000,))

.PHONY: sw-credit-port
sw-credit-port: $(BIN)/ls_sw_credit_port $(BIN)/ls_sw_credit_port_cw10 $(BIN)/ls_sw_credit_port_bug $(ICARUS_DIR)/sw_credit_port/replay_tb.v

# --- The simulator's rtl credit ports: fg_sw_credit_port Verilated once (SW=8, CW=18: the
# simulator's core) behind verif/system/fg_sim_cbfc_port_rtl.cpp, compiled only in the RTL
# flavour (with the rtl switch core, whose objects bring the Verilator runtime).
# mk/system.mk filters fg_sim_cbfc_port_rtl.o out of its library objects and expands this
# template after its own rtl backends: $(eval $(SWCP_SIM_RULES)).
define SWCP_SIM_RULES
SWCP_SIM_VDIR := $$(SIM_OBJ)/rtl_swcp
ifneq ($$(and $$(SIM_HAVE_RTL),$$(wildcard $$(SIM_DIR)/fg_sim_cbfc_port_rtl.cpp)),)
SIM_DEFS += -DFG_SIM_HAVE_RTL_CREDIT_PORT
SWCP_SIM_VCXXFLAGS := -std=c++17 -O2 -g -I$$(SWCP_SIM_VDIR) -isystem $$(VERILATOR_INC) -isystem $$(VERILATOR_INC)/vltstd \
                      -Icmodel -Isw/include -I$$(SIM_DIR)
SIM_RTL_OBJS += $$(SIM_OBJ)/$$(SIM_FLAVOUR)/fg_sim_cbfc_port_rtl.o $$(SWCP_SIM_VDIR)/Vswcp__ALL.a
$$(SWCP_SIM_VDIR)/Vswcp__ALL.a: $$(SW_CREDIT_PORT_RTL)
	@mkdir -p $$(SWCP_SIM_VDIR)
	@echo "  VERILATE fg_sw_credit_port -> $$@"
	@$$(VERILATOR) $$(VERILATOR_MAKE) --cc --build -j 2 -O2 --x-assign fast --x-initial fast -Wno-fatal -GSW=8 -GCW=18 \
	  --top-module fg_sw_credit_port --prefix Vswcp -Mdir $$(SWCP_SIM_VDIR) -CFLAGS -O2 $$(SW_CREDIT_PORT_RTL) \
	  > $$(SWCP_SIM_VDIR).log 2>&1 || (cat $$(SWCP_SIM_VDIR).log; exit 1)
$$(SIM_OBJ)/$$(SIM_FLAVOUR)/fg_sim_cbfc_port_rtl.o: $$(SIM_DIR)/fg_sim_cbfc_port_rtl.cpp $$(SIM_HDRS) $$(SWCP_SIM_VDIR)/Vswcp__ALL.a
	@mkdir -p $$(dir $$@)
	@echo "  CXX   $$<"
	@$$(CXX) $$(SWCP_SIM_VCXXFLAGS) -Wall -Wextra -Werror $$(SIM_DEFS) -c $$< -o $$@.$$$$$$$$.tmp && mv -f $$@.$$$$$$$$.tmp $$@
# The simulator on the model library with only this block's FG_INJECT_BUG (the expect-fail
# test sw_credit_port.sim_bug_caught): fg_sim_bug, with every model's bug, cannot run a
# credit-based scenario (csr_sw's injected bug rejects XON == XOFF, which credit mode writes).
$$(BUILD)/lib/libfgmodel_swcp_bug.a: $$(BUILD)/lib/libfgmodel.a $$(BUILD)/cmodel-bug/cmodel/mac/sw_credit_port.o
	@mkdir -p $$(dir $$@)
	cp $$(BUILD)/lib/libfgmodel.a $$@.$$$$$$$$.tmp && ar r $$@.$$$$$$$$.tmp $$(BUILD)/cmodel-bug/cmodel/mac/sw_credit_port.o \
	  && mv -f $$@.$$$$$$$$.tmp $$@
$$(BIN)/fg_sim_swcp_bug: $$(SIM_LIB_OBJS) $$(SIM_OBJ)/$$(SIM_FLAVOUR)/fg_sim_main.o $$(SIM_RTL_OBJS) $$(BUILD)/lib/libfgsw.a \
  $$(BUILD)/lib/libfgmodel_swcp_bug.a $$(SIM_STAMP)
	@mkdir -p $$(BIN)
	@echo "  LINK  $$@"
	@$$(CXX) -o $$@.$$$$$$$$.tmp $$(filter-out %.stamp,$$^) $$(SIM_LDLIBS) && mv -f $$@.$$$$$$$$.tmp $$@
TEST_DEPS += $$(BIN)/fg_sim_swcp_bug
endif
# fg_sim_cbfc_port.o is rebuilt when the rtl backend comes or goes (its factory names it).
SWCP_SIM_STAMP := $$(SIM_OBJ)/swcp-rtl-$$(if $$(filter -DFG_SIM_HAVE_RTL_CREDIT_PORT,$$(SIM_DEFS)),yes,no).stamp
$$(SWCP_SIM_STAMP):
	@mkdir -p $$(SIM_OBJ)
	@rm -f $$(SIM_OBJ)/swcp-rtl-*.stamp
	@touch $$@
$$(SIM_OBJ)/$$(SIM_FLAVOUR)/fg_sim_cbfc_port.o: $$(SWCP_SIM_STAMP)
endef
