# mk/board.mk - the on-board test system (rtl/board/): the UART register bridge's lock-step
# binaries. The shape of each build is given once and passed both to Verilator (-G) and to the
# testbench (-DTB_*).
UART_BRIDGE_RTL := $(call fg_rtl_files,fg_uart_bridge)
UART_BRIDGE_TB := verif/tb/uart_bridge/tb_uart_bridge.cpp
UB_SHAPE = -GCLKS_PER_BIT=$(1) -GTIMEOUT_CYCLES=$(2) -GN_REGIONS=$(3) -CFLAGS -I$(CURDIR)/sw/include \
  -CFLAGS -DTB_CPB=$(1) -CFLAGS -DTB_TIMEOUT=$(2) -CFLAGS -DTB_REGIONS=$(3)
$(BIN)/ls_uart_bridge $(BIN)/ls_uart_bridge_bug $(BIN)/ls_uart_bridge_cpb4 $(BIN)/ls_uart_bridge_cpb17: sw/include/fg_serial.h \
  verif/board/fg_uart_host.h
$(eval $(call FG_LOCKSTEP,uart_bridge,fg_uart_bridge,$(UART_BRIDGE_RTL),$(UART_BRIDGE_TB),$(call UB_SHAPE,8,300,2),libfgmodel))
$(eval $(call FG_LOCKSTEP,uart_bridge_bug,fg_uart_bridge,$(UART_BRIDGE_RTL),$(UART_BRIDGE_TB),$(call UB_SHAPE,8,300,2),libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,uart_bridge_cpb4,fg_uart_bridge,$(UART_BRIDGE_RTL),$(UART_BRIDGE_TB),$(call UB_SHAPE,4,120,1),libfgmodel))
$(eval $(call FG_LOCKSTEP,uart_bridge_cpb17,fg_uart_bridge,$(UART_BRIDGE_RTL),$(UART_BRIDGE_TB),$(call UB_SHAPE,17,700,15),libfgmodel))
# the Icarus replay of the default shape's trace (FG_ICARUS, mk/common.inc)
$(eval $(call FG_ICARUS,uart_bridge,uart_bridge,$$(UART_BRIDGE_RTL),100000,))

# the test system's register block, generated from sw/regmap/tsys_regmap.json (`make
# regmap-tsys` rewrites it; the test board.regmap_reproducible checks the committed files)
.PHONY: regmap-tsys
regmap-tsys:
	$(PYTHON) sw/regmap/gen.py --source sw/regmap/tsys_regmap.json
CSR_TSYS_RTL := $(call fg_rtl_files,fg_csr_tsys)
CSR_TSYS_TB_FLAGS = -CFLAGS -I$(CURDIR)/sw/include -GN_PORTS=$(1) -GN_PRIO=$(2) -GCNT_W=8 \
  -CFLAGS -DTB_N_PORTS=$(1) -CFLAGS -DTB_N_PRIO=$(2) -CFLAGS -DTB_CNT_W=8
$(BIN)/ls_csr_tsys $(BIN)/ls_csr_tsys_bug $(BIN)/ls_csr_tsys_n3: sw/include/fg_regs_tsys.h sw/include/fg_regs_sw.h mk/board.mk \
  verif/tb/csr_common/fg_csr_values.h
$(eval $(call FG_LOCKSTEP,csr_tsys,fg_csr_tsys,$(CSR_TSYS_RTL),verif/tb/csr_tsys/tb_csr_tsys.cpp,$(call CSR_TSYS_TB_FLAGS,4,2),libfgmodel))
$(eval $(call FG_LOCKSTEP,csr_tsys_bug,fg_csr_tsys,$(CSR_TSYS_RTL),verif/tb/csr_tsys/tb_csr_tsys.cpp,$(call CSR_TSYS_TB_FLAGS,4,2),libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,csr_tsys_n3,fg_csr_tsys,$(CSR_TSYS_RTL),verif/tb/csr_tsys/tb_csr_tsys.cpp,$(call CSR_TSYS_TB_FLAGS,3,3),libfgmodel))

# the board system: the line-rate core, the test system and the bridge (fg_board_sw), lock-step
# with its C twin through the UART alone; the 4x2 shape of the boards, and 3x3 (a port count
# that is not a power of two, three priorities)
BOARD_SW_RTL := $(call fg_rtl_files,fg_board_sw)
BOARD_SW_TB := verif/tb/board_sw/tb_board_sw.cpp
# BSW_SHAPE(ports, prios, clocks a bit, timeout): the board system's parameters, once, for
# Verilator (-G) and the testbench or simulator (-DTB_*)
BSW_SHAPE = -GN_PORTS=$(1) -GN_PRIO=$(2) -GGFC=0 -GECN=0 -GCLKS_PER_BIT=$(3) -GTIMEOUT_CYCLES=$(4) \
  -GEQ_DEPTH_LOG2=9 -GHEARTBEAT_LOG2=10 -GCNT_W=32 -CFLAGS -I$(CURDIR)/sw/include \
  -CFLAGS -DTB_N_PORTS=$(1) -CFLAGS -DTB_N_PRIO=$(2) -CFLAGS -DTB_CPB=$(3) -CFLAGS -DTB_TIMEOUT=$(4) \
  -CFLAGS -DTB_EQ_DEPTH_LOG2=9 -CFLAGS -DTB_HEARTBEAT_LOG2=10
$(BIN)/ls_board_sw_4x2 $(BIN)/ls_board_sw_3x3 $(BIN)/ls_board_sw_4x2_bug: sw/include/fg_regs_tsys.h sw/include/fg_regs_sw.h mk/board.mk \
  verif/board/fg_uart_host.h verif/board/tb_board_shape.h sw/include/fg_serial.h
$(eval $(call FG_LOCKSTEP,board_sw_4x2,fg_board_sw,$(BOARD_SW_RTL),$(BOARD_SW_TB),$(call BSW_SHAPE,4,2,4,400),libfgmodel))
$(eval $(call FG_LOCKSTEP,board_sw_3x3,fg_board_sw,$(BOARD_SW_RTL),$(BOARD_SW_TB),$(call BSW_SHAPE,3,3,4,400),libfgmodel))
# the test system's injected bug alone (the whole bug library would carry the core's and the
# bridge's too): the model with only tsys.o built with FG_INJECT_BUG
$(BUILD)/cmodel-tsysbug/cmodel/board/tsys.o: cmodel/board/tsys.c $(CMODEL_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_MODEL) -DFG_INJECT_BUG -c $< -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
$(BUILD)/lib/libfgmodel_tsysbug.a: $(filter-out %/board/tsys.o,$(CMODEL_OBJS)) $(BUILD)/cmodel-tsysbug/cmodel/board/tsys.o
	@mkdir -p $(dir $@)
	ar rcs $@.$$$$.tmp $^ && mv -f $@.$$$$.tmp $@
$(eval $(call FG_LOCKSTEP,board_sw_4x2_bug,fg_board_sw,$(BOARD_SW_RTL),$(BOARD_SW_TB),$(call BSW_SHAPE,4,2,4,400),libfgmodel_tsysbug))

# Bitstreams for the boards of fpga/boards/ (fpga/flow/board.py, docs/boards.md): yosys +
# nextpnr-ecp5 + ecppack into build/boards/<board>/ with summary.{json,txt}; the build fails when
# the board's core clock is not met. `make prog BOARD=...` loads the bitstream with openFPGALoader.
BOARD ?=
BOARD_SEEDS ?= 3
.PHONY: board board-all prog board-check
board:
	@$(PYTHON) fpga/flow/board.py --board "$(BOARD)" --seeds $(BOARD_SEEDS)
board-all:
	@$(PYTHON) fpga/flow/board.py --all --seeds $(BOARD_SEEDS)
prog:
	@$(PYTHON) fpga/flow/board.py --prog --board "$(BOARD)"
board-check:
	@$(PYTHON) fpga/flow/board.py --check

# The Verilated board system behind a pseudo-terminal, in lock-step with its C twin
# (verif/board/board_pty.cpp), and the test that drives it with the flowgate CLI
# (verif/board/pty_test.py: registers over the serial backend, a 4:1 incast, malformed requests).
BOARD_PTY_FLAGS = $(call BSW_SHAPE,4,2,8,20000)
$(BIN)/board_pty: $(BOARD_SW_RTL) verif/board/board_pty.cpp verif/board/fg_uart_host.h verif/board/tb_board_shape.h \
  $(BUILD)/lib/libfgmodel.a $(CMODEL_HDRS) mk/board.mk
	@mkdir -p $(BIN) $(BUILD)/obj/board_pty
	@rm -f $@
	$(VERILATOR) $(VERILATOR_MAKE) --cc --exe --build -j 2 -O2 --x-assign fast --x-initial fast -Wno-fatal \
	  -CFLAGS "-O2 -std=c++17 -I$(CURDIR)/cmodel" $(BOARD_PTY_FLAGS) --top-module fg_board_sw --prefix Vtop \
	  -Mdir $(BUILD)/obj/board_pty -o $(CURDIR)/$@ $(BOARD_SW_RTL) $(abspath verif/board/board_pty.cpp) \
	  $(CURDIR)/$(BUILD)/lib/libfgmodel.a > $(BUILD)/obj/board_pty.log 2>&1 || (cat $(BUILD)/obj/board_pty.log; exit 1)
TEST_DEPS += $(BIN)/board_pty $(BIN)/flowgate
