/* fg_roundtrip.h - the driver round-trip test (issue 20), shared by the harness over the C CSR
 * models (verif/drv/drv_roundtrip_model.c) and the one over the Verilated CSR RTL, run in
 * lock-step with the C model (verif/drv/tb_drv_roundtrip.cpp).
 *
 * fg_rt_run draws random legal configurations of the map the driver found (every read-write
 * field of every entry drawn over its whole range, then the map's rules repaired from the
 * generated rule table), applies each in turn (each from the state the previous one left) and
 * then reads every read-write register back over the raw bus - not through the driver - and
 * compares every field with what was asked for. ERR must read 0 after each apply.
 *
 * Modes: FG_RT_DRIVER is the test. The other two are mutations that must fail, so the check
 * is shown to catch what issue 20 reported: FG_RT_NAIVE_ORDER writes every register once at
 * its new value in address order (no lowering, enables not last), FG_RT_SKIP_LAST drops the
 * writes of the map's last read-write register (a driver whose write list stopped growing). */
#ifndef FG_ROUNDTRIP_H
#define FG_ROUNDTRIP_H

#include <stdint.h>
#include <stdio.h>

#include "fg_drv.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { FG_RT_DRIVER, FG_RT_NAIVE_ORDER, FG_RT_SKIP_LAST };

typedef struct {
    int configs;       /* configurations applied */
    int failed;        /* configurations with a mismatch, an ERR or a refused apply */
    long fields;       /* field entries compared */
} fg_rt_stats;

/* A random legal configuration for the driver's block into cfg (an fg_sw_config or
 * fg_nic_config; cfg must hold the instance parameters for the switch). */
void fg_rt_random_config(const fg_drv *d, void *cfg, uint64_t *rng);

/* Runs n configurations; prints one ROUNDTRIP MISMATCH line per failing configuration (the
 * first 10) to out. Returns 0 when every configuration round-tripped. */
int fg_rt_run(fg_drv *d, uint64_t seed, int n, int mode, FILE *out, fg_rt_stats *st);

#ifdef __cplusplus
}
#endif
#endif
