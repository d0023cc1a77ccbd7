// fg_sim_switch.cpp - switch node (see fg_sim_switch.h for the per-edge contract).
#include "fg_sim_switch.h"

#include <cstring>
#include <stdexcept>
#include <type_traits>

#include "fg_sim_host.h"

namespace fg {
namespace sim {

// The core's ECN and P-PFC signals (enq_ect, enq_mark, tx_ctrl_pred) read through these
// helpers, which compile to "none" while the core's structs do not have them yet.
namespace {
template <class A>
uint8_t bits_of(const A& a) {
    if constexpr (std::is_array<A>::value) {
        uint8_t m = 0;
        for (size_t n = 0; n < std::extent<A>::value && n < 8; n++) m |= uint8_t(a[n] ? 1u << n : 0u);
        return m;
    } else {
        return uint8_t(a);
    }
}
template <class T>
auto core_mark(const T& co, int i, int) -> decltype(bool(co.enq_mark[i])) {
    return co.enq_mark[i];
}
template <class T>
bool core_mark(const T&, int, long) {
    return false;
}
template <class T>
auto core_pred(const T& co, int o, int) -> decltype(bits_of(co.tx_ctrl_pred[o])) {
    return bits_of(co.tx_ctrl_pred[o]);
}
template <class T>
uint8_t core_pred(const T&, int, long) {
    return 0;
}
template <class T>
auto set_ect(T& in, int i, bool v, int) -> decltype(void(in.enq_ect[i] = v)) {
    in.enq_ect[i] = v;
}
template <class T>
void set_ect(T&, int, bool, long) {}
}  // namespace

SwitchLogic::SwitchLogic(const SwitchConfig& cfg, std::unique_ptr<CoreBackend> core)
    : cfg_(cfg), core_(std::move(core)) {
    const int N = cfg_.core.n_ports, P = cfg_.core.n_prio;
    if (cfg_.mon_port < 0 || cfg_.mon_port >= N)
        throw std::invalid_argument("monitored port " + std::to_string(cfg_.mon_port) + " out of range 0.." +
                                    std::to_string(N - 1));
    if (cfg_.mon_prio < 0 || cfg_.mon_prio >= P)
        throw std::invalid_argument("monitored priority " + std::to_string(cfg_.mon_prio) + " out of range 0.." +
                                    std::to_string(P - 1));
    for (int r : cfg_.route)
        if (r >= N) throw std::invalid_argument("route to port " + std::to_string(r) + ": switch has " +
                                                std::to_string(N) + " ports");
    eq_.assign(N, std::vector<std::deque<Desc>>(P));
    eq_cells_.assign(N, std::vector<uint32_t>(P, 0));
    pending_valid_.assign(N, false);
    pending_.resize(N);
    tx_cur_.resize(N);
    tx_next_.assign(N, 0);
    held_.assign(N, -1);
    rx_cells_.assign(N, 0);
    rr_last_.assign(size_t(N) * P, N - 1);
    disc_ = cfg_.rr_ingress ? EgressDiscipline::Rr : cfg_.egress;
    if (disc_ == EgressDiscipline::Iq || disc_ == EgressDiscipline::Cioq) in_fifo_.resize(size_t(N) * P);
    if (disc_ == EgressDiscipline::Cioq) {
        if (cfg_.cioq_out < 1) throw std::invalid_argument("cioq_out must be at least 1 packet");
        if (N > 64) throw std::invalid_argument("the cioq discipline takes at most 64 ports (its move masks)");
        out_q_.resize(size_t(N) * P);
    }
    if (cfg_.skip_ppm > 1000000) throw std::invalid_argument("skip_ppm must be at most 1000000");
    if (cfg_.skip_ppm > 0 && disc_ != EgressDiscipline::Cioq)
        throw std::invalid_argument("skip_ppm needs the cioq discipline");
    if (cfg_.skip_seed == 0) throw std::invalid_argument("skip_seed must be nonzero");
    skip_rng_ = cfg_.skip_seed;
    cnp_q_.resize(N);
    if (cfg_.core.line_rate == 2)
        throw std::invalid_argument("switch core line_rate 2 (fg_bm_seq): the switch node models LINE_RATE 0 "
                                    "(default) and 1 (line-rate) only");
    lr_ = cfg_.core.line_rate == 1;
    if (lr_) {
        lr_offer_q_.resize(N);
        lr_inflight_.resize(N);
        lr_acc_.assign(size_t(N) * P, 0);
        lr_deq_k_.assign(N, -1);
        lr_deq_cells_.assign(N, 0);
        lr_granted_.resize(size_t(N) * P);
        lr_rel_done_.assign(size_t(N) * P, 0);
    }
    if (lr_ && cfg_.cbfc.any())
        throw std::invalid_argument("credit-based ports (cbfc, gfc-time) take their receive buffer's occupancy from "
                                    "the core's per-PG ingress_cnt, which the line-rate core does not output: "
                                    "--core line-rate runs with PFC and buffer-based GFC only");
    if (cfg_.cbfc.any()) cbfc_.reset(new CbfcPorts(cfg_.cbfc, N, P));
    if (cbfc_ && (disc_ == EgressDiscipline::Rr || disc_ == EgressDiscipline::Iq)) offer_.assign(size_t(N) * P, -1);
    core_->reset();
    std::memset(&co_, 0, sizeof co_);
}

uint32_t SwitchLogic::eq_cells_from(int o, int p, int i) const {
    uint32_t n = 0;
    for (const Desc& d : eq_[o][p]) n += d.in_port == i ? d.pkt.cells : 0;
    return n;
}

int SwitchLogic::ingress_head_out(int i, int p) const {
    if (disc_ != EgressDiscipline::Iq && disc_ != EgressDiscipline::Cioq) return -1;
    const auto& f = in_fifo_[size_t(i) * eq_[0].size() + p];
    return f.empty() ? -1 : int(f.front());
}

bool SwitchLogic::ingress_waits_on(int i, int p, int o) const {
    if (disc_ == EgressDiscipline::Iq) return ingress_head_out(i, p) == o;
    if (disc_ == EgressDiscipline::Cioq) {
        if (ingress_head_out(i, p) == o) return true;
        for (uint8_t j : out_q_[size_t(o) * eq_[0].size() + p])
            if (j == i) return true;
        return false;
    }
    return eq_cells_from(o, p, i) > 0;
}

bool SwitchLogic::cioq_skip(int i, int o, int p) {
    if (cfg_.skip_ppm == 0 || size_t(i) >= cfg_.skip_ports.size() || !cfg_.skip_ports[size_t(i)]) return false;
    const int N = int(eq_.size()), P = int(eq_[0].size());
    bool other = false;  // passing i over must give the turn to a waiting port, never idle the queue
    for (int j = 0; j < N && !other; j++) {
        const auto& f = in_fifo_[size_t(j) * P + p];
        other = j != i && !f.empty() && f.front() == o;
    }
    if (!other) return false;
    cioq_drew_ = true;
    skip_rng_ ^= skip_rng_ << 13;
    skip_rng_ ^= skip_rng_ >> 17;
    skip_rng_ ^= skip_rng_ << 5;
    if (skip_rng_ % 1000000u >= cfg_.skip_ppm) return false;
    st_.cioq_skips++;
    return true;
}

void SwitchLogic::cioq_move() {
    if (!cioq_dirty_) return;  // the pass would find what the last one found: nothing to move
    const int N = int(eq_.size()), P = int(eq_[0].size());
    // want[o*P+p] bit i: the head of ingress FIFO (i,p) waits for output queue (o,p). Formed
    // from the FIFOs once a pass and kept up to date by its moves, so the round robins below
    // visit only queues something waits for (N*P queues of N candidates each otherwise).
    std::vector<uint64_t>& want = cioq_want_;
    for (bool moved = true; moved;) {
        moved = false;
        cioq_drew_ = false;
        want.assign(size_t(N) * P, 0);
        for (int i = 0; i < N; i++)
            for (int p = 0; p < P; p++) {
                const auto& f = in_fifo_[size_t(i) * P + p];
                if (!f.empty()) want[size_t(f.front()) * P + p] |= uint64_t(1) << i;
            }
        for (int o = 0; o < N; o++)
            for (int p = 0; p < P; p++) {
                const int k = o * P + p;
                if (!want[size_t(k)]) continue;
                auto& oq = out_q_[size_t(k)];
                // Round robin over the ingress ports whose head waits for this output queue.
                int passed = -1;  // a port passed over (skip_ppm) in this turn: it forfeits it
                for (int d = 1; d <= N && oq.size() < cfg_.cioq_out; d++) {
                    const int i = (rr_last_[k] + d) % N;
                    if (!(want[size_t(k)] >> i & 1)) continue;
                    if (passed < 0 && cioq_skip(i, o, p)) {
                        passed = i;
                        continue;
                    }
                    auto& f = in_fifo_[size_t(i) * P + p];
                    f.pop_front();
                    want[size_t(k)] &= ~(uint64_t(1) << i);
                    if (!f.empty()) want[size_t(f.front()) * P + p] |= uint64_t(1) << i;
                    oq.push_back(uint8_t(i));
                    // The next move continues after port i, or after the passed-over port as if
                    // it had been served (otherwise it would only move one turn later, and the
                    // round robin would give it back its share: no lasting bias).
                    rr_last_[k] = passed >= 0 ? passed : i;
                    passed = -1;
                    st_.cioq_moves++;
                    moved = true;
                    d = 0;
                }
            }
    }
    cioq_dirty_ = cioq_drew_;
}

std::deque<SwitchLogic::Desc>::iterator SwitchLogic::pick(int o, int prio) {
    auto& q = eq_[o][prio];
    if (q.empty() || disc_ == EgressDiscipline::Fifo) return q.begin();
    const int N = int(eq_.size()), P = int(eq_[o].size()), k = o * P + prio;
    if (disc_ == EgressDiscipline::Rr) {  // the first packet of the next ingress port after the last served
        auto best_it = q.begin();
        int best = N;
        for (auto it = q.begin(); it != q.end() && best > 0; ++it) {
            const int dist = (int(it->in_port) - rr_last_[k] - 1 + 2 * N) % N;
            if (dist < best) best = dist, best_it = it;
        }
        return best_it;
    }
    if (disc_ == EgressDiscipline::Cioq) {  // the oldest packet of the output queue: the
        // first of its ingress port in EQ(o,prio) (moved packets are older than unmoved ones)
        const auto& oq = out_q_[size_t(k)];
        if (oq.empty()) return q.end();
        for (auto it = q.begin(); it != q.end(); ++it)
            if (it->in_port == oq.front()) return it;
        return q.end();
    }
    // Iq: the next ingress port after the last served whose FIFO (i,prio) has its oldest
    // not-started packet for o; that packet is the first of port i in EQ(o,prio) (a port's
    // packets keep their order in every EQ).
    for (int d = 1; d <= N; d++) {
        const int i = (rr_last_[k] + d) % N;
        const auto& f = in_fifo_[size_t(i) * P + prio];
        if (f.empty() || f.front() != o) continue;
        for (auto it = q.begin(); it != q.end(); ++it)
            if (it->in_port == i) return it;
    }
    return q.end();
}

uint64_t SwitchLogic::node_drops() const {
    uint64_t n = st_.dropped;
    for (size_t i = 0; i < pending_valid_.size(); i++)
        n += lr_ ? co_.enq_drop[i] && !lr_inflight_[i].empty() : pending_valid_[i] && !co_.enq_accept[i];
    return n;
}

void SwitchLogic::queue_accepted(int i, Desc d) {
    const int o = cfg_.route[d.pkt.dst], P = cfg_.core.n_prio;
    if (core_mark(co_, i, 0)) {
        d.pkt.ce = true;
        st_.ecn_marks++;
    }
    eq_[o][d.pkt.prio].push_back(d);
    eq_cells_[o][d.pkt.prio] += d.pkt.cells;
    if (disc_ == EgressDiscipline::Iq || disc_ == EgressDiscipline::Cioq)
        in_fifo_[size_t(i) * P + d.pkt.prio].push_back(uint8_t(o)), cioq_dirty_ = true;
    if (lr_) lr_acc_[size_t(o) * P + d.pkt.prio] += d.pkt.cells;
    st_.accepted++;
}

void SwitchLogic::lr_verdicts(uint64_t now) {
    for (int i = 0; i < cfg_.core.n_ports; i++) {
        if (!co_.enq_accept[i] && !co_.enq_drop[i]) continue;
        if (co_.enq_accept[i] && co_.enq_drop[i]) error(now, "enq_accept and enq_drop together on port " + std::to_string(i));
        if (lr_inflight_[i].empty()) {
            error(now, "verdict on port " + std::to_string(i) + " with no offer in flight");
            continue;
        }
        Desc d = lr_inflight_[i].front();
        lr_inflight_[i].pop_front();
        if (co_.enq_accept[i]) queue_accepted(i, d);
        else st_.dropped++;
    }
}

void SwitchLogic::lr_check(uint64_t now) {
    const size_t lead = size_t(kLrAdmLead) + 1;  // the egress counts after edge now - lead
    if (lr_eg_hist_.size() < lead) return;
    const std::vector<uint32_t>& eg = lr_eg_hist_[lr_eg_hist_.size() - lead];
    const uint64_t x = now - lead;  // eg: the counts after edge x
    const int N = cfg_.core.n_ports, P = cfg_.core.n_prio;
    for (int o = 0; o < N; o++)
        for (int p = 0; p < P; p++) {
            const size_t k = size_t(o) * P + p;
            // releases granted by x - kLrRelFromA1 - kLrRelHold must have counted, those granted by
            // x - kLrRelFromA1 can have
            auto& g = lr_granted_[k];
            while (!g.empty() && g.front().first + kLrRelFromA1 + kLrRelHold <= x) {
                lr_rel_done_[k] += g.front().second;
                g.pop_front();
            }
            uint64_t can = lr_rel_done_[k];
            for (const auto& e : g)
                if (e.first + kLrRelFromA1 <= x) can += e.second;
            const int64_t lo = int64_t(lr_acc_[k]) - int64_t(can);
            const int64_t hi = int64_t(lr_acc_[k]) - int64_t(lr_rel_done_[k]);
            if (int64_t(eg[k]) >= lo && int64_t(eg[k]) <= hi) continue;
            if (!st_.acct_mismatch)
                error(now, "EQ(" + std::to_string(o) + "," + std::to_string(p) + "): core egress_cnt=" +
                               std::to_string(eg[k]) + " after edge " + std::to_string(x) +
                               ", the cells the node accepted and started allow " + std::to_string(lo) + ".." +
                               std::to_string(hi));
            st_.acct_mismatch++;
        }
}

void SwitchLogic::lr_offer(uint64_t now, fg_sw_core_in& in) {
    for (int i = 0; i < cfg_.core.n_ports; i++) {
        auto& q = lr_offer_q_[i];
        if (q.empty()) continue;
        if (q.size() > st_.lr_offer_peak) st_.lr_offer_peak = uint32_t(q.size());
        const Desc& d = q.front();
        in.enq_valid[i] = true;
        in.enq_prio[i] = d.pkt.prio;
        in.enq_dst[i] = uint8_t(cfg_.route[d.pkt.dst]);
        in.enq_cells[i] = d.pkt.cells;
        set_ect(in, i, d.pkt.ect, 0);
        if (!co_.enq_ready[i]) continue;  // held: offered again on the next edge
        const uint64_t wait = now - d.arrived;
        st_.lr_offer_wait_edges += wait;
        if (wait > st_.lr_offer_wait_max) st_.lr_offer_wait_max = wait;
        lr_inflight_[i].push_back(d);
        q.pop_front();
        st_.lr_takes++;
    }
}

void SwitchLogic::error(uint64_t now, const std::string& what) {
    st_.protocol_errors++;
    if (first_error_.empty()) first_error_ = "cycle " + std::to_string(now) + ": " + what;
}

void SwitchLogic::start_packet(uint64_t now, int o, int prio, WireSymbol& tx, fg_sw_core_in& in) {
    auto& q = eq_[o][prio];
    if (q.empty()) {
        error(now, "grant for empty EQ(" + std::to_string(o) + "," + std::to_string(prio) + ")");
        return;
    }
    auto it = pick(o, prio);
    const size_t k = size_t(o) * eq_[o].size() + size_t(prio);
    if (!offer_.empty() && offer_[k] >= 0 && it != q.end() && !cbfc_->covers(o, prio, it->pkt.cells)) {
        // The round robin now prefers a packet the credits do not cover (it became eligible
        // after the credit check): start the one the check saw (see offer_).
        for (it = q.begin(); it != q.end() && it->in_port != offer_[k]; ++it) {
        }
        st_.offer_starts++;
    }
    if (it == q.end()) {  // Iq: the hold of step 4b makes this impossible (see there)
        error(now, "grant for EQ(" + std::to_string(o) + "," + std::to_string(prio) + ") with no eligible packet");
        return;
    }
    if (disc_ == EgressDiscipline::Rr || disc_ == EgressDiscipline::Iq)
        rr_last_[o * int(eq_[o].size()) + prio] = it->in_port;
    if (disc_ == EgressDiscipline::Iq) {
        auto& f = in_fifo_[size_t(it->in_port) * eq_[o].size() + prio];
        if (f.empty() || f.front() != o) error(now, "input-queued start out of its ingress FIFO's order");
        else f.pop_front();
    }
    if (disc_ == EgressDiscipline::Cioq) {
        auto& oq = out_q_[size_t(o) * eq_[o].size() + prio];
        if (oq.empty() || oq.front() != it->in_port) error(now, "start out of the output queue's order");
        else oq.pop_front(), cioq_dirty_ = true;
    }
    Desc d = *it;
    q.erase(it);
    eq_cells_[o][prio] -= d.pkt.cells;
    if (lr_) {
        if (!co_.deq_ready[o] || lr_deq_k_[o] >= 0)
            error(now, "packet started on port " + std::to_string(o) + " while deq_ready is 0");
        lr_deq_k_[o] = o * int(eq_[o].size()) + prio;
        lr_deq_cells_[o] = d.pkt.cells;
    }
    in.deq_valid[o] = true;
    in.deq_prio[o] = uint8_t(prio);
    in.deq_src[o] = d.in_port;
    in.deq_cells[o] = d.pkt.cells;
    if (cbfc_) cbfc_->started(o, prio, d.pkt.cells);
    st_.deq_pkts++;
    st_.tx_cells++;
    tx_cur_[o] = d.pkt;
    tx_next_[o] = 1;
    tx = WireSymbol::data_cell(d.pkt, 0);
}

void SwitchLogic::edge(uint64_t now, const std::vector<WireSymbol>& rx, std::vector<WireSymbol>& tx) {
    const int N = cfg_.core.n_ports, P = cfg_.core.n_prio;
    fg_sw_core_in in;
    std::memset(&in, 0, sizeof in);

    // Configuration phase: the register writes, then read back PARAMS and ERR_ADDR, one access
    // whenever the bus is ready (docs/registers.md, "Bus"): the previous access is then done
    // and a read's value is in csr_rdata. The core is ready after reset (co_ is still zero
    // before the first edge).
    const size_t W = cfg_.csr_writes.size();
    const bool bus_free = csr_next_ == 0 || co_.csr_ready;
    if (!bus_free) {
        // an access in flight: nothing new on the bus until csr_ready
    } else if (csr_next_ < W) {
        in.csr_wr = true;
        in.csr_addr = cfg_.csr_writes[csr_next_].addr;
        in.csr_wdata = cfg_.csr_writes[csr_next_].data;
        csr_next_++;
    } else if (csr_next_ == W) {
        in.csr_rd = true;
        in.csr_addr = FG_REG_PARAMS_ADDR;
        csr_next_++;
    } else if (csr_next_ == W + 1) {
        uint32_t params = co_.csr_rdata;
        int np = params & 0xFF, pp = (params >> 8) & 0xFF, cw = (params >> 16) & 0xFF;
        if (np != N || pp != P || cw != cfg_.core.cw)
            throw std::runtime_error(core_->name() + " core reports PARAMS n_ports=" + std::to_string(np) +
                                     " n_prio=" + std::to_string(pp) + " cw=" + std::to_string(cw) +
                                     ", the scenario needs n_ports=" + std::to_string(N) + " n_prio=" +
                                     std::to_string(P) + " cw=" + std::to_string(cfg_.core.cw));
        in.csr_rd = true;
        in.csr_addr = FG_REG_ERR_ADDR_ADDR;
        csr_next_++;
    } else if (csr_next_ == W + 2) {
        if (co_.cfg_error) {
            uint32_t a = co_.csr_rdata & 0xFFF, reason = (co_.csr_rdata >> 16) & 7;
            char hex[16];
            std::snprintf(hex, sizeof hex, "0x%03x", a);
            std::string which = std::string("address ") + hex;
            for (const auto& w : cfg_.csr_writes)
                if (w.addr == a) which = w.what + " = " + std::to_string(w.data);
            throw std::runtime_error(core_->name() + " core rejected register write " + which + " (reason " +
                                     std::to_string(reason) + ", see docs/registers.md)");
        }
        cfg_done_ = true;
        csr_next_++;
    }

    // 1. Verdicts of the previous edge's enq (line-rate: of the oldest offers in flight).
    if (lr_) lr_verdicts(now);
    for (int i = 0; i < N && !lr_; i++) {
        if (co_.enq_accept[i] && !pending_valid_[i]) error(now, "enq_accept on port " + std::to_string(i) + " without enq");
        if (!pending_valid_[i]) continue;
        pending_valid_[i] = false;
        if (co_.enq_accept[i]) queue_accepted(i, pending_[i]);
        else st_.dropped++;
    }
    // 2. The descriptor queues and the core's egress counters must agree (line-rate: within
    // the bounds of its latencies).
    if (lr_) lr_check(now);
    for (int o = 0; o < N && !lr_; o++)
        for (int p = 0; p < P; p++)
            if (eq_cells_[o][p] != co_.egress_cnt[o][p]) {
                if (!st_.acct_mismatch)
                    error(now, "EQ(" + std::to_string(o) + "," + std::to_string(p) + ") holds " +
                                   std::to_string(eq_cells_[o][p]) + " cells, core egress_cnt=" +
                                   std::to_string(co_.egress_cnt[o][p]));
                st_.acct_mismatch++;
            }
    // 3. Receive.
    for (int i = 0; i < N; i++) {
        const WireSymbol& s = rx[i];
        if (cbfc_) cbfc_->receive(i, s);
        if (s.pfc()) {
            (s.gfc ? in.rx_gfc_valid[i] : in.rx_pfc_valid[i]) = true;  // GFC: stage ids in rx_pfc_time
            in.rx_pfc_cev[i] = s.cev;
            for (int n = 0; n < kPrios; n++) in.rx_pfc_time[i][n] = s.time[n];
            if (s.gfc) st_.gfc_rx++;
            else st_.pfc_rx++;
        } else if (s.cnp()) {
            if (s.pkt.dst >= cfg_.route.size() || cfg_.route[s.pkt.dst] < 0) {
                error(now, "no route for a CNP to host " + std::to_string(s.pkt.dst));
            } else if (cnp_q_[cfg_.route[s.pkt.dst]].size() >= kCnpQueueDepth) {
                st_.cnp_drop++;
            } else {
                cnp_q_[cfg_.route[s.pkt.dst]].push_back(s);
            }
        } else if (s.data()) {
            if (s.cell != rx_cells_[i]) error(now, "port " + std::to_string(i) + " received cell out of order");
            rx_cells_[i] = uint16_t(s.cell + 1);
            if (s.last_cell()) {
                rx_cells_[i] = 0;
                if (s.pkt.dst >= cfg_.route.size() || cfg_.route[s.pkt.dst] < 0) {
                    error(now, "no route to host " + std::to_string(s.pkt.dst));
                    continue;
                }
                if (s.pkt.prio >= P) {
                    error(now, "packet priority " + std::to_string(s.pkt.prio) + " >= switch priorities");
                    continue;
                }
                st_.enq_pkts++;
                if (lr_) {  // offered below, after every port's receive
                    lr_offer_q_[i].push_back(Desc{s.pkt, uint8_t(i), now});
                    continue;
                }
                in.enq_valid[i] = true;
                in.enq_prio[i] = s.pkt.prio;
                in.enq_dst[i] = uint8_t(cfg_.route[s.pkt.dst]);
                in.enq_cells[i] = s.pkt.cells;
                set_ect(in, i, s.pkt.ect, 0);
                pending_valid_[i] = true;
                pending_[i] = Desc{s.pkt, uint8_t(i)};
            }
        }
    }
    if (lr_) lr_offer(now, in);
    // 4. Transmit.
    for (int o = 0; o < N; o++) {
        tx[o] = WireSymbol{};
        bool busy = tx_next_[o] < tx_cur_[o].cells;
        if (co_.grant_valid[o] && (busy || held_[o] >= 0))
            error(now, "grant on port " + std::to_string(o) + " while its link is busy");
        if (busy) {
            tx[o] = WireSymbol::data_cell(tx_cur_[o], tx_next_[o]++);
            st_.tx_cells++;
        } else if (co_.tx_ctrl_valid[o] && co_.tx_ctrl_gfc[o]) {
            // Buffer-based GFC frame: the stage ids as the core gives them (tx_ctrl_xoff is 0).
            uint16_t t[kPrios];
            for (int n = 0; n < kPrios; n++) t[n] = co_.tx_ctrl_time[o][n];
            tx[o] = WireSymbol::gfc_frame(co_.tx_ctrl_cev[o], t);
            in.tx_ctrl_ack[o] = true;
            st_.gfc_tx++;
            for (int n = 0; n < kPrios; n++)
                if (tx[o].time[n] > st_.gfc_stage_max) st_.gfc_stage_max = tx[o].time[n];
            if (co_.grant_valid[o]) {
                held_[o] = co_.grant_prio[o];
                st_.held_grants++;
            }
        } else if (co_.tx_ctrl_valid[o]) {
            uint16_t t[kPrios];
            for (int n = 0; n < kPrios; n++) t[n] = (co_.tx_ctrl_xoff[o] >> n) & 1u ? co_.tx_ctrl_time[o][n] : 0;
            tx[o] = WireSymbol::pfc_frame(co_.tx_ctrl_cev[o], t);
            in.tx_ctrl_ack[o] = true;
            st_.pfc_tx++;
            const uint8_t xoff = co_.tx_ctrl_xoff[o] & co_.tx_ctrl_cev[o];
            if (xoff) st_.pfc_xoff++;
            else st_.pfc_xon++;
            if (xoff & core_pred(co_, o, 0)) st_.pfc_pred++;
            else if (xoff) st_.pfc_std++;
            for (int n = 0; n < kPrios; n++) st_.pause_quanta_sent += tx[o].time[n];
            if (co_.grant_valid[o]) {
                held_[o] = co_.grant_prio[o];
                st_.held_grants++;
            }
        } else if (cbfc_ && cbfc_->take_update(o, tx[o])) {
            if (co_.grant_valid[o]) {  // an FCCL update goes first, like a PFC frame
                held_[o] = co_.grant_prio[o];
                st_.held_grants++;
            }
        } else if (held_[o] >= 0) {
            start_packet(now, o, held_[o], tx[o], in);
            held_[o] = -1;
        } else if (!cnp_q_[o].empty()) {
            tx[o] = cnp_q_[o].front();
            cnp_q_[o].pop_front();
            st_.cnp_fwd++;
            if (co_.grant_valid[o]) {
                held_[o] = co_.grant_prio[o];
                st_.held_grants++;
            }
        } else if (co_.grant_valid[o]) {
            start_packet(now, o, co_.grant_prio[o], tx[o], in);
        }
        // A packet started at this edge (deq) uses the link's start opportunity of this edge
        // even when it has one cell: the scheduler's "no grant right after a grant" rule only
        // covers a start on the edge after the grant, not a held grant started later, and
        // would otherwise grant the same EQ again from a count that still holds the packet.
        in.link_idle[o] = tx_next_[o] >= tx_cur_[o].cells && held_[o] < 0 && !in.deq_valid[o];
    }
    // 4a. Cioq: packets that arrived (step 1) or found room after a start (step 4) move to
    // their output queues, so the credit check and the holds below see this edge's end state.
    if (disc_ == EgressDiscipline::Cioq) cioq_move();
    // Credit-based ports with a round-robin pick (rr, iq): remember the packet whose credit is
    // checked now (offer_). A packet arriving before the grant's start can make another
    // ingress port eligible ahead of it in the round robin; if the credits do not cover that
    // one (with --pkt-dist uniform: a bigger packet), starting it would overrun them (the
    // sender model flags it as no_credit_starts), so start_packet then starts the offered
    // packet instead (counted in offer_starts; a pick the credits cover starts as before). An
    // EQ whose grant is held behind a control frame keeps its offer until it starts. The
    // offered packet stays first of its ingress port in EQ(o,p), and under iq eligible: only
    // output o starts packets of EQ(o,p). Cioq's output queue and fifo's head never change
    // under a grant.
    if (!offer_.empty())
        for (int o = 0; o < N; o++)
            for (int p = 0; p < P; p++) {
                const size_t k = size_t(o * P + p);
                if (held_[o] == p || !cbfc_->cbfc(o, p)) continue;  // covers() is true off credit
                auto it = pick(o, p);
                offer_[k] = it == eq_[o][p].end() ? -1 : int(it->in_port);
            }
    if (cbfc_)  // credit-based ports: receivers and senders step, EQs whose pick lacks credit are held
        cbfc_->edge(co_,
                    [this](int o, int p) {
                        auto it = pick(o, p);
                        return uint16_t(it == eq_[o][p].end() ? 0 : it->pkt.cells);
                    },
                    in);
    // 4b. Iq: hold every non-empty EQ with no eligible packet. The core's grant at edge t+1
    // comes from this edge's tx_hold, so a granted EQ(o,p) had an eligible packet at the end
    // of this edge, and it still has one when the grant (or the grant held behind a control
    // frame) is served: a packet stops being eligible only when it is started, and only
    // output o starts a packet of EQ(o,p) (another output can start only the head of its own
    // ingress FIFO, which then is not this packet); arrivals only add eligible packets.
    // (With credit-based ports a grant never starts a packet its credits do not cover, see
    // offer_ above.)
    if (disc_ == EgressDiscipline::Iq)
        for (int o = 0; o < N; o++)
            for (int p = 0; p < P; p++)
                if (!eq_[o][p].empty()) {
                    bool eligible = false;  // = pick(o,p) != end(), without walking the EQ
                    for (int i = 0; i < N && !eligible; i++) {
                        const auto& f = in_fifo_[size_t(i) * P + p];
                        eligible = !f.empty() && f.front() == o;
                    }
                    if (!eligible) in.tx_hold[o][p] = true, st_.hol_held++;
                }
    // Cioq: the same with the output queue (a packet leaves it only when output o starts it).
    if (disc_ == EgressDiscipline::Cioq)
        for (int o = 0; o < N; o++)
            for (int p = 0; p < P; p++)
                if (!eq_[o][p].empty() && out_q_[size_t(o) * P + p].empty()) in.tx_hold[o][p] = true, st_.hol_held++;
    // 5. The core's edge.
    core_->step(in, co_);
    if (lr_) {
        lr_eg_hist_.emplace_back(size_t(N) * P);
        for (int o = 0; o < N; o++)
            for (int p = 0; p < P; p++) lr_eg_hist_.back()[size_t(o) * P + p] = co_.egress_cnt[o][p];
        if (lr_eg_hist_.size() > size_t(kLrAdmLead) + 1) lr_eg_hist_.pop_front();
        // A release register that is free after this edge, with a release in it before: the
        // release arbiter granted it on this edge (A1). (A deq taken on this edge leaves it
        // full: the grant is one edge later at the earliest.)
        for (int o = 0; o < N; o++)
            if (lr_deq_k_[o] >= 0 && co_.deq_ready[o] && !in.deq_valid[o]) {
                lr_granted_[size_t(lr_deq_k_[o])].push_back({now, lr_deq_cells_[o]});
                lr_deq_k_[o] = -1;
            }
    }
    for (int i = 0; i < N; i++) {
        st_.stat_drop += co_.stat_drop[i];
        st_.stat_violation += co_.stat_violation[i];
    }
    uint32_t hdrm = 0, total = 0, paused = 0;
    for (int i = 0; i < N; i++)
        for (int p = 0; p < P; p++) {
            hdrm += co_.hdrm_cnt[i][p];
            total += co_.egress_cnt[i][p];
            st_.paused_pg_cycles += co_.paused[i][p];
        }
    for (int i = 0; i < N; i++) paused |= uint32_t(co_.paused[i][cfg_.mon_prio]) << i;
    uint32_t eqc = co_.egress_cnt[cfg_.mon_port][cfg_.mon_prio];
    if (eqc > st_.peak_eq_cells) st_.peak_eq_cells = eqc, st_.peak_eq_cycle = now;
    if (co_.shared_used > st_.peak_shared) st_.peak_shared = co_.shared_used;
    if (hdrm > st_.peak_hdrm) st_.peak_hdrm = hdrm;
    if (total > st_.peak_total) st_.peak_total = total;
    if (trace_ && cfg_.sample_every && now % cfg_.sample_every == 0) {
        uint32_t txp = 0;
        for (int p = 0; p < P; p++) txp |= uint32_t(co_.tx_paused[cfg_.mon_port][p]) << p;
        SwitchSample s{now,      eqc,          uint32_t(eq_[cfg_.mon_port][cfg_.mon_prio].size()),
                       co_.shared_used, hdrm, paused, txp, st_.pfc_xoff, st_.pfc_xon, st_.stat_drop,
                       st_.stat_violation, st_.pfc_pred};
        trace_->row(s);
    }
}

SwitchNode::SwitchNode(sc_core::sc_module_name name, const SwitchConfig& cfg, std::unique_ptr<CoreBackend> core)
    : sc_core::sc_module(name),
      rx("rx", cfg.core.n_ports),
      tx("tx", cfg.core.n_ports),
      logic(cfg, std::move(core)),
      rx_buf_(cfg.core.n_ports),
      tx_buf_(cfg.core.n_ports) {
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
}

void SwitchNode::on_edge() {
    for (size_t i = 0; i < rx_buf_.size(); i++) rx_buf_[i] = rx[i].read();
    logic.edge(current_cycle(), rx_buf_, tx_buf_);
    for (size_t i = 0; i < tx_buf_.size(); i++) tx[i].write(tx_buf_[i]);
}

TraceWriter::TraceWriter(const std::string& path) : f_(std::fopen(path.c_str(), "w")) {
    if (!f_) throw std::runtime_error("--trace " + path + ": cannot open for writing");
    std::fprintf(f_, "cycle,eq_cells,eq_pkts,shared_used,hdrm_cells,paused,tx_paused,pfc_xoff,pfc_xon,drops,violations,"
                     "pfc_pred\n");
}

TraceWriter::~TraceWriter() {
    if (f_) std::fclose(f_);
}

void TraceWriter::row(const SwitchSample& s) {
    std::fprintf(f_, "%llu,%u,%u,%u,%u,0x%x,0x%x,%llu,%llu,%llu,%llu,%llu\n", (unsigned long long)s.cycle, s.eq_cells,
                 s.eq_pkts, s.shared_used, s.hdrm_cells, s.paused, s.tx_paused, (unsigned long long)s.pfc_xoff,
                 (unsigned long long)s.pfc_xon, (unsigned long long)s.drops, (unsigned long long)s.violations,
                 (unsigned long long)s.pfc_pred);
}

}  // namespace sim
}  // namespace fg
