// fg_sim_cbfc_port.cpp - the switch node's credit-based ports (see fg_sim_cbfc_port.h).
#include "fg_sim_cbfc_port.h"

#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <utility>

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
namespace {
// The C twin of fg_sw_credit_port (cmodel/mac/sw_credit_port.c).
class CmodelCreditPort : public SwCreditPortBackend {
   public:
    void reset(fg_sw_credit_port_out& out) override {
        // fg_sw_credit_port.v's parameter defaults, which the Verilated twin is built with
        // (fg_sim_cbfc_port_rtl.cpp): 8-bit packet sizes in cells, the core's 18-bit counts.
        fg_sw_credit_port_cfg cfg;
        cfg.sw = 8;
        cfg.cw = 18;
        cfg.gfc_pipe = 0;
        std::memset(&st_, 0, sizeof st_);
        fg_sw_credit_port_reset(&st_, &cfg);
        fg_sw_credit_port_outputs(&st_, &out);
    }
    void step(const fg_sw_credit_port_in& in, fg_sw_credit_port_out& out) override {
        fg_sw_credit_port_step(&st_, &in, &out);
    }

   private:
    fg_sw_credit_port_state st_;
};
}  // namespace

#ifndef FG_SIM_HAVE_RTL_CREDIT_PORT
std::unique_ptr<SwCreditPortBackend> make_rtl_credit_port() {
    throw std::invalid_argument("--switch rtl with credit-based ports needs the Verilated fg_sw_credit_port "
                                "(fg_sim_cbfc_port_rtl.cpp), not in this build");
}
#endif

struct CbfcPorts::Impl {
    std::vector<std::unique_ptr<SwCreditPortBackend>> port;  // [i*P+p], null: not credit-based
    std::vector<fg_sw_credit_port_in> in;    // this edge's inputs (cfg_* set once)
    std::vector<fg_sw_credit_port_out> out;  // registered outputs after the last edge
    std::vector<bool> upd_pending;     // per port
    std::vector<uint16_t> upd_fccl;    // per port and VL [o*8+p]
    std::vector<uint8_t> upd_mask;     // per port
    std::vector<bool> fccl_seen;       // [i*P+p]: the sender's registered FCCL is a received one
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
      rate_held_(size_t(n_ports) * n_prio, false),
      avail_(size_t(n_ports) * n_prio, 0) {
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
        if (cfg_.gfc_period < 1 || cfg_.gfc_period > 0xFFFFFF)
            throw std::invalid_argument("GFC period " + std::to_string(cfg_.gfc_period) + ": legal range 1..16777215 cycles");
        if (cfg_.gfc_recip < 1 || cfg_.gfc_recip > 0xFFFFFF)
            throw std::invalid_argument("GFC reciprocal " + std::to_string(cfg_.gfc_recip) + ": legal range 1..16777215");
        if (cfg_.rl_depth < 1 || cfg_.rl_depth > 65535)
            throw std::invalid_argument("GFC rate-limiter depth " + std::to_string(cfg_.rl_depth) +
                                        ": legal range 1..65535 cells");
    }
#ifdef FG_SIM_HAVE_CBFC
    // Built aside and kept only when complete: a throw below must not leak it.
    std::unique_ptr<Impl> built(new Impl());
    Impl& m = *built;
    const size_t E = size_t(N_) * P_;
    m.port.resize(E);
    m.in.resize(E);
    m.out.resize(E);
    for (size_t e = 0; e < E; e++) {
        fg_sw_credit_port_in& in = m.in[e];
        std::memset(&in, 0, sizeof in);
        std::memset(&m.out[e], 0, sizeof m.out[e]);
        if (!cbfc(int(e / P_), int(e % P_))) continue;
        in.cfg_tfc = cfg_.t_fc;
        in.cfg_allotment = cfg_.allotment;
        in.cfg_rx_capacity = cfg_.partner_capacity;
        in.cfg_gfc_enable = cfg_.gfc_time;
        in.cfg_gfc_period = cfg_.gfc_period;
        in.cfg_gfc_recip = cfg_.gfc_recip;
        in.cfg_rl_depth = cfg_.rl_depth;
        char msg[160];
        if (fg_sw_credit_port_in_error(&in, msg, sizeof msg) != 0)
            throw std::invalid_argument(std::string("fg_sw_credit_port: ") + msg);
        if (cfg_.rtl)
            m.port[e] = make_rtl_credit_port();
        else
            m.port[e].reset(new CmodelCreditPort());
        m.port[e]->reset(m.out[e]);
    }
    m.upd_pending.assign(N_, false);
    m.upd_fccl.assign(size_t(N_) * kPrios, 0);
    m.upd_mask.assign(N_, 0);
    m.fccl_seen.assign(E, false);
    impl_ = built.release();
#else
    throw std::invalid_argument(
        "credit-based switch ports need the C model cmodel/mac/sw_credit_port.h, not in this build");
#endif
}

CbfcPorts::~CbfcPorts() { delete impl_; }

bool CbfcPorts::cbfc(int port, int prio) const {
    return port >= 0 && port < N_ && prio >= 0 && prio < P_ && cfg_.port_cbfc[port] && ((cfg_.vl_mask >> prio) & 1u);
}

uint32_t CbfcPorts::credits_in_use(int o, int prio) const {
#ifdef FG_SIM_HAVE_CBFC
    if (cbfc(o, prio)) return impl_->out[size_t(o) * P_ + prio].credits_in_use;
#else
    (void)o, (void)prio;
#endif
    return 0;
}

uint32_t CbfcPorts::gfc_rate(int o, int prio) const {
#ifdef FG_SIM_HAVE_CBFC
    if (cfg_.gfc_time && cbfc(o, prio)) return impl_->out[size_t(o) * P_ + prio].gfc_rate;
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
                m.in[size_t(i) * P_ + p].fccl_in_valid = true;
                m.in[size_t(i) * P_ + p].fccl_in = s.fccl[p];
            }
    } else if (s.data() && cbfc(i, s.pkt.prio)) {
        fg_sw_credit_port_in& in = m.in[size_t(i) * P_ + s.pkt.prio];
        in.rx_valid = true;
        in.rx_blocks += 1;  // one block = one 64-byte cell
        if (s.last_cell()) in.rx_last = true;
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
    if (cbfc(o, prio)) {
        fg_sw_credit_port_in& in = impl_->in[size_t(o) * P_ + prio];
        in.send = cells != 0;
        in.send_blocks = cells;
    }
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
            fg_sw_credit_port_in& pi = m.in[e];
            fg_sw_credit_port_out& po = m.out[e];
            // This edge's inputs: the core's count of PG(i,p) after the previous edge and the
            // packet EQ(i,p) would start next (receive() and started() set the rest).
            const uint16_t head = head_cells(i, p);
            pi.ingress_cnt = co.ingress_cnt[i][p];
            pi.head_valid = head != 0;
            pi.head_blocks = head;
            // The adjuster samples the FCCL registered before this edge: from the edge after
            // the first received one on, r is real free space (before it, r = 0 says nothing).
            const bool fccl_was_seen = m.fccl_seen[e];
            if (pi.fccl_in_valid) m.fccl_seen[e] = true;
            m.port[e]->step(pi, po);
            pi.rx_valid = false;
            pi.rx_blocks = 0;
            pi.rx_last = false;
            pi.fccl_in_valid = false;
            pi.send = false;
            pi.send_blocks = 0;

            // Receiver: what the port held at this edge, the update to send.
            held_[e] = po.held;
            free_[e] = po.free_blocks;
            if (po.held > st_.peak_held) st_.peak_held = po.held;
            if (po.overrun) st_.overruns++;
            if (po.fccl_valid) {
                m.upd_pending[i] = true;
                m.upd_mask[i] |= uint8_t(1u << p);
                m.upd_fccl[size_t(i) * kPrios + p] = uint16_t(po.fccl);
            }
            // Sender toward port i's downstream, and its GFC limiter (allow = 1 without GFC).
            if (po.stat_no_credit) st_.no_credit_starts++;
            if (cfg_.gfc_time && po.gfc_update) {
                st_.gfc_updates++;
                if (fccl_was_seen && po.gfc_rate < st_.gfc_min_rate) st_.gfc_min_rate = po.gfc_rate;
            }
            const bool rl_allow = po.gfc_allow;
            starved_[e] = head != 0 && po.credits_avail < head;
            avail_[e] = po.credits_avail;
            rate_held_[e] = head != 0 && po.can_send && !rl_allow;
            if (rate_held_[e]) st_.rate_held_cycles++;
            const bool hold = head != 0 && (!po.can_send || !rl_allow);
            if (head != 0 && !po.can_send) st_.held_cycles++;
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
