// fg_sim_host.cpp - host node (see fg_sim_host.h).
#include "fg_sim_host.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace fg {
namespace sim {

uint64_t current_cycle() {
    // Every clock in the simulator has a 1 ns period with its first rising edge at 0.
    return sc_core::sc_time_stamp().value() / sc_core::sc_time(1, sc_core::SC_NS).value();
}

HostLogic::HostLogic(const HostConfig& cfg)
    : cfg_(cfg), sent_(cfg.flows.size(), 0), next_start_(cfg.flows.size(), 0.0), np_(cfg.dcqcn.cnp_interval) {
    cfg_.dcqcn.validate();
    for (const auto& f : cfg_.flows) {
        rp_.emplace_back(f.dcqcn ? new DcqcnRp(cfg_.dcqcn) : nullptr);
        next_start_[rp_.size() - 1] = double(f.start);
        if (f.prio >= kPrios)
            throw std::invalid_argument("flow " + std::to_string(f.flow) + ": prio " + std::to_string(f.prio) +
                                        " out of range 0..7");
        if (f.bytes < 64 || f.bytes > 9216)
            throw std::invalid_argument("flow " + std::to_string(f.flow) + ": bytes " + std::to_string(f.bytes) +
                                        " out of range 64..9216");
        size_rng_.push_back(f.seed);
        next_bytes_.push_back(f.bytes);
        next_bytes_.back() = draw_bytes(next_bytes_.size() - 1);
    }
}

uint16_t HostLogic::draw_bytes(size_t i) {
    const FlowSpec& f = cfg_.flows[i];
    if (!f.uniform_size) return f.bytes;
    // splitmix64: one step per packet of this flow.
    uint64_t z = (size_rng_[i] += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    // k from 2 cells up: a 1-cell packet makes the switch see a grant for an empty EQ (a
    // protocol error, also with a fixed 64 B --pkt; reported, not in this file).
    const uint64_t hi = cells_of(f.bytes), lo = hi < 2 ? hi : 2;
    const uint64_t k = lo + z % (hi - lo + 1);
    return uint16_t(std::min<uint64_t>(k * kCellBytes, f.bytes));
}

void HostLogic::receive(uint64_t now, const WireSymbol& rx) {
    bool loaded[kPrios] = {false, false, false, false, false, false, false, false};
    if (rx.pfc() && !rx.gfc) {  // a GFC frame carries stages, not quanta: tx_gate's business
        stats_.rx_pfc++;
        if (cfg_.obey_pfc) {
            for (int n = 0; n < kPrios; n++) {
                if ((rx.cev >> n) & 1u) {
                    timer_[n] = uint32_t(rx.time[n]) << 16;
                    loaded[n] = true;
                }
            }
        }
    }
    for (int n = 0; n < kPrios; n++) {
        if (!loaded[n]) timer_[n] = timer_[n] > cfg_.quanta_step ? timer_[n] - cfg_.quanta_step : 0;
        if (timer_[n]) stats_.paused_cycles[n]++;
    }
    if (rx.cnp()) {
        stats_.rx_cnp++;
        bool known = false;
        for (size_t i = 0; i < cfg_.flows.size(); i++)
            if (cfg_.flows[i].flow == rx.pkt.flow && rp_[i]) {
                rp_[i]->on_cnp(now);
                known = true;
            }
        if (!known) stats_.rx_cnp_unknown++;
    }
    if (rx.data()) {
        stats_.rx_cells++;
        if (rx.last_cell()) {
            stats_.rx_packets++;
            if (rx.pkt.ce) {
                stats_.rx_ce++;
                if (cfg_.cnp_on_ce && np_.on_ce(rx.pkt.flow, now))
                    cnp_q_.push_back(WireSymbol::cnp_frame(rx.pkt.flow, cfg_.id, rx.pkt.src));
            }
            uint64_t lat = now - rx.pkt.t_sent;
            if (cfg_.keep_latency) lat_[rx.pkt.flow].add(lat);
            stats_.latency_sum += lat;
            if (lat > stats_.latency_max) stats_.latency_max = lat;
            bool found = false;
            for (auto& fs : rx_next_seq_) {
                if (fs.first == rx.pkt.flow) {
                    if (rx.pkt.seq != fs.second) stats_.rx_out_of_order++;
                    fs.second = rx.pkt.seq + 1;
                    found = true;
                    break;
                }
            }
            if (!found) {
                if (rx.pkt.seq != 0) stats_.rx_out_of_order++;
                rx_next_seq_.push_back({rx.pkt.flow, rx.pkt.seq + 1});
            }
        }
    }
}

WireSymbol HostLogic::edge(uint64_t now, const WireSymbol& rx) {
    if (!cfg_.tx_gate) return edge_ungated(now, rx);
    cfg_.tx_gate->begin(now, rx);
    WireSymbol s = edge_ungated(now, rx);
    cfg_.tx_gate->end(now, s);
    return s;
}

WireSymbol HostLogic::edge_ungated(uint64_t now, const WireSymbol& rx) {
    receive(now, rx);
    for (auto& r : rp_)
        if (r) r->advance(now);
    if (busy_) {
        WireSymbol s = WireSymbol::data_cell(cur_, cur_next_++);
        stats_.tx_cells++;
        if (cur_next_ == cur_.cells) busy_ = false;
        return s;
    }
    if (script_next_ < cfg_.pfc_script.size() && cfg_.pfc_script[script_next_].cycle <= now) {
        const ScriptedPfc& p = cfg_.pfc_script[script_next_++];
        stats_.tx_pfc++;
        return WireSymbol::pfc_frame(p.cev, p.time);
    }
    WireSymbol ctl;
    if (cfg_.tx_gate && cfg_.tx_gate->control(now, ctl)) return ctl;
    if (!cnp_q_.empty()) {
        WireSymbol c = cnp_q_.front();
        cnp_q_.pop_front();
        stats_.tx_cnp++;
        return c;
    }
    size_t n = cfg_.flows.size();
    for (size_t k = 0; k < n; k++) {
        size_t i = (rr_ + k) % n;
        const FlowSpec& f = cfg_.flows[i];
        if (f.start > now || (f.packets && sent_[i] >= f.packets) || timer_[f.prio]) continue;
        if (double(now) < next_start_[i]) continue;
        const uint16_t bytes = next_bytes_[i];
        if (cfg_.tx_gate && !cfg_.tx_gate->may_start(now, f.prio, uint16_t(cells_of(bytes)))) continue;
        next_bytes_[i] = draw_bytes(i);
        cur_ = PacketDesc{};
        cur_.flow = f.flow;
        cur_.seq = uint32_t(sent_[i]++);
        cur_.src = cfg_.id;
        cur_.dst = f.dst;
        cur_.prio = f.prio;
        cur_.bytes = bytes;
        cur_.cells = uint16_t(cells_of(bytes));
        cur_.t_sent = now;
        cur_.ect = f.dcqcn;
        if (f.period) next_start_[i] = double(f.start + sent_[i] * f.period);
        if (rp_[i]) {
            rp_[i]->on_sent(bytes);
            next_start_[i] = double(now) + double(cur_.cells) * cfg_.dcqcn.line_gbps / rp_[i]->rate_gbps();
        }
        rr_ = i + 1;
        stats_.tx_packets++;
        stats_.tx_cells++;
        cur_next_ = 1;
        busy_ = cur_.cells > 1;
        return WireSymbol::data_cell(cur_, 0);
    }
    return WireSymbol{};
}

HostNode::HostNode(sc_core::sc_module_name name, const HostConfig& cfg) : sc_core::sc_module(name), logic(cfg) {
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
}

void HostNode::on_edge() { tx.write(logic.edge(current_cycle(), rx.read())); }

}  // namespace sim
}  // namespace fg
