/* comp_bank.c - C twin of rtl/switch/fg_comp_bank.v (see comp_bank.h). */
#include "switch/comp_bank.h"

#include <string.h>

const char *const fg_comp_cov_names[FG_COMP_COV_N] = {
    "adm",       "rel",  "overflow", "underflow", "fwd_adm_a", "fwd_adm_r", "fwd_rel_a", "fwd_rel_r",
    "fwd4",      "fwd5", "read",     "read_fwd",  "read_full", "close",     "early",     "bad"};

const char *fg_comp_cfg_error(const fg_comp_cfg *cfg)
{
    if (cfg->n_ports < 1 || cfg->n_ports > FG_COMP_MAX_PORTS)
        return "fg_comp: n_ports (N_PORTS) out of range, legal 1..32";
    if (cfg->n_prio < 1 || cfg->n_prio > FG_COMP_MAX_PRIO)
        return "fg_comp: n_prio (N_PRIO) out of range, legal 1..8";
    if (cfg->cw < 4 || cfg->cw > 24) return "fg_comp: cw (CW) out of range, legal 4..24";
    if (cfg->sw < 1 || cfg->sw >= cfg->cw) return "fg_comp: sw (SW) out of range, legal 1..cw-1";
    return NULL;
}

int fg_comp_reset(fg_comp_state *st, const fg_comp_cfg *cfg)
{
    if (fg_comp_cfg_error(cfg))
        return -1; /* state untouched: fg_comp_cfg_error says why */
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    return 0;
}

void fg_comp_outputs(const fg_comp_state *st, fg_comp_out *out) { *out = st->o; }

uint32_t fg_comp_value(const fg_comp_state *st, int o, int p, int i)
{
    const uint32_t k = (uint32_t)((o * st->cfg.n_prio + p) * st->cfg.n_ports + i);
    return (st->A[k] - st->R[k]) & (uint32_t)fg_mask(st->cfg.cw);
}

/* T4's value of a lane's read: the op three, four or five edges ahead (bits 0..2, the nearest
 * first), else the RAM word */
static uint32_t fg_comp_fwd(uint8_t hit, const uint32_t d[4], uint32_t q)
{
    return (hit & 1u) ? d[1] : (hit & 2u) ? d[2] : (hit & 4u) ? d[3] : q;
}

/* which of the ops in T3, T4, T5 name key (the read of T1 misses them) */
static uint8_t fg_comp_hits(const fg_comp_op lane[FG_COMP_STAGES], uint32_t key)
{
    return (uint8_t)((lane[3].v && lane[3].key == key ? 1u : 0u) | (lane[4].v && lane[4].key == key ? 2u : 0u) |
                     (lane[5].v && lane[5].key == key ? 4u : 0u));
}

void fg_comp_step(fg_comp_state *st, const fg_comp_in *in, fg_comp_out *out)
{
    const int N = st->cfg.n_ports, P = st->cfg.n_prio;
    const uint32_t m = (uint32_t)fg_mask(st->cfg.cw), nk = (uint32_t)(N * N * P);
    const bool ready = st->ready;
    fg_comp_op *a = st->a, *r = st->r;
    fg_comp_out o;
    memset(&o, 0, sizeof o);

    /* T5 from T4: the new words (the clamps) */
    const bool a_ovf = a[4].comp + a[4].s > m;
    const bool r_und = r[4].s > r[4].comp;
    const uint32_t a_new = a_ovf ? a[4].other : a[4].sum;
    const uint32_t r_new = r_und ? r[4].other : r[4].sum;
    o.stat_overflow = a[4].v && a_ovf;
    o.stat_underflow = r[4].v && r_und;
    if (a[4].v) FG_COV(st, FG_COMP_COV_ADM);
    if (r[4].v) FG_COV(st, FG_COMP_COV_REL);
    if (o.stat_overflow) FG_COV(st, FG_COMP_COV_OVERFLOW);
    if (o.stat_underflow) FG_COV(st, FG_COMP_COV_UNDERFLOW);

    /* T4 from T3: A and R with every op three or more edges ahead */
    const uint32_t a_av = fg_comp_fwd(a[3].fa, st->wa_d, a[3].qa);
    const uint32_t a_rv = fg_comp_fwd(a[3].fr, st->wr_d, a[3].qr);
#ifdef FG_INJECT_BUG
    /* Deliberate bug for the harness self-test: a release's read of A ignores the admission
     * three edges ahead (lost to the release's clamp). */
    const uint32_t r_av = fg_comp_fwd(r[3].fa & 6u, st->wa_d, r[3].qa);
#else
    const uint32_t r_av = fg_comp_fwd(r[3].fa, st->wa_d, r[3].qa);
#endif
    const uint32_t r_rv = fg_comp_fwd(r[3].fr, st->wr_d, r[3].qr);
    if (a[3].v && a[3].fa) FG_COV(st, FG_COMP_COV_FWD_ADM_A);
    if (a[3].v && a[3].fr) FG_COV(st, FG_COMP_COV_FWD_ADM_R);
    if (r[3].v && r[3].fa) FG_COV(st, FG_COMP_COV_FWD_REL_A);
    if (r[3].v && r[3].fr) FG_COV(st, FG_COMP_COV_FWD_REL_R);
    if ((a[3].v && ((a[3].fa | a[3].fr) & 2u)) || (r[3].v && ((r[3].fa | r[3].fr) & 2u)))
        FG_COV(st, FG_COMP_COV_FWD4);
    if ((a[3].v && ((a[3].fa | a[3].fr) & 4u)) || (r[3].v && ((r[3].fa | r[3].fr) & 4u)))
        FG_COV(st, FG_COMP_COV_FWD5);

    /* stat_close: the OR of T1's terms */
    o.stat_close = st->close_t != 0;
    if (o.stat_close) FG_COV(st, FG_COMP_COV_CLOSE);
    /* T1's terms: T0's op against T1's and T2's, and the two lanes of one edge */
    uint16_t ct = 0;
    if (a[0].v) {
        ct |= (a[1].v && a[1].key == a[0].key) ? 1u : 0u;
        ct |= (a[2].v && a[2].key == a[0].key) ? 2u : 0u;
        ct |= (r[1].v && r[1].key == a[0].key) ? 4u : 0u;
        ct |= (r[2].v && r[2].key == a[0].key) ? 8u : 0u;
        ct |= (r[0].v && r[0].key == a[0].key) ? 16u : 0u;
    }
    if (r[0].v) {
        ct |= (a[1].v && a[1].key == r[0].key) ? 32u : 0u;
        ct |= (a[2].v && a[2].key == r[0].key) ? 64u : 0u;
        ct |= (r[1].v && r[1].key == r[0].key) ? 128u : 0u;
        ct |= (r[2].v && r[2].key == r[0].key) ? 256u : 0u;
    }

    /* P-PFC's read: R4 from R3, R3 from R2 (the word written on R1 forwarded), R2 from R1,
     * R1 from R0 (the words before this edge's writes, and which of them this edge writes) */
    if (st->q_v[3]) {
        o.rs_valid = true;
        o.rs_eq = st->q_eq[3];
        bool full = false;
        for (int i = 0; i < N; i++) {
            o.rs_comp[i] = (st->q_a[3][i] - st->q_r[3][i]) & m;
            full = full || o.rs_comp[i] == m;
        }
        FG_COV(st, FG_COMP_COV_READ);
        if (full) FG_COV(st, FG_COMP_COV_READ_FULL);
    }
    st->q_v[3] = st->q_v[2];
    st->q_eq[3] = st->q_eq[2];
    for (int i = 0; i < N; i++) {
        st->q_a[3][i] = (st->q_fa[2] >> i & 1u) ? st->wa_d[2] : st->q_a[2][i];
        st->q_r[3][i] = (st->q_fr[2] >> i & 1u) ? st->wr_d[2] : st->q_r[2][i];
    }
    if (st->q_v[2] && (st->q_fa[2] || st->q_fr[2])) FG_COV(st, FG_COMP_COV_READ_FWD);
    st->q_v[2] = st->q_v[1];
    st->q_eq[2] = st->q_eq[1];
    st->q_fa[2] = st->q_fa[1];
    st->q_fr[2] = st->q_fr[1];
    memcpy(st->q_a[2], st->q_a[1], sizeof st->q_a[2]);
    memcpy(st->q_r[2], st->q_r[1], sizeof st->q_r[2]);
    st->q_v[1] = st->q_v[0];
    st->q_eq[1] = st->q_eq[0];
    for (int i = 0; i < N; i++) { /* (a read of an EQ >= N * P was dropped at R0) */
        const uint32_t k = (st->q_eq[0] * (uint32_t)N + (uint32_t)i) % nk;
        st->q_a[1][i] = st->A[k];
        st->q_r[1][i] = st->R[k];
    }
    st->q_fa[1] = (a[5].v && a[5].eq == st->q_eq[0]) ? 1u << a[5].i : 0u;
    st->q_fr[1] = (r[5].v && r[5].eq == st->q_eq[0]) ? 1u << r[5].i : 0u;
    st->q_v[0] = in->rq_valid && ready && in->rq_eq < (uint32_t)(N * P);
    st->q_eq[0] = in->rq_eq;

    /* T1's reads of T0's ops (before this edge's write) and the ops they miss */
    fg_comp_op a1n = a[0], r1n = r[0];
    a1n.qa = st->A[a[0].key % nk];
    a1n.qr = st->R[a[0].key % nk];
    a1n.fa = fg_comp_hits(a, a[0].key);
    a1n.fr = fg_comp_hits(r, a[0].key);
    r1n.qa = st->A[r[0].key % nk];
    r1n.qr = st->R[r[0].key % nk];
    r1n.fa = fg_comp_hits(a, r[0].key);
    r1n.fr = fg_comp_hits(r, r[0].key);

    /* T6: T5's words land (after every read of this edge above) */
    if (a[5].v) st->A[a[5].key] = a[5].w;
    if (r[5].v) st->R[r[5].key] = r[5].w;
    for (int d = 3; d > 1; d--) {
        st->wa_d[d] = st->wa_d[d - 1];
        st->wr_d[d] = st->wr_d[d - 1];
    }
    st->wa_d[1] = a[5].w;
    st->wr_d[1] = r[5].w;

    /* the stages move on */
    a[5] = a[4];
    a[5].w = a_new;
    r[5] = r[4];
    r[5].w = r_new;
    a[4] = a[3];
    a[4].comp = (a_av - a_rv) & m;
    a[4].sum = (a_av + a[3].s) & m;
    a[4].other = (a_rv - 1u) & m;
    r[4] = r[3];
    r[4].comp = (r_av - r_rv) & m;
    r[4].sum = (r_rv + r[3].s) & m;
    r[4].other = r_av;
    a[3] = a[2];
    r[3] = r[2];
    a[2] = a[1];
    r[2] = r[1];
    a[1] = a1n;
    r[1] = r1n;
    st->close_t = ct;

    /* T0: the inputs */
    const uint32_t N_u = (uint32_t)N, P_u = (uint32_t)P;
    const bool adm_legal = in->adm_port < N_u && in->adm_dst < N_u && in->adm_prio < P_u;
    const bool rel_legal = in->rel_port < N_u && in->rel_src < N_u && in->rel_prio < P_u;
    o.stat_early = !ready && (in->adm_valid || in->rel_valid);
    o.stat_bad = ready && ((in->adm_valid && !adm_legal) || (in->rel_valid && !rel_legal));
    if (o.stat_early) FG_COV(st, FG_COMP_COV_EARLY);
    if (o.stat_bad) FG_COV(st, FG_COMP_COV_BAD);
    memset(&a[0], 0, sizeof a[0]);
    memset(&r[0], 0, sizeof r[0]);
    if (in->adm_valid && adm_legal && ready) { /* (an op not taken is never read) */
        a[0].v = true;
        a[0].eq = in->adm_dst * P_u + in->adm_prio;
        a[0].key = a[0].eq * N_u + in->adm_port;
        a[0].i = in->adm_port;
        a[0].s = in->adm_cells;
    }
    if (in->rel_valid && rel_legal && ready) {
        r[0].v = true;
        r[0].eq = in->rel_port * P_u + in->rel_prio;
        r[0].key = r[0].eq * N_u + in->rel_src;
        r[0].i = in->rel_src;
        r[0].s = in->rel_cells;
    }

    /* the sweep */
    if (!ready) {
        st->clr_k++;
        st->ready = st->clr_k == nk;
    }
    o.ready = st->ready;
    st->o = o;
    *out = o;
}
