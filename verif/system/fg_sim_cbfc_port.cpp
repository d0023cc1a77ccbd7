// fg_sim_cbfc_port.cpp - the switch node's credit-based ports (see fg_sim_cbfc_port.h).
#include "fg_sim_cbfc_port.h"

#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <utility>

#if __has_include("mac/cbfc_rx.h") && __has_include("mac/cbfc_tx.h")
#define FG_SIM_HAVE_CBFC 1
extern "C" {
#include "mac/cbfc_rx.h"
#include "mac/cbfc_tx.h"
}
#endif
#if __has_include("mac/gfc_time.h") && __has_include("common/rate_limiter.h")
#define FG_SIM_HAVE_GFC_TIME 1
extern "C" {
#include "common/rate_limiter.h"
#include "mac/gfc_time.h"
}
#endif

namespace fg {
namespace sim {

namespace {
// The core's tx_hold input (helper "swint") may or may not be in this build's struct.
template <typename T, typename = void>
struct HasTxHold : std::false_type {};
template <typename T>
struct HasTxHold<T, std::void_t<decltype(std::declval<T&>().tx_hold)>> : std::true_type {};

template <typename T>
bool set_hold(T& in, int o, int p, bool hold) {
    if constexpr (HasTxHold<T>::value) {
        in.tx_hold[o][p] = hold;
        return true;
    } else {
        (void)in, (void)o, (void)p, (void)hold;
        return false;
    }
}
}  // namespace

bool CbfcPorts::available() {
#ifdef FG_SIM_HAVE_CBFC
    return true;
#else
    return false;
#endif
}

#ifdef FG_SIM_HAVE_CBFC
struct CbfcPorts::Impl {
    fg_cbfc_rx_cfg rx_cfg;
    fg_cbfc_tx_cfg tx_cfg;
    std::vector<fg_cbfc_rx_state> rx;  // [i*P+p]
    std::vector<fg_cbfc_tx_state> tx;
    std::vector<fg_cbfc_rx_out> rx_out;
    std::vector<fg_cbfc_tx_out> tx_out;
    std::vector<uint16_t> partial;     // cells of the packet being received, before this edge
    std::vector<uint16_t> rx_blocks;   // blocks received this edge
    std::vector<bool> rx_last;         // ... and they end a packet (enqueued on this edge)
    std::vector<bool> fccl_in_valid;   // FCCL received this edge
    std::vector<uint16_t> fccl_in;
    std::vector<uint16_t> send_blocks; // packet started this edge
    std::vector<bool> upd_pending;     // per port
    std::vector<uint16_t> upd_fccl;    // per port and VL [o*8+p]
    std::vector<uint8_t> upd_mask;     // per port
#ifdef FG_SIM_HAVE_GFC_TIME
    fg_gfc_time_cfg gt_cfg;
    fg_rate_limiter_cfg rl_cfg;
    std::vector<fg_gfc_time_state> gt;  // [o*P+p]
    std::vector<fg_gfc_time_out> gt_out;
    std::vector<fg_rate_limiter_state> rl;
    std::vector<fg_rate_limiter_out> rl_out;
#endif
};
#else
struct CbfcPorts::Impl {};
#endif

CbfcPorts::CbfcPorts(const CbfcPortConfig& cfg, int n_ports, int n_prio)
    : impl_(nullptr),
      cfg_(cfg),
      N_(n_ports),
      P_(n_prio),
      held_(size_t(n_ports) * n_prio, 0),
      free_(size_t(n_ports) * n_prio, 0),
      starved_(size_t(n_ports) * n_prio, false),
      rate_held_(size_t(n_ports) * n_prio, false) {
    if (cfg_.port_cbfc.size() != size_t(n_ports))
        throw std::invalid_argument("CBFC port modes: " + std::to_string(cfg_.port_cbfc.size()) + " given for " +
                                    std::to_string(n_ports) + " ports");
    if (cfg_.t_fc < 1 || cfg_.t_fc > 65535)
        throw std::invalid_argument("--tfc " + std::to_string(cfg_.t_fc) + ": legal range 1..65535");
    if (cfg_.allotment < 1 || cfg_.allotment > 2047)
        throw std::invalid_argument("--allot " + std::to_string(cfg_.allotment) +
                                    ": legal range 1..2047 (FCCL - FCTBS < 2048, SPEC 3 / IB)");
    if (cfg_.partner_capacity < 1 || cfg_.partner_capacity > 4095)
        throw std::invalid_argument("CBFC partner capacity " + std::to_string(cfg_.partner_capacity) +
                                    ": legal range 1..4095");
    if (cfg_.vl_mask >> n_prio)
        throw std::invalid_argument("CBFC VL mask names a priority >= " + std::to_string(n_prio));
    if (cfg_.gfc_time) {
#ifndef FG_SIM_HAVE_GFC_TIME
        throw std::invalid_argument("time-based GFC needs the C models cmodel/mac/gfc_time.h and "
                                    "cmodel/common/rate_limiter.h, not in this build");
#endif
        if (cfg_.gfc_period < 1 || cfg_.gfc_period > 0xFFFFFF)
            throw std::invalid_argument("GFC period " + std::to_string(cfg_.gfc_period) + ": legal range 1..16777215 cycles");
        if (cfg_.gfc_recip < 1 || cfg_.gfc_recip > 0xFFFFFF)
            throw std::invalid_argument("GFC reciprocal " + std::to_string(cfg_.gfc_recip) + ": legal range 1..16777215");
        if (cfg_.rl_depth < 1 || cfg_.rl_depth > 65535)
            throw std::invalid_argument("GFC rate-limiter depth " + std::to_string(cfg_.rl_depth) +
                                        ": legal range 1..65535 cells");
    }
#ifdef FG_SIM_HAVE_CBFC
    impl_ = new Impl();
    Impl& m = *impl_;
    m.rx_cfg.sw = 8;
    m.rx_cfg.fw = 16;
    m.tx_cfg.sw = 8;
    const size_t E = size_t(N_) * P_;
    m.rx.resize(E);
    m.tx.resize(E);
    m.rx_out.resize(E);
    m.tx_out.resize(E);
    for (size_t e = 0; e < E; e++) {
        std::memset(&m.rx[e], 0, sizeof m.rx[e]);
        std::memset(&m.tx[e], 0, sizeof m.tx[e]);
        std::memset(&m.rx_out[e], 0, sizeof m.rx_out[e]);
        std::memset(&m.tx_out[e], 0, sizeof m.tx_out[e]);
        fg_cbfc_rx_reset(&m.rx[e], &m.rx_cfg);
        fg_cbfc_tx_reset(&m.tx[e], &m.tx_cfg);
        fg_cbfc_rx_outputs(&m.rx[e], &m.rx_out[e]);
        fg_cbfc_tx_outputs(&m.tx[e], &m.tx_out[e]);
    }
    m.partial.assign(E, 0);
    m.rx_blocks.assign(E, 0);
    m.rx_last.assign(E, false);
    m.fccl_in_valid.assign(E, false);
    m.fccl_in.assign(E, 0);
    m.send_blocks.assign(E, 0);
    m.upd_pending.assign(N_, false);
    m.upd_fccl.assign(size_t(N_) * kPrios, 0);
    m.upd_mask.assign(N_, 0);
#ifdef FG_SIM_HAVE_GFC_TIME
    m.gt_cfg.unused = 0;
    m.rl_cfg.sw = 8;
    m.rl_cfg.max_stage = 20;
    m.rl_cfg.dw = 16;
    m.gt.resize(E);
    m.gt_out.resize(E);
    m.rl.resize(E);
    m.rl_out.resize(E);
    for (size_t e = 0; e < E; e++) {
        std::memset(&m.gt[e], 0, sizeof m.gt[e]);
        std::memset(&m.rl[e], 0, sizeof m.rl[e]);
        fg_gfc_time_reset(&m.gt[e], &m.gt_cfg);
        fg_rate_limiter_reset(&m.rl[e], &m.rl_cfg);
        m.gt_out[e] = m.gt[e].r;
        m.rl_out[e].allow = true;  // after reset (rate_limiter.h)
        m.rl_out[e].stat_start = m.rl_out[e].stat_early = false;
    }
#endif
#else
    throw std::invalid_argument(
        "credit-based switch ports need the CBFC C models (cmodel/mac/cbfc_rx.h, cbfc_tx.h), not in this build");
#endif
}

CbfcPorts::~CbfcPorts() { delete impl_; }

bool CbfcPorts::cbfc(int port, int prio) const {
    return port >= 0 && port < N_ && prio >= 0 && prio < P_ && cfg_.port_cbfc[port] && ((cfg_.vl_mask >> prio) & 1u);
}

uint32_t CbfcPorts::credits_in_use(int o, int prio) const {
#ifdef FG_SIM_HAVE_CBFC
    if (cbfc(o, prio)) return impl_->tx_out[size_t(o) * P_ + prio].credits_in_use;
#else
    (void)o, (void)prio;
#endif
    return 0;
}

uint32_t CbfcPorts::gfc_rate(int o, int prio) const {
#ifdef FG_SIM_HAVE_GFC_TIME
    if (cfg_.gfc_time && cbfc(o, prio)) return impl_->gt_out[size_t(o) * P_ + prio].rate;
#else
    (void)o, (void)prio;
#endif
    return 0x10000;
}

void CbfcPorts::receive(int i, const WireSymbol& s) {
#ifdef FG_SIM_HAVE_CBFC
    Impl& m = *impl_;
    if (s.credit()) {
        if (!cfg_.port_cbfc[i]) return;  // not a credit port: ignored
        st_.updates_rx++;
        for (int p = 0; p < P_; p++)
            if (cbfc(i, p) && ((s.vl_mask >> p) & 1u)) {
                m.fccl_in_valid[size_t(i) * P_ + p] = true;
                m.fccl_in[size_t(i) * P_ + p] = s.fccl[p];
            }
    } else if (s.data() && cbfc(i, s.pkt.prio)) {
        m.rx_blocks[size_t(i) * P_ + s.pkt.prio] += 1;  // one block = one 64-byte cell
        if (s.last_cell()) m.rx_last[size_t(i) * P_ + s.pkt.prio] = true;
    }
#else
    (void)i, (void)s;
#endif
}

bool CbfcPorts::take_update(int o, WireSymbol& tx) {
#ifdef FG_SIM_HAVE_CBFC
    Impl& m = *impl_;
    if (!m.upd_pending[o]) return false;
    tx = WireSymbol::credit_update(m.upd_mask[o], &m.upd_fccl[size_t(o) * kPrios]);
    m.upd_pending[o] = false;
    m.upd_mask[o] = 0;
    st_.updates_tx++;
    return true;
#else
    (void)o, (void)tx;
    return false;
#endif
}

void CbfcPorts::started(int o, int prio, uint16_t cells) {
#ifdef FG_SIM_HAVE_CBFC
    if (cbfc(o, prio)) impl_->send_blocks[size_t(o) * P_ + prio] = cells;
#else
    (void)o, (void)prio, (void)cells;
#endif
}

void CbfcPorts::edge(const fg_sw_core_out& co, const std::function<uint16_t(int, int)>& head_cells,
                     fg_sw_core_in& in) {
#ifdef FG_SIM_HAVE_CBFC
    Impl& m = *impl_;
    std::vector<bool> port_blocked(N_, false);
    for (int i = 0; i < N_; i++) {
        for (int p = 0; p < P_; p++) {
            if (!cbfc(i, p)) continue;
            const size_t e = size_t(i) * P_ + p;
            // Receiver: what the port holds before this edge (enqueued + partly received).
            const uint32_t held = co.ingress_cnt[i][p] + m.partial[e];
            held_[e] = held;
            if (held > st_.peak_held) st_.peak_held = held;
            if (held > cfg_.allotment) st_.overruns++;
            fg_cbfc_rx_in ri;
            std::memset(&ri, 0, sizeof ri);
            ri.cfg_tfc = cfg_.t_fc;
            ri.rx_valid = m.rx_blocks[e] != 0;
            ri.rx_blocks = m.rx_blocks[e];
            ri.free_blocks = held >= cfg_.allotment ? 0 : cfg_.allotment - held;
            free_[e] = ri.free_blocks;
            fg_cbfc_rx_step(&m.rx[e], &ri, &m.rx_out[e]);
            if (m.rx_out[e].fccl_valid) {
                m.upd_pending[i] = true;
                m.upd_mask[i] |= uint8_t(1u << p);
                m.upd_fccl[size_t(i) * kPrios + p] = uint16_t(m.rx_out[e].fccl);
            }
            // Partial packet: cells received so far; a packet's last cell enqueues it on this
            // edge, and the core counts it from the next edge on.
            m.partial[e] = m.rx_last[e] ? 0 : uint16_t(m.partial[e] + m.rx_blocks[e]);
            m.rx_blocks[e] = 0;
            m.rx_last[e] = false;

            // Sender toward port i's downstream.
            const uint16_t head = head_cells(i, p);
            const uint32_t fccl_before = m.tx_out[e].fccl, fctbs_before = m.tx_out[e].fctbs;
            fg_cbfc_tx_in ti;
            std::memset(&ti, 0, sizeof ti);
            ti.cfg_rx_capacity = cfg_.partner_capacity;
            ti.fccl_valid = m.fccl_in_valid[e];
            ti.fccl_in = m.fccl_in[e];
            ti.head_valid = head != 0;
            ti.head_blocks = head;
            ti.send = m.send_blocks[e] != 0;
            ti.send_blocks = m.send_blocks[e];
            fg_cbfc_tx_step(&m.tx[e], &ti, &m.tx_out[e]);
            if (m.tx_out[e].stat_no_credit) st_.no_credit_starts++;
            bool rl_allow = true;
#ifdef FG_SIM_HAVE_GFC_TIME
            if (cfg_.gfc_time) {
                // Limiter first: its rate is the adjuster's registered output before this edge.
                fg_rate_limiter_in li;
                std::memset(&li, 0, sizeof li);
                li.cfg_token_mode = true;
                li.cfg_rate = m.gt_out[e].rate;
                li.cfg_depth = cfg_.rl_depth;
                li.pkt_start = m.send_blocks[e] != 0;
                li.pkt_cells = m.send_blocks[e];
                fg_rate_limiter_step(&m.rl[e], &li, &m.rl_out[e]);
                fg_gfc_time_in gi;
                std::memset(&gi, 0, sizeof gi);
                gi.cfg_enable = true;
                gi.cfg_period = cfg_.gfc_period;
                gi.cfg_recip = cfg_.gfc_recip;
                gi.fccl = uint16_t(fccl_before);
                gi.fctbs = uint16_t(fctbs_before);
                fg_gfc_time_step(&m.gt[e], &gi, &m.gt_out[e]);
                if (m.gt_out[e].stat_update) {
                    st_.gfc_updates++;
                    if (m.gt_out[e].rate < st_.gfc_min_rate) st_.gfc_min_rate = m.gt_out[e].rate;
                }
                rl_allow = m.rl_out[e].allow;
            }
#endif
            m.fccl_in_valid[e] = false;
            m.send_blocks[e] = 0;
            starved_[e] = head != 0 && m.tx_out[e].credits_avail < head;
            rate_held_[e] = head != 0 && m.tx_out[e].can_send && !rl_allow;
            if (rate_held_[e]) st_.rate_held_cycles++;
            const bool hold = head != 0 && (!m.tx_out[e].can_send || !rl_allow);
            if (head != 0 && !m.tx_out[e].can_send) st_.held_cycles++;
            if (!set_hold(in, i, p, hold) && hold) port_blocked[i] = true;
        }
    }
    for (int o = 0; o < N_; o++)
        if (port_blocked[o]) in.link_idle[o] = false;
#else
    (void)co, (void)head_cells, (void)in;
#endif
}

}  // namespace sim
}  // namespace fg
