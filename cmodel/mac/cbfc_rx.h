/* cbfc_rx.h - C twin of rtl/mac/fg_cbfc_rx.v: the receiver side of InfiniBand-style
 * credit-based flow control for one link (one VL), SPEC 3, docs/blocks/cbfc.md.
 *
 * On each edge:
 *   ABR   = (ABR + (rx_valid ? rx_blocks : 0)) mod 4096          blocks received
 *   emit  = fccl_req || timer == 0
 *   emit:   fccl = (ABR_before + min(free_blocks, 2047)) mod 4096, fccl_valid = 1,
 *           timer = T - 1
 *   else:   fccl_valid = 0, timer = min(timer - 1, T - 1)   (a shorter T_FC acts at once)
 * with T = max(cfg_tfc, 1). ABR_before and free_blocks are both "before this edge": the
 * environment gives the free space not yet counting this cycle's arriving blocks. The
 * advertised space is clamped to 2047 blocks (IB keeps outstanding credit below 2048), so
 * FCCL - FCTBS stays below 2048 and the mod-4096 difference at the sender is unambiguous.
 * After reset the timer is 0: the first edge sends an FCCL. */
#ifndef FG_CBFC_RX_H
#define FG_CBFC_RX_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_CBFC_MOD_MASK 0xFFFu /* 12-bit credit arithmetic */
#define FG_CBFC_MAX_ADV 2047u   /* largest advertised free space in blocks */

enum {
    FG_CBFC_RX_COV_PERIOD,       /* FCCL sent because the period ran out */
    FG_CBFC_RX_COV_REQUEST,      /* FCCL sent on fccl_req before the period ran out */
    FG_CBFC_RX_COV_WAIT,         /* counting down, no FCCL */
    FG_CBFC_RX_COV_SHORTENED,    /* timer cut to a smaller T_FC */
    FG_CBFC_RX_COV_TFC_ZERO,     /* cfg_tfc = 0 read as 1 */
    FG_CBFC_RX_COV_RX,           /* blocks received */
    FG_CBFC_RX_COV_ABR_WRAP,     /* ABR wrapped past 4095 */
    FG_CBFC_RX_COV_CLAMP,        /* free_blocks > 2047 clamped */
    FG_CBFC_RX_COV_FCCL_WRAP,    /* ABR + free wrapped past 4095 */
    FG_CBFC_RX_COV_RX_AND_FCCL,  /* blocks arrive on the edge an FCCL is sent */
    FG_CBFC_RX_COV_N
};
extern const char *const fg_cbfc_rx_cov_names[FG_CBFC_RX_COV_N];

typedef struct {
    int sw; /* RTL parameter SW: width of rx_blocks, 1..12 */
    int fw; /* RTL parameter FW: width of free_blocks, 1..24 */
} fg_cbfc_rx_cfg;

typedef struct {
    uint32_t cfg_tfc; /* 16 bits, cycles between FCCLs */
    bool rx_valid;
    uint32_t rx_blocks;   /* SW bits */
    uint32_t free_blocks; /* FW bits */
    bool fccl_req;
} fg_cbfc_rx_in;

typedef struct {
    bool fccl_valid;
    uint32_t fccl; /* 12 bits, held between messages */
    uint32_t abr;  /* 12 bits */
} fg_cbfc_rx_out;

typedef struct {
    fg_cbfc_rx_cfg cfg;
    uint32_t abr, timer, fccl;
    bool fccl_valid;
    uint64_t cov[FG_CBFC_RX_COV_N];
} fg_cbfc_rx_state;

/* NULL when cfg is legal, else a message naming the field and its legal range. */
const char *fg_cbfc_rx_cfg_error(const fg_cbfc_rx_cfg *cfg);
/* 0, or -1 with the state untouched on an illegal cfg (the function above says why). */
int fg_cbfc_rx_reset(fg_cbfc_rx_state *st, const fg_cbfc_rx_cfg *cfg);
void fg_cbfc_rx_step(fg_cbfc_rx_state *st, const fg_cbfc_rx_in *in, fg_cbfc_rx_out *out);
/* The registered outputs as they are now (after reset: all 0). */
void fg_cbfc_rx_outputs(const fg_cbfc_rx_state *st, fg_cbfc_rx_out *out);

#ifdef __cplusplus
}
#endif
#endif
