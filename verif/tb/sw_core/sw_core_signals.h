// sw_core_signals.h - the one table that maps rtl/top/fg_sw_core.v's ports to the C
// model's fg_sw_core_in / fg_sw_core_out (cmodel/top/sw_core.h). Used by the lock-step test,
// by FgSwCoreRtl (the Verilated core behind the C API, for the system simulator) and by the
// bench. Port order and flattening follow docs/ARCHITECTURE.md section 4.
#pragma once

#include <type_traits>

#include "fg_lockstep.h"
extern "C" {
#include "top/sw_core.h"
}

namespace fg {

template <class V>
void sw_core_signals(FgSignals& sig, V* top, const fg_sw_core_cfg& c, fg_sw_core_in* in, fg_sw_core_out* out,
                     const bool* rst) {
    const int N = c.n_ports, P = c.n_prio, CW = c.cw, SW = c.sw, PW = index_width(c.n_ports);
    sig.input("rst", 1, &top->rst, [rst] { return (uint64_t)*rst; });
    sig.input("csr_wr", 1, &top->csr_wr, [in] { return (uint64_t)in->csr_wr; });
    sig.input("csr_rd", 1, &top->csr_rd, [in] { return (uint64_t)in->csr_rd; });
    sig.input("csr_addr", 12, &top->csr_addr, [in] { return (uint64_t)in->csr_addr; });
    sig.input("csr_wdata", 32, &top->csr_wdata, [in] { return (uint64_t)in->csr_wdata; });
    sig.input_array("enq_valid", 1, N, &top->enq_valid, [in](int i) { return (uint64_t)in->enq_valid[i]; });
    sig.input_array("enq_prio", 3, N, &top->enq_prio, [in](int i) { return (uint64_t)in->enq_prio[i]; });
    sig.input_array("enq_dst", PW, N, &top->enq_dst, [in](int i) { return (uint64_t)in->enq_dst[i]; });
    sig.input_array("enq_cells", SW, N, &top->enq_cells, [in](int i) { return (uint64_t)in->enq_cells[i]; });
    sig.input_array("enq_ect", 1, N, &top->enq_ect, [in](int i) { return (uint64_t)in->enq_ect[i]; });
    sig.input_array("deq_valid", 1, N, &top->deq_valid, [in](int i) { return (uint64_t)in->deq_valid[i]; });
    sig.input_array("deq_prio", 3, N, &top->deq_prio, [in](int i) { return (uint64_t)in->deq_prio[i]; });
    sig.input_array("deq_src", PW, N, &top->deq_src, [in](int i) { return (uint64_t)in->deq_src[i]; });
    sig.input_array("deq_cells", SW, N, &top->deq_cells, [in](int i) { return (uint64_t)in->deq_cells[i]; });
    sig.input_array("rx_pfc_valid", 1, N, &top->rx_pfc_valid,
                    [in](int i) { return (uint64_t)in->rx_pfc_valid[i]; });
    sig.input_array("rx_pfc_bad", 1, N, &top->rx_pfc_bad, [in](int i) { return (uint64_t)in->rx_pfc_bad[i]; });
    sig.input_array("rx_pfc_cev", 8, N, &top->rx_pfc_cev, [in](int i) { return (uint64_t)in->rx_pfc_cev[i]; });
    sig.input_array("rx_pfc_time", 16, N * 8, &top->rx_pfc_time,
                    [in](int k) { return (uint64_t)in->rx_pfc_time[k / 8][k % 8]; });
    sig.input_array("rx_gfc_valid", 1, N, &top->rx_gfc_valid,
                    [in](int i) { return (uint64_t)in->rx_gfc_valid[i]; });
    sig.input_array("tx_ctrl_ack", 1, N, &top->tx_ctrl_ack, [in](int i) { return (uint64_t)in->tx_ctrl_ack[i]; });
    sig.input_array("link_idle", 1, N, &top->link_idle, [in](int i) { return (uint64_t)in->link_idle[i]; });
    sig.input_array("tx_hold", 1, N * P, &top->tx_hold,
                    [in, P](int k) { return (uint64_t)in->tx_hold[k / P][k % P]; });

    // Outputs. Each also knows how to store the RTL's value into *out (FgSwCoreRtl).
#define FG_OUT1(name, w, expr)                                                                         \
    sig.output_array_rw(#name, w, 1, &top->name, [out](int) { return (uint64_t)(expr); },              \
                        [out](int, uint64_t v) { expr = (std::remove_reference_t<decltype(expr)>)v; })
#define FG_OUTN(name, w, n, expr)                                                                      \
    sig.output_array_rw(#name, w, n, &top->name, [out, P](int k) { (void)P; return (uint64_t)(expr); }, \
                        [out, P](int k, uint64_t v) { (void)P; expr = (std::remove_reference_t<decltype(expr)>)v; })
    FG_OUT1(csr_ready, 1, out->csr_ready);
    FG_OUT1(csr_rdata, 32, out->csr_rdata);
    FG_OUT1(cfg_error, 1, out->cfg_error);
    FG_OUT1(cfg_pause_quanta, 16, out->cfg_pause_quanta);
    FG_OUT1(cfg_src_mac, 48, out->cfg_src_mac);
    FG_OUT1(cfg_mode_8023x, 1, out->cfg_mode_8023x);
    FG_OUT1(cfg_gfc_enable, 1, out->cfg_gfc_enable);
    FG_OUTN(enq_ready, 1, N, out->enq_ready[k]);
    FG_OUTN(deq_ready, 1, N, out->deq_ready[k]);
    FG_OUTN(enq_accept, 1, N, out->enq_accept[k]);
    FG_OUTN(enq_drop, 1, N, out->enq_drop[k]);
    FG_OUTN(enq_where, 2, N, out->enq_where[k]);
    FG_OUTN(enq_mark, 1, N, out->enq_mark[k]);
    FG_OUTN(stat_drop, 1, N, out->stat_drop[k]);
    FG_OUTN(stat_violation, 1, N, out->stat_violation[k]);
    FG_OUTN(paused, 1, N * P, out->paused[k / P][k % P]);
    FG_OUTN(stat_pp, 1, N * P, out->stat_pp[k / P][k % P]);
    FG_OUTN(tx_ctrl_valid, 1, N, out->tx_ctrl_valid[k]);
    FG_OUTN(tx_ctrl_cev, 8, N, out->tx_ctrl_cev[k]);
    FG_OUTN(tx_ctrl_xoff, 8, N, out->tx_ctrl_xoff[k]);
    FG_OUTN(tx_ctrl_time, 16, N * 8, out->tx_ctrl_time[k / 8][k % 8]);
    FG_OUTN(tx_ctrl_pred, 8, N, out->tx_ctrl_pred[k]);
    FG_OUTN(tx_ctrl_gfc, 1, N, out->tx_ctrl_gfc[k]);
    FG_OUTN(gfc_pg_stage, 5, N * P, out->gfc_pg_stage[k / P][k % P]);
    FG_OUTN(gfc_rx_stage, 5, N * P, out->gfc_rx_stage[k / P][k % P]);
    FG_OUTN(gfc_hold, 1, N * P, out->gfc_hold[k / P][k % P]);
    FG_OUTN(tx_paused, 1, N * P, out->tx_paused[k / P][k % P]);
    FG_OUTN(grant_valid, 1, N, out->grant_valid[k]);
    FG_OUTN(grant_prio, 3, N, out->grant_prio[k]);
    FG_OUTN(ingress_cnt, CW, N * P, out->ingress_cnt[k / P][k % P]);
    FG_OUTN(hdrm_cnt, CW, N * P, out->hdrm_cnt[k / P][k % P]);
    FG_OUTN(egress_cnt, CW, N * P, out->egress_cnt[k / P][k % P]);
    FG_OUT1(shared_used, CW, out->shared_used);
#undef FG_OUT1
#undef FG_OUTN
}

}  // namespace fg
