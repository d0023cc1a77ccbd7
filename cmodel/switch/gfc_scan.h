/* gfc_scan.h - C twin of rtl/switch/fg_gfc_scan.v: buffer-based GFC message generation for
 * all ingress PGs through one stage engine that visits the PGs in turn (docs/blocks/gfc_scan.md).
 *
 * The stage of a PG is fg_gfc_stage_of(q, B_1, B_m) (gfc_stage.h), 0 when its priority's
 * enable is low. The occupancy comes as a stream, one PG per edge (occ_in, for PG occ_pg; the
 * RTL visits PG (c - phase) mod npg c edges after reset and takes occ_in as that PG's, so a
 * stream in another order is a mismatch in the lock-step: the model follows occ_pg); the
 * visit of PG k that starts on edge e0 samples occ_in and B_1, B_m, the enables on edge 1,
 * moves the sample on on edge 2, decides on edges 3-5 with enable[k % n_prio] (the PG's stage
 * register is read as it stands after edge 5) and writes the stage on edge 6, setting the
 * PG's request bit when the stage changed. req_ack[i] clears the pending requests of port i's
 * PGs on its edge (a change written on the same edge stays pending). The pipeline always
 * runs: after reset, stage n holds PG (0 - n - phase) mod npg with occupancy 0 and stage 0.
 * All state lives in the struct. */
#ifndef FG_GFC_SCAN_H
#define FG_GFC_SCAN_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_GFC_SCAN_MAX_PORTS 32
#define FG_GFC_SCAN_MAX_PRIO 8
#define FG_GFC_SCAN_MAX_PG (FG_GFC_SCAN_MAX_PORTS * FG_GFC_SCAN_MAX_PRIO)
#define FG_GFC_SCAN_WRITE_EDGE 6 /* edges from a visit's start to its stage write */

enum {
    FG_GFC_SCAN_COV_DISABLED,        /* a visit with the priority's enable low */
    FG_GFC_SCAN_COV_BELOW_B1,        /* q < B_1 */
    FG_GFC_SCAN_COV_STAGED,          /* B_1 <= q < B_m */
    FG_GFC_SCAN_COV_TOP,             /* q >= B_m */
    FG_GFC_SCAN_COV_OCC_WIDE,        /* q >= 2^CW (the occupancy's top bit) */
    FG_GFC_SCAN_COV_B1_ABOVE_BM,     /* B_1 > B_m */
    FG_GFC_SCAN_COV_UP,              /* a stage written higher */
    FG_GFC_SCAN_COV_DOWN,            /* a stage written lower */
    FG_GFC_SCAN_COV_TAKEN,           /* a pending request taken */
    FG_GFC_SCAN_COV_TAKEN_AND_NEW,   /* taken while a change of the same PG is written */
    FG_GFC_SCAN_COV_REPLACED,        /* a change while the PG's request is pending */
    FG_GFC_SCAN_COV_N
};
extern const char *const fg_gfc_scan_cov_names[FG_GFC_SCAN_COV_N];

typedef struct {
    int n_ports; /* RTL parameter N_PORTS, 1..32 */
    int n_prio;  /* RTL parameter N_PRIO, 1..8 */
    int cw;      /* RTL parameter CW, 2..24 (occupancy cw + 1 bits) */
    int phase;   /* RTL parameter PHASE, >= 0: the stream names PG (c - phase) mod npg */
} fg_gfc_scan_cfg;

typedef struct {
    uint8_t cfg_enable;                 /* bit p: GFC on for priority p */
    uint32_t cfg_b1, cfg_bm;            /* cw bits */
    uint32_t occ_in; /* the occupancy of PG occ_pg (i * n_prio + p), cw + 1 bits */
    int occ_pg;      /* the PG occ_in belongs to */
    bool req_ack[FG_GFC_SCAN_MAX_PORTS];
} fg_gfc_scan_in;

typedef struct {
    uint8_t stage[FG_GFC_SCAN_MAX_PG];
    bool req_pend[FG_GFC_SCAN_MAX_PG];
} fg_gfc_scan_out;

typedef struct {
    fg_gfc_scan_cfg cfg;
    int pg[6];      /* the PG of stage n = 1..5 (pg[0] unused) */
    uint32_t s1_q, s1_b1, s1_bm; /* occupancy and B_1, B_m sampled on edge 1 */
    uint8_t s1_en;               /* the enables sampled on edge 1 */
    uint32_t s2_q, s2_b1, s2_bm; /* the same after edge 2 (the RTL: D formed) */
    uint8_t s2_en;
    uint32_t s3_q, s3_b1, s3_bm; /* after edge 3 (the RTL keeps D, B_m - q, q >= B_1, exists) */
    bool s3_en;                  /* the PG's enable */
    uint8_t s4_target; /* the RTL's compare and exists vectors and inb1, as the stage they give */
    uint8_t s5_target, s5_old;
    uint8_t stage[FG_GFC_SCAN_MAX_PG];
    bool pend[FG_GFC_SCAN_MAX_PG];
    uint64_t cov[FG_GFC_SCAN_COV_N];
} fg_gfc_scan_state;

/* NULL when cfg is legal, else a message naming the field and its legal range. */
const char *fg_gfc_scan_cfg_error(const fg_gfc_scan_cfg *cfg);
/* 0, or -1 with the state untouched on an illegal cfg. */
int fg_gfc_scan_reset(fg_gfc_scan_state *st, const fg_gfc_scan_cfg *cfg);
void fg_gfc_scan_step(fg_gfc_scan_state *st, const fg_gfc_scan_in *in, fg_gfc_scan_out *out);
void fg_gfc_scan_outputs(const fg_gfc_scan_state *st, fg_gfc_scan_out *out);

#ifdef __cplusplus
}
#endif
#endif
