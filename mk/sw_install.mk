# mk/sw_install.mk - what a firmware developer ships (docs/sw.md, "Shipping"): libflowgate, static
# and shared (the library sw/lib and the C models cmodel/ in one), its headers, flowgate.pc for
# pkg-config, the CLI and its man page, and the example program.
#   make install PREFIX=/opt/flowgate [DESTDIR=...]
# The example is also built here from the build tree and run by `make test` (sw.example).
# Read after mk/sw.mk (the names sort so): its source and object lists are used here.
PREFIX ?= /usr/local
FG_VERSION := 0.1.0
FG_SOVERSION := 0
LIBFG_SRCS = $(SW_LIB_SRCS) $(CMODEL_SRCS)

$(BUILD)/lib/libflowgate.a: $(SW_LIB_OBJS) $(CMODEL_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@.$$$$.tmp && ar rcs $@.$$$$.tmp $^ && mv -f $@.$$$$.tmp $@
$(BUILD)/lib/libflowgate.so.$(FG_VERSION): $(LIBFG_SRCS) $(SW_HDRS) $(CMODEL_HDRS)
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 -g -Wall -Wextra -Werror -fPIC -shared -Wl,-soname,libflowgate.so.$(FG_SOVERSION) \
	  -Isw/include -Icmodel $(LIBFG_SRCS) -lm -o $@.$$$$.tmp && mv -f $@.$$$$.tmp $@

$(BIN)/fg_example_incast: sw/examples/fg_example_incast.c $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a \
    $(SW_HDRS) $(CMODEL_HDRS)
	@mkdir -p $(BIN)
	$(CC) $(SW_CFLAGS) -Icmodel $< $(BUILD)/lib/libfgsw.a $(BUILD)/lib/libfgmodel.a -lm -o $@.$$$$.tmp && \
	  mv -f $@.$$$$.tmp $@
TEST_DEPS += $(BIN)/fg_example_incast

INSTALL_ROOT = $(DESTDIR)$(PREFIX)
.PHONY: install
install: $(BUILD)/lib/libflowgate.a $(BUILD)/lib/libflowgate.so.$(FG_VERSION) $(BIN)/flowgate
	install -d $(INSTALL_ROOT)/bin $(INSTALL_ROOT)/lib/pkgconfig $(INSTALL_ROOT)/include/flowgate \
	  $(INSTALL_ROOT)/share/man/man1 $(INSTALL_ROOT)/share/flowgate/examples
	install -m 755 $(BIN)/flowgate $(INSTALL_ROOT)/bin/flowgate
	install -m 644 $(BUILD)/lib/libflowgate.a $(INSTALL_ROOT)/lib/libflowgate.a
	install -m 755 $(BUILD)/lib/libflowgate.so.$(FG_VERSION) $(INSTALL_ROOT)/lib/libflowgate.so.$(FG_VERSION)
	ln -sf libflowgate.so.$(FG_VERSION) $(INSTALL_ROOT)/lib/libflowgate.so.$(FG_SOVERSION)
	ln -sf libflowgate.so.$(FG_SOVERSION) $(INSTALL_ROOT)/lib/libflowgate.so
	install -m 644 $(SW_HDRS) $(INSTALL_ROOT)/include/flowgate/
	@# the C models' headers keep their tree: they include each other as "common/fg_model.h"
	cd cmodel && for h in $$(find . -name '*.h' | sort); do \
	  install -D -m 644 "$$h" "$(INSTALL_ROOT)/include/flowgate/$$h" || exit 1; done
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(FG_VERSION)|g' sw/flowgate.pc.in \
	  > $(INSTALL_ROOT)/lib/pkgconfig/flowgate.pc
	install -m 644 sw/man/flowgate.1 $(INSTALL_ROOT)/share/man/man1/flowgate.1
	install -m 644 sw/examples/*.c $(INSTALL_ROOT)/share/flowgate/examples/
	@echo "install: flowgate $(FG_VERSION) in $(INSTALL_ROOT) (pkg-config: PKG_CONFIG_PATH=$(INSTALL_ROOT)/lib/pkgconfig)"
