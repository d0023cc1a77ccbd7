# mk/system.mk - the SystemC system simulator (verif/system) and `make demo`.
#   build/bin/fg_sim        the simulator (switch core: cmodel, rtl when built in, stub)
#   build/bin/fg_sim_unit   unit tests of links, hosts and the switch node
#   make demo               16:1 incast, C model vs RTL, headroom from the calculator and cut
# The cmodel backend is compiled in when cmodel/top/sw_core.c exists, the rtl backend when
# rtl/top/fg_sw_core.v and its adapter verif/tb/sw_core/sw_core_rtl.h exist.

SYSC_INC ?= /usr/include
SYSC_LIBDIR ?= /usr/lib/x86_64-linux-gnu
SIM_DIR := verif/system
SIM_OBJ := $(BUILD)/obj/system
SIM_CXXFLAGS := -std=c++17 -O2 -g -Wall -Wextra -Werror -I$(SYSC_INC) -Icmodel -Isw/include -I$(SIM_DIR) -Iverif/bench
SIM_LDLIBS := -L$(SYSC_LIBDIR) -Wl,-rpath,$(SYSC_LIBDIR) -lsystemc -lpthread -lm
SIM_LIB_SRCS := $(filter-out $(SIM_DIR)/fg_sim_main.cpp,$(sort $(wildcard $(SIM_DIR)/fg_sim_*.cpp)))
SIM_HDRS := $(sort $(wildcard $(SIM_DIR)/*.h)) $(CMODEL_HDRS) $(wildcard sw/include/*.h)

SIM_HAVE_CMODEL := $(if $(wildcard cmodel/top/sw_core.c),1,)
SIM_HAVE_RTL := $(if $(and $(wildcard rtl/top/fg_sw_core.v),$(wildcard verif/tb/sw_core/sw_core_rtl.h)),1,)

# The rtl backend: fg_sw_core Verilated once at SIM_RTL_PORTS x SIM_RTL_PRIO (a 16:1 incast
# needs 17 ports: the receiver has its own port). The RTL file list is the core's own
# (SW_CORE_RTL from mk/common.inc, the scan of rtl/).
SIM_RTL_PORTS ?= 17
SIM_RTL_PRIO ?= 8
SIM_RTL_SRCS := $(SW_CORE_RTL)
SIM_VDIR := $(SIM_OBJ)/rtl_$(SIM_RTL_PORTS)x$(SIM_RTL_PRIO)
# ... and once more in the line-rate form (LINE_RATE = 1, PPFC = 0) for `--core line-rate`
SIM_LR_VDIR := $(SIM_OBJ)/rtl_lr_$(SIM_RTL_PORTS)x$(SIM_RTL_PRIO)
VERILATOR_INC ?= /usr/share/verilator/include
SIM_VCXXFLAGS := -std=c++17 -O2 -g -I$(SIM_VDIR) -I$(SIM_LR_VDIR) -isystem $(VERILATOR_INC) -isystem $(VERILATOR_INC)/vltstd \
                 -Iverif/lockstep -Iverif/tb/sw_core -Icmodel -Isw/include -I$(SIM_DIR)

SIM_DEFS := $(if $(SIM_HAVE_CMODEL),-DFG_SIM_HAVE_CMODEL_CORE,) \
            $(if $(SIM_HAVE_RTL),-DFG_SIM_HAVE_RTL_CORE -DFG_SIM_RTL_PORTS=$(SIM_RTL_PORTS) -DFG_SIM_RTL_PRIO=$(SIM_RTL_PRIO),)
# Objects of one build flavour go to their own directory, so a change of flavour (the core
# files appearing) rebuilds everything that depends on it.
SIM_FLAVOUR := sim$(if $(SIM_HAVE_CMODEL),-c,)$(if $(SIM_HAVE_RTL),-r$(SIM_RTL_PORTS)x$(SIM_RTL_PRIO),)
# The binaries are relinked when the flavour changes (one stamp file per flavour, only the
# current one kept).
SIM_STAMP := $(SIM_OBJ)/flavour-$(SIM_FLAVOUR).stamp
$(SIM_STAMP):
	@mkdir -p $(SIM_OBJ)
	@rm -f $(SIM_OBJ)/flavour-*.stamp
	@touch $@
SIM_LIB_SRCS := $(filter-out $(SIM_DIR)/fg_sim_core_rtl.cpp,$(SIM_LIB_SRCS))
SIM_LIB_OBJS := $(patsubst $(SIM_DIR)/%.cpp,$(SIM_OBJ)/$(SIM_FLAVOUR)/%.o,$(SIM_LIB_SRCS))
SIM_RTL_OBJS :=
ifneq ($(SIM_HAVE_RTL),)
SIM_RTL_OBJS := $(SIM_OBJ)/$(SIM_FLAVOUR)/fg_sim_core_rtl.o $(SIM_VDIR)/fg_lockstep.o $(SIM_VDIR)/verilated.o \
                $(SIM_VDIR)/verilated_threads.o $(SIM_VDIR)/Vswcore__ALL.a $(SIM_LR_VDIR)/Vswcorelr__ALL.a
$(SIM_LR_VDIR)/Vswcorelr__ALL.a: $(SIM_RTL_SRCS)
	@mkdir -p $(SIM_LR_VDIR)
	@echo "  VERILATE fg_sw_core N_PORTS=$(SIM_RTL_PORTS) N_PRIO=$(SIM_RTL_PRIO) LINE_RATE=1 -> $@"
	@$(VERILATOR) $(VERILATOR_MAKE) --cc --build -j 2 -O2 --x-assign fast --x-initial fast -Wno-fatal \
	  -GN_PORTS=$(SIM_RTL_PORTS) -GN_PRIO=$(SIM_RTL_PRIO) -GLINE_RATE=1 -GPPFC=0 --top-module fg_sw_core \
	  --prefix Vswcorelr -Mdir $(SIM_LR_VDIR) -CFLAGS -O2 $(SIM_RTL_SRCS) > $(SIM_LR_VDIR).log 2>&1 || \
	  (cat $(SIM_LR_VDIR).log; exit 1)
$(SIM_VDIR)/Vswcore__ALL.a: $(SIM_RTL_SRCS)
	@mkdir -p $(SIM_VDIR)
	@echo "  VERILATE fg_sw_core N_PORTS=$(SIM_RTL_PORTS) N_PRIO=$(SIM_RTL_PRIO) -> $@ (a few minutes)"
	@$(VERILATOR) $(VERILATOR_MAKE) --cc --build -j 2 -O2 --x-assign fast --x-initial fast -Wno-fatal \
	  -GN_PORTS=$(SIM_RTL_PORTS) -GN_PRIO=$(SIM_RTL_PRIO) --top-module fg_sw_core --prefix Vswcore \
	  -Mdir $(SIM_VDIR) -CFLAGS -O2 $(SIM_RTL_SRCS) > $(SIM_VDIR).log 2>&1 || (cat $(SIM_VDIR).log; exit 1)
$(SIM_VDIR)/verilated.o: $(VERILATOR_INC)/verilated.cpp $(SIM_VDIR)/Vswcore__ALL.a
	@$(CXX) $(SIM_VCXXFLAGS) -c $< -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
$(SIM_VDIR)/verilated_threads.o: $(VERILATOR_INC)/verilated_threads.cpp $(SIM_VDIR)/Vswcore__ALL.a
	@$(CXX) $(SIM_VCXXFLAGS) -c $< -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
$(SIM_VDIR)/fg_lockstep.o: verif/lockstep/fg_lockstep.cpp $(LOCKSTEP_HDRS) $(SIM_VDIR)/Vswcore__ALL.a
	@$(CXX) $(SIM_VCXXFLAGS) -c $< -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
$(SIM_OBJ)/$(SIM_FLAVOUR)/fg_sim_core_rtl.o: $(SIM_DIR)/fg_sim_core_rtl.cpp $(SIM_HDRS) $(SIM_VDIR)/Vswcore__ALL.a \
  $(SIM_LR_VDIR)/Vswcorelr__ALL.a \
  verif/tb/sw_core/sw_core_signals.h verif/tb/sw_core/sw_core_rtl.h $(LOCKSTEP_HDRS)
	@mkdir -p $(dir $@)
	@echo "  CXX   $<"
	@$(CXX) $(SIM_VCXXFLAGS) -Wall -Wextra -Werror $(SIM_DEFS) -c $< -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
endif

# --- The rtl NIC backend (issue #4, helper "endpoint"; fg_sim endpoint --nic rtl): fg_nic_core
# Verilated once (SW=8 FW=16 CNT_W=32, the defaults) behind verif/system/fg_sim_nic_rtl.cpp,
# which is compiled here only, not with the other fg_sim_*.cpp. The file list is the NIC
# core's own (NIC_CORE_RTL from mk/common.inc, the scan of rtl/).
SIM_LIB_OBJS := $(filter-out %/fg_sim_nic_rtl.o,$(SIM_LIB_OBJS))
SIM_HAVE_RTL_NIC := $(if $(and $(wildcard rtl/top/fg_nic_core.v),$(wildcard $(SIM_DIR)/fg_sim_nic_rtl.cpp)),1,)
SIM_NIC_VDIR := $(SIM_OBJ)/rtl_nic
SIM_NIC_RTL_SRCS := $(NIC_CORE_RTL)
# fg_sim_nic.o is rebuilt when the rtl backend comes or goes (its factory names it).
SIM_NIC_STAMP := $(SIM_OBJ)/nic-rtl-$(if $(SIM_HAVE_RTL_NIC),yes,no).stamp
$(SIM_NIC_STAMP):
	@mkdir -p $(SIM_OBJ)
	@rm -f $(SIM_OBJ)/nic-rtl-*.stamp
	@touch $@
$(SIM_OBJ)/$(SIM_FLAVOUR)/fg_sim_nic.o: $(SIM_NIC_STAMP)
ifneq ($(SIM_HAVE_RTL_NIC),)
SIM_DEFS += -DFG_SIM_HAVE_RTL_NIC
SIM_NIC_VCXXFLAGS := -std=c++17 -O2 -g -I$(SIM_NIC_VDIR) -isystem $(VERILATOR_INC) -isystem $(VERILATOR_INC)/vltstd \
                     -Icmodel -Isw/include -I$(SIM_DIR)
# The Verilator runtime is linked once: the switch core's objects when its rtl backend is
# built, else our own.
SIM_NIC_RUNTIME := $(if $(SIM_HAVE_RTL),,$(SIM_NIC_VDIR)/verilated.o $(SIM_NIC_VDIR)/verilated_threads.o)
SIM_RTL_OBJS += $(SIM_OBJ)/$(SIM_FLAVOUR)/fg_sim_nic_rtl.o $(SIM_NIC_VDIR)/Vniccore__ALL.a $(SIM_NIC_RUNTIME)
$(SIM_NIC_VDIR)/Vniccore__ALL.a: $(SIM_NIC_RTL_SRCS)
	@mkdir -p $(SIM_NIC_VDIR)
	@echo "  VERILATE fg_nic_core -> $@"
	@$(VERILATOR) $(VERILATOR_MAKE) --cc --build -j 2 -O2 --x-assign fast --x-initial fast -Wno-fatal \
	  --top-module fg_nic_core --prefix Vniccore -Mdir $(SIM_NIC_VDIR) -CFLAGS -O2 $(SIM_NIC_RTL_SRCS) \
	  > $(SIM_NIC_VDIR).log 2>&1 || (cat $(SIM_NIC_VDIR).log; exit 1)
$(SIM_NIC_VDIR)/verilated.o: $(VERILATOR_INC)/verilated.cpp $(SIM_NIC_VDIR)/Vniccore__ALL.a
	@$(CXX) $(SIM_NIC_VCXXFLAGS) -c $< -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
$(SIM_NIC_VDIR)/verilated_threads.o: $(VERILATOR_INC)/verilated_threads.cpp $(SIM_NIC_VDIR)/Vniccore__ALL.a
	@$(CXX) $(SIM_NIC_VCXXFLAGS) -c $< -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
$(SIM_OBJ)/$(SIM_FLAVOUR)/fg_sim_nic_rtl.o: $(SIM_DIR)/fg_sim_nic_rtl.cpp $(SIM_HDRS) $(SIM_NIC_VDIR)/Vniccore__ALL.a
	@mkdir -p $(dir $@)
	@echo "  CXX   $<"
	@$(CXX) $(SIM_NIC_VCXXFLAGS) -Wall -Wextra -Werror $(SIM_DEFS) -c $< -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
endif
# --- end of the rtl NIC backend
# The rtl credit ports (fg_sw_credit_port, helper "swcredit"): rules in mk/sw_credit_port.mk.
SIM_LIB_OBJS := $(filter-out %/fg_sim_cbfc_port_rtl.o,$(SIM_LIB_OBJS))
$(if $(value SWCP_SIM_RULES),$(eval $(SWCP_SIM_RULES)))

$(SIM_OBJ)/$(SIM_FLAVOUR)/%.o: $(SIM_DIR)/%.cpp $(SIM_HDRS)
	@mkdir -p $(dir $@)
	@echo "  CXX   $<"
	@$(CXX) $(SIM_CXXFLAGS) $(SIM_DEFS) -c $< -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
$(SIM_OBJ)/$(SIM_FLAVOUR)/tests/%.o: $(SIM_DIR)/tests/%.cpp $(SIM_HDRS)
	@mkdir -p $(dir $@)
	@echo "  CXX   $<"
	@$(CXX) $(SIM_CXXFLAGS) $(SIM_DEFS) -c $< -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@

$(BIN)/fg_sim: $(SIM_LIB_OBJS) $(SIM_OBJ)/$(SIM_FLAVOUR)/fg_sim_main.o $(SIM_RTL_OBJS) $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a $(SIM_STAMP)
	@mkdir -p $(BIN)
	@echo "  LINK  $@"
	@$(CXX) -o $@.$$$$.tmp $(filter-out %.stamp,$^) $(SIM_LDLIBS) && mv -f $@.$$$$.tmp $@

$(BIN)/fg_sim_unit: $(SIM_LIB_OBJS) $(SIM_OBJ)/$(SIM_FLAVOUR)/tests/test_sim_units.o $(SIM_RTL_OBJS) $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a $(SIM_STAMP)
	@mkdir -p $(BIN)
	@echo "  LINK  $@"
	@$(CXX) -o $@.$$$$.tmp $(filter-out %.stamp,$^) $(SIM_LDLIBS) && mv -f $@.$$$$.tmp $@

# The same simulator on the C model library built with FG_INJECT_BUG (expect-fail test).
$(BIN)/fg_sim_bug: $(SIM_LIB_OBJS) $(SIM_OBJ)/$(SIM_FLAVOUR)/fg_sim_main.o $(SIM_RTL_OBJS) $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel_bug.a $(SIM_STAMP)
	@mkdir -p $(BIN)
	@echo "  LINK  $@"
	@$(CXX) -o $@.$$$$.tmp $(filter-out %.stamp,$^) $(SIM_LDLIBS) && mv -f $@.$$$$.tmp $@

TEST_DEPS += $(BIN)/fg_sim $(BIN)/fg_sim_unit $(BIN)/fg_sim_bug

# make demo [DEMO_CORES="cmodel rtl"] [DEMO_CYCLES=30000] [DEMO_SENDERS=16]
# (the rtl core is Verilated with SIM_RTL_PORTS ports, so DEMO_SENDERS = SIM_RTL_PORTS - 1)
DEMO_CORES ?= cmodel rtl
DEMO_CYCLES ?= 30000
DEMO_SENDERS ?= $(shell echo $$(($(SIM_RTL_PORTS) - 1)))
demo: $(BIN)/fg_sim
	@$(PYTHON) $(SIM_DIR)/demo.py --sim $(BIN)/fg_sim --out $(BUILD)/demo --cycles $(DEMO_CYCLES) \
	  --senders $(DEMO_SENDERS) --cores "$(DEMO_CORES)"
