// fg_sim_stub_core.cpp - a test double of the switch core for the simulator's own tests.
//
// It follows docs/ARCHITECTURE.md section 5 closely enough to exercise every path of the
// switch node (admission to reserve/shared/headroom and drops, per-PG pause with hysteresis,
// PFC frame requests with ack and refresh, received-pause timers, strict-priority grants
// gated by link_idle) and decodes the few registers the simulator writes. It is NOT a
// reference: the product's cores are cmodel/top/sw_core.c and rtl/top/fg_sw_core.v, which
// the system tests compare with each other. Keeping a double here lets links, hosts, the
// descriptor queues and the trace be tested on their own, and before the core exists.
// It honours tx_hold in its grants and shows PAUSE_QUANTA in tx_ctrl_time for every XOFF;
// it has no P-PFC and no ECN: tx_ctrl_pred, stat_pp and enq_mark stay 0. It has no GFC either:
// GFC_CTRL is ignored, rx_gfc_valid changes nothing, and cfg_gfc_enable, tx_ctrl_gfc,
// gfc_pg_stage, gfc_rx_stage and gfc_hold stay 0 (GFC scenarios need --switch cmodel|rtl).
#include <cstring>

#include "csr/csr_sw.h"
#include "fg_sim_core.h"
#include "fg_sim_regs.h"

namespace fg {
namespace sim {
namespace {

class StubCore : public CoreBackend {
   public:
    explicit StubCore(const fg_sw_core_cfg& cfg) : c_(cfg) { reset(); }
    std::string name() const override { return "stub"; }
    void reset() override;
    void step(const fg_sw_core_in& in, fg_sw_core_out& out) override;

   private:
    uint32_t sat0(int64_t v) const { return v < 0 ? 0u : uint32_t(v); }
    fg_sw_core_cfg c_;
    // registers
    uint32_t total_, reserve_, resume_offset_, lossless_, pause_quanta_, refresh_;
    bool pfc_enable_, err_;
    uint32_t err_addr_;
    int bus_wait_;  // edges until the register bus takes the next access (0: ready)
    uint32_t headroom_[FG_SW_MAX_PORTS], alpha_[FG_SW_MAX_PORTS], qstep_[FG_SW_MAX_PORTS];
    // state
    fg_sw_core_out o_;
    uint32_t pool_, thr_[FG_SW_MAX_PORTS];
    bool pend_[FG_SW_MAX_PORTS][8], pend_xoff_[FG_SW_MAX_PORTS][8];
    uint32_t refresh_cnt_[FG_SW_MAX_PORTS][8];
    uint32_t timer_[FG_SW_MAX_PORTS][8];
    bool prev_paused_[FG_SW_MAX_PORTS][8];
};

void StubCore::reset() {
    total_ = (1u << c_.cw) - 1;
    reserve_ = 16;
    resume_offset_ = 48;
    lossless_ = (1u << c_.n_prio) - 1;
    pause_quanta_ = 0xFFFF;
    refresh_ = 32768;
    pfc_enable_ = true;
    err_ = false;
    bus_wait_ = 0;
    err_addr_ = 0;
    for (int i = 0; i < FG_SW_MAX_PORTS; i++) headroom_[i] = 256, alpha_[i] = 3, qstep_[i] = 0x10000;
    std::memset(&o_, 0, sizeof o_);
    pool_ = 0;
    std::memset(thr_, 0, sizeof thr_);
    std::memset(pend_, 0, sizeof pend_);
    std::memset(pend_xoff_, 0, sizeof pend_xoff_);
    std::memset(refresh_cnt_, 0, sizeof refresh_cnt_);
    std::memset(timer_, 0, sizeof timer_);
    std::memset(prev_paused_, 0, sizeof prev_paused_);
}

void StubCore::step(const fg_sw_core_in& in, fg_sw_core_out& out) {
    const int N = c_.n_ports, P = c_.n_prio;
    const fg_sw_core_out r = o_;  // registered values of the previous edge
    fg_sw_core_out n = r;
    // Register bus: an access is taken when ready and busies the bus for as many edges as the
    // real register block (FG_CSR_SW_LATENCY); the double applies it at once.
    const bool take = bus_wait_ == 0 && (in.csr_wr || in.csr_rd);
    bus_wait_ = take ? FG_CSR_SW_LATENCY : bus_wait_ > 0 ? bus_wait_ - 1 : 0;
    n.csr_ready = bus_wait_ == 0;
    if (take && in.csr_wr) {
        int a = in.csr_addr;
        uint32_t d = in.csr_wdata;
        if (a == (int)FG_REG_CTRL_ADDR) pfc_enable_ = (d & kCtrlPfcEnable) != 0;
        else if (a == (int)FG_REG_TOTAL_CELLS_ADDR) total_ = d;
        else if (a == (int)FG_REG_RESERVE_ADDR) reserve_ = d;
        else if (a == (int)FG_REG_RESUME_OFFSET_ADDR) resume_offset_ = d;
        else if (a == (int)FG_REG_LOSSLESS_MASK_ADDR) lossless_ = d;
        else if (a == (int)FG_REG_PAUSE_QUANTA_ADDR) pause_quanta_ = d;
        else if (a == (int)FG_REG_REFRESH_CYCLES_ADDR) refresh_ = d;
        else if (a >= (int)FG_REG_HEADROOM_BASE && a < (int)FG_REG_HEADROOM_BASE + 4 * N) headroom_[(a - (int)FG_REG_HEADROOM_BASE) / 4] = d;
        else if (a >= (int)FG_REG_ALPHA_SHIFT_BASE && a < (int)FG_REG_ALPHA_SHIFT_BASE + 4 * N) alpha_[(a - (int)FG_REG_ALPHA_SHIFT_BASE) / 4] = d;
        else if (a >= (int)FG_REG_QUANTA_STEP_BASE && a < (int)FG_REG_QUANTA_STEP_BASE + 4 * N) qstep_[(a - (int)FG_REG_QUANTA_STEP_BASE) / 4] = d;
        else if (!err_) err_ = true, err_addr_ = uint32_t(a) | 1u << 16;
    }
    if (take && in.csr_rd) {
        if (in.csr_addr == FG_REG_PARAMS_ADDR) n.csr_rdata = uint32_t(N | P << 8 | c_.cw << 16 | 32 << 24);
        else if (in.csr_addr == FG_REG_ERR_ADDR_ADDR) n.csr_rdata = err_addr_;
        else n.csr_rdata = 0;
    }
    n.cfg_error = err_;
    n.cfg_pause_quanta = uint16_t(pause_quanta_);
    // Buffer manager: admission and release from the registered counters.
    int nl = 0;
    for (int p = 0; p < P; p++) nl += (lossless_ >> p) & 1u;
    uint32_t tot_hd = 0;
    for (int i = 0; i < N; i++) tot_hd += headroom_[i] * nl;
    int64_t shared = r.shared_used;
    for (int i = 0; i < N; i++) {
        n.enq_accept[i] = n.enq_drop[i] = n.stat_drop[i] = n.stat_violation[i] = false;
        n.enq_where[i] = 0;
        if (!in.enq_valid[i]) continue;
        int p = in.enq_prio[i], o = in.enq_dst[i], s = in.enq_cells[i];
        uint32_t ing = r.ingress_cnt[i][p], hd = r.hdrm_cnt[i][p];
        bool ok = true;
        if (ing + s <= reserve_) {
            n.ingress_cnt[i][p] += s;
        } else if (ing + s - reserve_ <= thr_[i]) {
            n.ingress_cnt[i][p] += s;
            shared += (ing >= reserve_) ? s : ing + s - reserve_;
            n.enq_where[i] = 1;
        } else if (((lossless_ >> p) & 1u) && hd + s <= headroom_[i]) {
            n.hdrm_cnt[i][p] += s;
            n.enq_where[i] = 2;
        } else {
            ok = false;
            n.enq_where[i] = 3;
            if ((lossless_ >> p) & 1u) n.stat_violation[i] = true;
            else n.stat_drop[i] = true;
        }
        n.enq_accept[i] = ok;
        n.enq_drop[i] = !ok;
        if (ok) n.egress_cnt[o][p] += s;
    }
    for (int o = 0; o < N; o++) {
        if (!in.deq_valid[o]) continue;
        int p = in.deq_prio[o], i = in.deq_src[o], s = in.deq_cells[o];
        uint32_t hd = r.hdrm_cnt[i][p], ing = r.ingress_cnt[i][p];
        uint32_t rh = s < (int)hd ? s : hd;
        uint32_t rest = s - rh;
        uint32_t sh_held = ing > reserve_ ? ing - reserve_ : 0;
        uint32_t rs = rest < sh_held ? rest : sh_held;
        n.hdrm_cnt[i][p] -= rh;
        n.ingress_cnt[i][p] = sat0(int64_t(n.ingress_cnt[i][p]) - rest);
        shared -= rs;
        n.egress_cnt[o][p] = sat0(int64_t(n.egress_cnt[o][p]) - s);
    }
    n.shared_used = sat0(shared);
    // Pause per PG from the registered state.
    for (int i = 0; i < N; i++)
        for (int p = 0; p < P; p++) {
            bool ll = (lossless_ >> p) & 1u;
            uint32_t sh = r.ingress_cnt[i][p] > reserve_ ? r.ingress_cnt[i][p] - reserve_ : 0;
            uint32_t hd = r.hdrm_cnt[i][p];
            bool pz = r.paused[i][p];
            if (!ll) pz = false;
            else if (!pz && (hd > 0 || sh >= thr_[i])) pz = true;
            else if (pz && hd == 0 && (sh == 0 || sh + resume_offset_ <= thr_[i])) pz = false;
            n.paused[i][p] = pz;
        }
    // PFC frame requests per port (from the registered paused bits).
    for (int i = 0; i < N; i++) {
        uint8_t cev = 0, xoff = 0;
        for (int p = 0; p < P; p++) {
            bool taken = in.tx_ctrl_ack[i] && ((r.tx_ctrl_cev[i] >> p) & 1u);
            if (taken) {
                pend_[i][p] = false;
                if (pend_xoff_[i][p]) refresh_cnt_[i][p] = refresh_;
            }
            bool now = r.paused[i][p], was = prev_paused_[i][p];
            if (now && !was) pend_[i][p] = true, pend_xoff_[i][p] = true, refresh_cnt_[i][p] = refresh_;
            else if (!now && was) pend_[i][p] = true, pend_xoff_[i][p] = false;
            else if (now && !taken && refresh_cnt_[i][p] && --refresh_cnt_[i][p] == 0)
                pend_[i][p] = true, pend_xoff_[i][p] = true;
            prev_paused_[i][p] = now;
            if (!pfc_enable_) pend_[i][p] = false;
            if (pend_[i][p]) cev |= uint8_t(1u << p), xoff |= uint8_t(pend_xoff_[i][p] << p);
        }
        n.tx_ctrl_valid[i] = cev != 0;
        n.tx_ctrl_cev[i] = cev;
        n.tx_ctrl_xoff[i] = xoff;
        // No predictive pauses here: every XOFF carries PAUSE_QUANTA (tx_ctrl_pred = 0).
        for (int p = 0; p < 8; p++) n.tx_ctrl_time[i][p] = uint16_t((xoff >> p) & 1u ? pause_quanta_ : 0u);
        n.tx_ctrl_pred[i] = 0;
    }
    // Received-pause timers and egress grants.
    for (int o = 0; o < N; o++) {
        for (int p = 0; p < 8; p++) {
            if (in.rx_pfc_valid[o] && ((in.rx_pfc_cev[o] >> p) & 1u)) timer_[o][p] = uint32_t(in.rx_pfc_time[o][p]) << 16;
            else timer_[o][p] = timer_[o][p] > qstep_[o] ? timer_[o][p] - qstep_[o] : 0;
            if (p < P) n.tx_paused[o][p] = timer_[o][p] != 0;
        }
        n.grant_valid[o] = false;
        if (in.link_idle[o] && !r.grant_valid[o]) {
            for (int p = P - 1; p >= 0; p--) {
                if (r.egress_cnt[o][p] > 0 && !r.tx_paused[o][p] && !in.tx_hold[o][p]) {
                    n.grant_valid[o] = true;
                    n.grant_prio[o] = uint8_t(p);
                    break;
                }
            }
        }
    }
    // Registered thresholds for the next edge.
    int64_t pool = int64_t(total_) - tot_hd - int64_t(reserve_) * N * P;
    uint32_t pool_prev = pool_;
    pool_ = sat0(pool);
    for (int i = 0; i < N; i++) thr_[i] = sat0(int64_t(pool_prev) - r.shared_used) >> alpha_[i];
    o_ = n;
    out = n;
}

}  // namespace

std::unique_ptr<CoreBackend> make_stub_core(const fg_sw_core_cfg& cfg) {
    return std::unique_ptr<CoreBackend>(new StubCore(cfg));
}

}  // namespace sim
}  // namespace fg
