# mk/sw.mk - software: build/lib/libfgsw.a (sw/lib: units, headroom, register validation,
# driver), the CLI build/bin/flowgate, and the unit-test binary build/bin/fg_sw_unit (which
# drives the CSR block's C model through the driver, so it also links libfgmodel.a).
SW_CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror -Isw/include
SW_LIB_SRCS := $(sort $(wildcard sw/lib/*.c))
SW_LIB_OBJS := $(patsubst sw/lib/%.c,$(BUILD)/sw/lib/%.o,$(SW_LIB_SRCS))
SW_HDRS := $(sort $(wildcard sw/include/*.h))

$(BUILD)/sw/lib/%.o: sw/lib/%.c $(SW_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(SW_CFLAGS) -c $< -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
$(BUILD)/lib/libfgsw.a: $(SW_LIB_OBJS)
	@mkdir -p $(dir $@)
	ar rcs $@.$$$$.tmp $^ && mv -f $@.$$$$.tmp $@
# The CLI: flowgate.c (command table) and every sw/cli/fg_cmd_*.c (one subcommand each, declared
# in sw/cli/fg_cli.h) and sw/cli/fg_cli_*.c (what they share). It links the C models too: some commands measure by running one.
SW_CLI_SRCS := sw/cli/flowgate.c $(sort $(wildcard sw/cli/fg_cmd_*.c sw/cli/fg_cli_*.c))
$(BIN)/flowgate: $(SW_CLI_SRCS) sw/cli/fg_cli.h $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a $(SW_HDRS)
	@mkdir -p $(BIN)
	$(CC) $(SW_CFLAGS) -Isw/cli -Icmodel $(SW_CLI_SRCS) $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a -lm -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
$(BIN)/fg_sw_unit: sw/tests/test_sw.c $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a $(SW_HDRS) $(CMODEL_HDRS)
	@mkdir -p $(BIN)
	$(CC) $(SW_CFLAGS) -Icmodel $< $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a -lm -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@

$(BIN)/fg_parse_unit: sw/tests/test_parse.c $(BUILD)/lib/libfgsw.a $(SW_HDRS)
	@mkdir -p $(BIN)
	$(CC) $(SW_CFLAGS) $< $(BUILD)/lib/libfgsw.a -lm -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@

$(BIN)/fg_calc_property: sw/tests/test_calc_property.c $(BUILD)/lib/libfgsw.a $(SW_HDRS)
	@mkdir -p $(BIN)
	$(CC) $(SW_CFLAGS) $< $(BUILD)/lib/libfgsw.a -lm -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@

.PHONY: sw
sw: $(BIN)/flowgate $(BIN)/fg_sw_unit $(BIN)/fg_parse_unit $(BIN)/fg_calc_property
TEST_DEPS += $(BIN)/flowgate $(BIN)/fg_sw_unit $(BIN)/fg_parse_unit $(BIN)/fg_calc_property

# The driver round-trip (verif/drv): random legal configurations applied through fg_drv and
# read back over the raw bus, against the C CSR models (here) and the Verilated CSR RTL in
# lock-step with them (mk/drv.mk).
$(BIN)/fg_drv_roundtrip: verif/drv/drv_roundtrip_model.c verif/drv/fg_roundtrip.c verif/drv/fg_roundtrip.h \
    $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a $(SW_HDRS) $(CMODEL_HDRS)
	@mkdir -p $(BIN)
	$(CC) $(SW_CFLAGS) -Icmodel -Iverif/drv verif/drv/drv_roundtrip_model.c verif/drv/fg_roundtrip.c \
	  $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a -lm -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
TEST_DEPS += $(BIN)/fg_drv_roundtrip

# The CLI and the parser test built with AddressSanitizer + UndefinedBehaviorSanitizer (every
# source compiled in, the C models too), for the bad-input suite (sw/tests/bad_input_test.py):
# a crash, overflow or undefined behaviour on bad input fails it instead of passing unseen.
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -O1
$(BUILD)/asan/bin/flowgate: $(SW_CLI_SRCS) sw/cli/fg_cli.h $(SW_LIB_SRCS) $(SW_HDRS) $(CMODEL_SRCS) $(CMODEL_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(SW_CFLAGS) $(SAN_FLAGS) -Isw/cli -Icmodel $(SW_CLI_SRCS) $(SW_LIB_SRCS) $(CMODEL_SRCS) -lm \
	  -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
$(BUILD)/asan/bin/fg_parse_unit: sw/tests/test_parse.c $(SW_LIB_SRCS) $(SW_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(SW_CFLAGS) $(SAN_FLAGS) $< $(SW_LIB_SRCS) -lm -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
# `flowgate sim` runs the simulator beside its own executable: link the (uninstrumented) one in.
$(BUILD)/asan/bin/fg_sim: | $(BUILD)/asan/bin/flowgate
	ln -sfn ../../bin/fg_sim $@
TEST_DEPS += $(BUILD)/asan/bin/flowgate $(BUILD)/asan/bin/fg_parse_unit $(BUILD)/asan/bin/fg_sim

# The switch core's own reaction to a pause (its C model) against the headroom calculator's
# core term (fg_headroom_core_cycles).
$(BIN)/fg_core_reaction: sw/tests/test_core_reaction.c sw/tests/fg_core_bus.h $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a $(SW_HDRS) $(CMODEL_HDRS)
	@mkdir -p $(BIN)
	$(CC) $(SW_CFLAGS) -Icmodel $< $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a -lm -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
TEST_DEPS += $(BIN)/fg_core_reaction
