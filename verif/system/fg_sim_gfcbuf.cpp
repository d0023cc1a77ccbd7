// fg_sim_gfcbuf.cpp - host end of buffer-based GFC (see fg_sim_gfcbuf.h).
#include "fg_sim_gfcbuf.h"

#include <cstring>
#include <stdexcept>
#include <string>

extern "C" {
#include "common/rate_limiter.h"
}

namespace fg {
namespace sim {

struct HostGfcStageGate::Impl {
    fg_rate_limiter_cfg cfg{};
    fg_rate_limiter_state st{};
    fg_rate_limiter_out out{};
};

HostGfcStageGate::HostGfcStageGate(int prio) : m_(nullptr), prio_(prio) {
    if (prio < 0 || prio >= kPrios)
        throw std::invalid_argument("GFC host priority " + std::to_string(prio) + ": legal range 0..7");
    m_ = new Impl();
    // The core's per-EQ limiter parameters (fg_sw_core: SW=8, MAX_STAGE=20, DW=16).
    m_->cfg.sw = 8;
    m_->cfg.max_stage = 20;
    m_->cfg.dw = 16;
    fg_rate_limiter_reset(&m_->st, &m_->cfg);
    m_->out.allow = true;
}

HostGfcStageGate::~HostGfcStageGate() { delete m_; }

bool HostGfcStageGate::held() const { return !m_->out.allow; }

void HostGfcStageGate::begin(uint64_t, const WireSymbol& rx) {
    if (!(rx.pfc() && rx.gfc && ((rx.cev >> prio_) & 1u))) return;
    st_.frames_rx++;
    stage_ = uint8_t(rx.time[prio_] > 31 ? 31 : rx.time[prio_]);  // 5-bit stage id, as the core
    if (stage_ > st_.stage_max) st_.stage_max = stage_;
}

bool HostGfcStageGate::may_start(uint64_t, int prio, uint16_t) {
    if (prio != prio_) return true;
    if (!m_->out.allow) st_.rate_held_cycles++;
    return m_->out.allow;
}

void HostGfcStageGate::end(uint64_t, const WireSymbol& tx) {
    fg_rate_limiter_in li;
    std::memset(&li, 0, sizeof li);
    li.cfg_token_mode = false;
    li.stage = stage_;
    li.pkt_start = tx.first_cell() && tx.pkt.prio == prio_;
    li.pkt_cells = li.pkt_start ? tx.pkt.cells : 0;
    fg_rate_limiter_step(&m_->st, &li, &m_->out);
    if (m_->out.stat_early) st_.early_starts++;
}

}  // namespace sim
}  // namespace fg
