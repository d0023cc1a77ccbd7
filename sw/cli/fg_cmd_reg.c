/* fg_cmd_reg.c - `flowgate reg`: read and write the registers of a board's switch core or test
 * system over its serial port (the UART register bridge; fg_serial.h, docs/boards.md), through
 * the same driver (fg_drv.h) that programs the C models, so names, indices, ranges and the
 * block's refusal of an illegal write are reported the same way. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg_cli.h"
#include "fg_drv.h"
#include "fg_reg_plan.h"
#include "fg_serial.h"

static const char *const CMD = "flowgate reg";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: flowgate reg --serial DEVICE [--baud N] [--block sw|tsys] [--json] read NAME...\n"
            "       flowgate reg --serial DEVICE [--baud N] [--block sw|tsys] [--json] write NAME VALUE\n"
            "       flowgate reg --serial DEVICE [--baud N] [--block sw|tsys] [--json] dump\n"
            "Reads and writes registers of a board top (make board; docs/boards.md) through its UART\n"
            "register bridge. --block sw (default): the switch core's registers (docs/registers.md);\n"
            "tsys: the on-board test system's (docs/registers_tsys.md). NAME as in those pages:\n"
            "TOTAL_CELLS, HEADROOM[2], XOFF[1][0], SRC_DST[3]. VALUE: decimal or 0x hex. --baud: the\n"
            "board's (115200 by default). Exit status: 0 done, 1 refused (an illegal write, a transport\n"
            "error), 2 bad command line.\n");
}

/* a transport error after a driver call: printed, exit 1 */
static int serial_failed(fg_serial *s)
{
    if (!s->failed) return 0;
    fprintf(stderr, "%s: %s\n", CMD, s->err);
    return 1;
}

int fg_cmd_reg(int argc, char **argv)
{
    const char *dev = NULL, *block = "sw";
    uint64_t baud = 115200;
    int json = 0, i = 1;
    fg_cli_seen seen = {{0}, 0};
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(a, "--json")) {
            json = 1;
            continue;
        }
        if (strcmp(a, "--serial") && strcmp(a, "--baud") && strcmp(a, "--block")) {
            fprintf(stderr, "%s: unknown option '%s'\n", CMD, a);
            usage(stderr);
            return FG_EXIT_USAGE;
        }
        if (fg_cli_once(CMD, &seen, a)) return FG_EXIT_USAGE;
        if (i + 1 >= argc) {
            fprintf(stderr, "%s: %s needs a value\n", CMD, a);
            return FG_EXIT_USAGE;
        }
        const char *v = argv[++i];
        if (!strcmp(a, "--serial")) {
            dev = v;
        } else if (!strcmp(a, "--baud")) {
            if (fg_cli_uint(CMD, a, v, 300, 3000000, 0, &baud)) return FG_EXIT_USAGE;
        } else {
            if (strcmp(v, "sw") && strcmp(v, "tsys")) {
                fprintf(stderr, "%s: --block expects sw or tsys, got '%s'\n", CMD, v);
                return FG_EXIT_USAGE;
            }
            block = v;
        }
    }
    if (!dev) {
        fprintf(stderr, "%s: --serial DEVICE is required (the board's USB-UART, e.g. /dev/ttyUSB0)\n", CMD);
        return FG_EXIT_USAGE;
    }
    if (i >= argc) {
        fprintf(stderr, "%s: say read, write or dump\n", CMD);
        usage(stderr);
        return FG_EXIT_USAGE;
    }
    const char *op = argv[i++];
    if (strcmp(op, "read") && strcmp(op, "write") && strcmp(op, "dump")) {
        fprintf(stderr, "%s: unknown operation '%s' (read, write or dump)\n", CMD, op);
        return FG_EXIT_USAGE;
    }
    if ((!strcmp(op, "read") && i >= argc) || (!strcmp(op, "write") && argc - i != 2) ||
        (!strcmp(op, "dump") && i != argc)) {
        fprintf(stderr, "%s: %s takes %s\n", CMD, op,
                !strcmp(op, "read") ? "one or more NAMEs" : !strcmp(op, "write") ? "NAME VALUE" : "nothing more");
        return FG_EXIT_USAGE;
    }
    uint64_t wval = 0;
    if (!strcmp(op, "write") && fg_cli_uint(CMD, "VALUE", argv[i + 1], 0, 0xFFFFFFFFull, 0, &wval))
        return FG_EXIT_USAGE;

    fg_serial s;
    char msg[300];
    if (fg_serial_open(&s, dev, (unsigned)baud, msg, sizeof msg)) {
        fprintf(stderr, "%s: %s\n", CMD, msg);
        return 1;
    }
    s.base = !strcmp(block, "tsys") ? FG_SERIAL_REGION_TSYS : FG_SERIAL_REGION_SW;
    fg_drv d;
    int rc = 0;
    if (fg_drv_open(&d, fg_serial_bus_read, fg_serial_bus_write, &s, msg, sizeof msg) || s.failed) {
        fprintf(stderr, "%s: %s\n", CMD, s.failed ? s.err : msg);
        fg_serial_close(&s);
        return 1;
    }
    if (json) printf("{\"block\": \"%s\", \"registers\": [", d.map->block);
    int first = 1;
    int skipped = 0; /* dump: registers of a core built without them (a BUILD bit 0) */
    if (!strcmp(op, "write")) {
        if (fg_drv_write(&d, argv[i], (uint32_t)wval, msg, sizeof msg)) {
            rc = serial_failed(&s) ? 1 : (fprintf(stderr, "%s: %s\n", CMD, msg), 1);
        } else if (!(rc = serial_failed(&s))) {
            if (json) printf("{\"name\": \"%s\", \"written\": %llu}", argv[i], (unsigned long long)wval), first = 0;
            else printf("%s <- 0x%08llX (%llu)\n", argv[i], (unsigned long long)wval, (unsigned long long)wval);
        }
    } else {
        /* read: the names given; dump: every register of the map, each array entry */
        fg_reg_shape shape = {d.n_ports, d.n_prio, d.cw, d.absent};
        size_t cap = (size_t)argc + 1;
        const char *last = "";
        for (size_t k = 0; !strcmp(op, "dump") && k < d.map->n_fields; k++) {
            if (strcmp(d.map->fields[k].reg, last)) cap += (size_t)fg_reg_field_count(&d.map->fields[k], &shape);
            last = d.map->fields[k].reg;
        }
        char(*names)[48] = calloc(cap, sizeof *names);
        if (!names) {
            fprintf(stderr, "%s: out of memory\n", CMD);
            fg_serial_close(&s);
            return 1;
        }
        size_t nn = 0;
        if (!strcmp(op, "read")) {
            for (; i < argc; i++) snprintf(names[nn++], sizeof names[0], "%s", argv[i]);
        }
        last = "";
        for (size_t k = 0; !strcmp(op, "dump") && k < d.map->n_fields; k++) {
            const fg_reg_field_desc *f = &d.map->fields[k];
            if (!strcmp(f->reg, last)) continue;
            last = f->reg;
            if (!fg_drv_built(&d, f)) {
                skipped++;
                continue;
            }
            int cnt = fg_reg_field_count(f, &shape);
            for (int e = 0; e < cnt; e++) {
                if (f->array == FG_REG_ARRAY_NONE) snprintf(names[nn++], sizeof names[0], "%s", f->reg);
                else snprintf(names[nn++], sizeof names[0], "%s[%d]", f->reg, e);
            }
        }
        if (skipped && !json)
            fprintf(stderr,
                    "%s: %d registers left out: this core is built without them (BUILD.stats = 0 leaves out the "
                    "counters, an engine's BUILD bit 0 its registers)\n",
                    CMD, skipped);
        for (size_t k = 0; k < nn && rc == 0; k++) {
            uint32_t v = 0, addr = 0;
            if (fg_drv_lookup(&d, names[k], &addr, msg, sizeof msg) || fg_drv_read(&d, names[k], &v, msg, sizeof msg)) {
                fprintf(stderr, "%s: %s\n", CMD, msg);
                rc = 1;
            } else if (!(rc = serial_failed(&s))) {
                if (json) {
                    printf("%s{\"name\": ", first ? "" : ", ");
                    fg_cli_json_string(stdout, names[k]);
                    printf(", \"address\": \"0x%04X\", \"value\": %u}", (unsigned)(s.base + addr), v);
                    first = 0;
                } else {
                    printf("%-20s 0x%04X = 0x%08X (%u)\n", names[k], (unsigned)(s.base + addr), v, v);
                }
            }
        }
        free(names);
    }
    if (json) printf("], \"skipped\": %d, \"ok\": %s}\n", skipped, rc ? "false" : "true");
    fg_serial_close(&s);
    return rc;
}
