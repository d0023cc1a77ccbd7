// fg_sim_gfc.cpp - host end of a credit-based / time-based GFC link (see fg_sim_gfc.h).
#include "fg_sim_gfc.h"

#include <cstring>
#include <stdexcept>
#include <string>

extern "C" {
#include "common/rate_limiter.h"
#include "mac/cbfc_rx.h"
#include "mac/cbfc_tx.h"
#include "mac/gfc_time.h"
}

namespace fg {
namespace sim {

struct HostCreditGate::Impl {
    fg_cbfc_rx_cfg rx_cfg{};
    fg_cbfc_tx_cfg tx_cfg{};
    fg_gfc_time_cfg gt_cfg{};
    fg_rate_limiter_cfg rl_cfg{};
    fg_cbfc_rx_state rx{};
    fg_cbfc_tx_state tx{};
    fg_gfc_time_state gt{};
    fg_rate_limiter_state rl{};
    fg_cbfc_rx_out rx_out{};
    fg_cbfc_tx_out tx_out{};
    fg_gfc_time_out gt_out{};
    fg_rate_limiter_out rl_out{};
    uint16_t rx_blocks = 0;        // cells received this edge (of the credit priority)
    bool fccl_in_valid = false;    // Credit symbol received this edge
    bool fccl_seen = false;        // the sender's registered FCCL is a received one
    uint16_t fccl_in = 0;
    bool upd_pending = false;      // an FCCL waiting for the transmitter
    uint16_t upd_fccl = 0;
};

HostCreditGate::HostCreditGate(const HostCreditConfig& cfg) : m_(nullptr), cfg_(cfg) {
    if (cfg_.prio < 0 || cfg_.prio >= kPrios)
        throw std::invalid_argument("host credit prio " + std::to_string(cfg_.prio) + ": legal range 0..7");
    if (cfg_.pkt_cells < 1 || cfg_.pkt_cells > 255)
        throw std::invalid_argument("host packet " + std::to_string(cfg_.pkt_cells) + " cells: legal range 1..255");
    if (cfg_.t_fc < 1 || cfg_.t_fc > 65535)
        throw std::invalid_argument("--tfc " + std::to_string(cfg_.t_fc) + ": legal range 1..65535");
    if (cfg_.rx_capacity < 1 || cfg_.rx_capacity > 2047)
        throw std::invalid_argument("host receive buffer " + std::to_string(cfg_.rx_capacity) +
                                    " blocks: legal range 1..2047 (FCCL - FCTBS < 2048)");
    if (cfg_.partner_capacity < 1 || cfg_.partner_capacity > 4095)
        throw std::invalid_argument("host partner capacity " + std::to_string(cfg_.partner_capacity) +
                                    ": legal range 1..4095");
    if (cfg_.gfc_time && (cfg_.gfc_recip < 1 || cfg_.gfc_recip > 0xFFFFFF))
        throw std::invalid_argument("GFC reciprocal " + std::to_string(cfg_.gfc_recip) + ": legal range 1..16777215");
    if (cfg_.gfc_time && (cfg_.gfc_period < 1 || cfg_.gfc_period > 0xFFFFFF))
        throw std::invalid_argument("GFC period " + std::to_string(cfg_.gfc_period) + ": legal range 1..16777215 cycles");
    if (cfg_.gfc_time && (cfg_.rl_depth < 1 || cfg_.rl_depth > 65535))
        throw std::invalid_argument("GFC rate-limiter depth " + std::to_string(cfg_.rl_depth) + ": legal range 1..65535");
    m_ = new Impl();  // value-initialised: every model struct starts zeroed (ARCHITECTURE 1)
    m_->rx_cfg.sw = 8;
    m_->rx_cfg.fw = 16;
    m_->tx_cfg.sw = 8;
    m_->rl_cfg.sw = 8;
    m_->rl_cfg.max_stage = 20;
    m_->rl_cfg.dw = 16;
    fg_cbfc_rx_reset(&m_->rx, &m_->rx_cfg);
    fg_cbfc_tx_reset(&m_->tx, &m_->tx_cfg);
    fg_gfc_time_reset(&m_->gt, &m_->gt_cfg);
    fg_rate_limiter_reset(&m_->rl, &m_->rl_cfg);
    fg_cbfc_rx_outputs(&m_->rx, &m_->rx_out);
    fg_cbfc_tx_outputs(&m_->tx, &m_->tx_out);
    m_->gt_out = m_->gt.r;
    m_->rl_out.allow = true;
}

HostCreditGate::~HostCreditGate() { delete m_; }

uint32_t HostCreditGate::rate() const { return cfg_.gfc_time ? m_->gt_out.rate : 0x10000u; }
bool HostCreditGate::starved() const { return m_->tx_out.credits_avail < cfg_.pkt_cells; }

void HostCreditGate::begin(uint64_t, const WireSymbol& rx) {
    if (rx.credit() && ((rx.vl_mask >> cfg_.prio) & 1u)) {
        st_.updates_rx++;
        m_->fccl_in_valid = true;
        m_->fccl_in = rx.fccl[cfg_.prio];
    } else if (rx.data() && rx.pkt.prio == cfg_.prio) {
        m_->rx_blocks++;
    }
}

bool HostCreditGate::control(uint64_t, WireSymbol& tx) {
    if (!m_->upd_pending) return false;
    uint16_t f[kPrios] = {0, 0, 0, 0, 0, 0, 0, 0};
    f[cfg_.prio] = m_->upd_fccl;
    tx = WireSymbol::credit_update(uint8_t(1u << cfg_.prio), f);
    m_->upd_pending = false;
    st_.updates_tx++;
    return true;
}

bool HostCreditGate::may_start(uint64_t, int prio, uint16_t) {
    if (prio != cfg_.prio) return true;
    const bool credit = m_->tx_out.can_send;
    const bool rate = !cfg_.gfc_time || m_->rl_out.allow;
    if (!credit) st_.credit_held_cycles++;
    else if (!rate) st_.rate_held_cycles++;
    return credit && rate;
}

void HostCreditGate::end(uint64_t, const WireSymbol& tx) {
    Impl& m = *m_;
    // Receiver: the host holds nothing, it always offers its whole buffer.
    fg_cbfc_rx_in ri;
    std::memset(&ri, 0, sizeof ri);
    ri.cfg_tfc = cfg_.t_fc;
    ri.rx_valid = m.rx_blocks != 0;
    ri.rx_blocks = m.rx_blocks;
    ri.free_blocks = cfg_.rx_capacity;
    fg_cbfc_rx_step(&m.rx, &ri, &m.rx_out);
    if (m.rx_out.fccl_valid) {
        m.upd_pending = true;  // a newer FCCL replaces one not yet sent
        m.upd_fccl = uint16_t(m.rx_out.fccl);
    }
    m.rx_blocks = 0;
    // Sender.
    const bool send = tx.first_cell() && tx.pkt.prio == cfg_.prio;
    const uint32_t fccl_before = m.tx_out.fccl, fctbs_before = m.tx_out.fctbs;
    fg_cbfc_tx_in ti;
    std::memset(&ti, 0, sizeof ti);
    ti.cfg_rx_capacity = cfg_.partner_capacity;
    ti.fccl_valid = m.fccl_in_valid;
    ti.fccl_in = m.fccl_in;
    ti.head_valid = true;
    ti.head_blocks = cfg_.pkt_cells;
    ti.send = send;
    ti.send_blocks = send ? tx.pkt.cells : 0;
    fg_cbfc_tx_step(&m.tx, &ti, &m.tx_out);
    if (m.tx_out.stat_no_credit) st_.no_credit_starts++;
    // The adjuster samples the FCCL registered before this edge: from the edge after the
    // first received one on, r is real free space (before it, r = 0 says nothing).
    const bool fccl_was_seen = m.fccl_seen;
    if (m.fccl_in_valid) m.fccl_seen = true;
    m.fccl_in_valid = false;
    if (cfg_.gfc_time) {
        fg_rate_limiter_in li;
        std::memset(&li, 0, sizeof li);
        li.cfg_token_mode = true;
        li.cfg_rate = m.gt_out.rate;
        li.cfg_depth = cfg_.rl_depth;
        li.pkt_start = send;
        li.pkt_cells = send ? tx.pkt.cells : 0;
        fg_rate_limiter_step(&m.rl, &li, &m.rl_out);
        fg_gfc_time_in gi;
        std::memset(&gi, 0, sizeof gi);
        gi.cfg_enable = true;
        gi.cfg_period = cfg_.gfc_period;
        gi.cfg_recip = cfg_.gfc_recip;
        gi.fccl = uint16_t(fccl_before);
        gi.fctbs = uint16_t(fctbs_before);
        fg_gfc_time_step(&m.gt, &gi, &m.gt_out);
        if (m.gt_out.stat_update) {
            st_.gfc_updates++;
            if (fccl_was_seen && m.gt_out.rate < st_.gfc_min_rate) st_.gfc_min_rate = m.gt_out.rate;
        }
    }
}

}  // namespace sim
}  // namespace fg
