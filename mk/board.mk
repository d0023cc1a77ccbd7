# mk/board.mk - the on-board test system (rtl/board/): the UART register bridge's lock-step
# binaries. The shape of each build is given once and passed both to Verilator (-G) and to the
# testbench (-DTB_*).
UART_BRIDGE_RTL := $(call fg_rtl_files,fg_uart_bridge)
UART_BRIDGE_TB := verif/tb/uart_bridge/tb_uart_bridge.cpp
UB_SHAPE = -GCLKS_PER_BIT=$(1) -GTIMEOUT_CYCLES=$(2) -GN_REGIONS=$(3) \
  -CFLAGS -DTB_CPB=$(1) -CFLAGS -DTB_TIMEOUT=$(2) -CFLAGS -DTB_REGIONS=$(3)
$(eval $(call FG_LOCKSTEP,uart_bridge,fg_uart_bridge,$(UART_BRIDGE_RTL),$(UART_BRIDGE_TB),$(call UB_SHAPE,8,300,2),libfgmodel))
$(eval $(call FG_LOCKSTEP,uart_bridge_bug,fg_uart_bridge,$(UART_BRIDGE_RTL),$(UART_BRIDGE_TB),$(call UB_SHAPE,8,300,2),libfgmodel_bug))
$(eval $(call FG_LOCKSTEP,uart_bridge_cpb4,fg_uart_bridge,$(UART_BRIDGE_RTL),$(UART_BRIDGE_TB),$(call UB_SHAPE,4,120,1),libfgmodel))
$(eval $(call FG_LOCKSTEP,uart_bridge_cpb17,fg_uart_bridge,$(UART_BRIDGE_RTL),$(UART_BRIDGE_TB),$(call UB_SHAPE,17,700,15),libfgmodel))
# the Icarus replay of the default shape's trace (FG_ICARUS, mk/common.inc)
$(eval $(call FG_ICARUS,uart_bridge,uart_bridge,$$(UART_BRIDGE_RTL),100000,))
