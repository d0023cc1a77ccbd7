// fg_sim_flowmon.cpp - per-flow throughput, queues and port progress (see fg_sim_flowmon.h).
#include "fg_sim_flowmon.h"

#include <stdexcept>

namespace fg {
namespace sim {

FlowMonitor::FlowMonitor(sc_core::sc_module_name name, const FlowMonConfig& cfg, std::vector<HostNode*> hosts,
                         std::vector<SwitchNode*> switches)
    : sc_core::sc_module(name), cfg_(cfg), hosts_(std::move(hosts)), sw_(std::move(switches)) {
    if (cfg_.window < 1) throw std::invalid_argument("throughput window must be at least 1 cycle");
    if (cfg_.ports_used.size() != sw_.size() || cfg_.switch_names.size() != sw_.size())
        throw std::logic_error("FlowMonitor: one ports_used and one name per switch");
    if (cfg_.flow_names.size() != cfg_.flow_ids.size()) throw std::logic_error("FlowMonitor: one name per flow");
    for (size_t s = 0; s < sw_.size(); s++) {
        last_tx_.push_back(std::vector<uint64_t>(size_t(cfg_.ports_used[s]) * cfg_.n_prio, 0));
        tx_cells_.push_back(std::vector<uint64_t>(cfg_.ports_used[s], 0));
        pg_peak_.push_back(std::vector<uint32_t>(cfg_.ports_used[s], 0));
        pg_now_.push_back(std::vector<uint32_t>(cfg_.ports_used[s], 0));
        pg_sum_.push_back(std::vector<uint64_t>(cfg_.ports_used[s], 0));
        tx_win_.push_back(std::vector<uint64_t>(cfg_.ports_used[s], 0));
    }
    peak_.assign(sw_.size(), 0);
    peak_cycle_.assign(sw_.size(), 0);
    cur_cells_.assign(cfg_.flow_ids.size(), 0);
    flow_total_.assign(cfg_.flow_ids.size(), 0);
    SC_METHOD(on_negedge);
    sensitive << clk.neg();
    dont_initialize();
}

void FlowMonitor::set_csv(FILE* f) {
    csv_ = f;
    if (!csv_) return;
    std::fprintf(csv_, "cycle");
    for (const auto& n : cfg_.flow_names) std::fprintf(csv_, ",%s_cells", n.c_str());
    for (const auto& n : cfg_.switch_names) std::fprintf(csv_, ",%s_queue,%s_paused,%s_txp", n.c_str(), n.c_str(), n.c_str());
    std::fprintf(csv_, "\n");
}

void FlowMonitor::close_window(uint64_t now) {
    WindowRow r;
    r.end_cycle = now;
    r.flow_cells = cur_cells_;
    for (size_t s = 0; s < sw_.size(); s++) {
        const fg_sw_core_out& co = sw_[s]->logic.core_out();
        uint32_t q = 0, paused = 0, txp = 0;
        for (int o = 0; o < cfg_.ports_used[s]; o++)
            for (int p = 0; p < cfg_.n_prio; p++) {
                q += co.egress_cnt[o][p];
                if ((cfg_.prio_mask >> p) & 1u) {
                    paused |= uint32_t(co.paused[o][p]) << o;
                    txp |= uint32_t(co.tx_paused[o][p]) << o;
                }
            }
        r.queue_cells.push_back(q);
        r.paused.push_back(paused);
        r.tx_paused.push_back(txp);
        std::vector<double> mean(cfg_.ports_used[s]);
        for (int i = 0; i < cfg_.ports_used[s]; i++) mean[i] = double(pg_sum_[s][i]) / double(cfg_.window);
        r.pg_mean.push_back(mean);
        r.port_tx.push_back(tx_win_[s]);
        pg_sum_[s].assign(pg_sum_[s].size(), 0);
        tx_win_[s].assign(tx_win_[s].size(), 0);
    }
    if (csv_) {
        std::fprintf(csv_, "%llu", (unsigned long long)now);
        for (uint64_t c : r.flow_cells) std::fprintf(csv_, ",%llu", (unsigned long long)c);
        for (size_t s = 0; s < sw_.size(); s++)
            std::fprintf(csv_, ",%u,0x%x,0x%x", r.queue_cells[s], r.paused[s], r.tx_paused[s]);
        std::fprintf(csv_, "\n");
    }
    rows_.push_back(r);
    cur_cells_.assign(cur_cells_.size(), 0);
}

void FlowMonitor::on_negedge() {
    const uint64_t now = current_cycle();
    for (HostNode* h : hosts_) {
        const WireSymbol& s = h->rx.read();
        if (!s.data()) continue;
        for (size_t f = 0; f < cfg_.flow_ids.size(); f++)
            if (cfg_.flow_ids[f] == s.pkt.flow) {
                cur_cells_[f]++;
                flow_total_[f]++;
            }
    }
    for (size_t s = 0; s < sw_.size(); s++) {
        const fg_sw_core_out& co = sw_[s]->logic.core_out();
        uint32_t q = 0;
        for (int o = 0; o < cfg_.ports_used[s]; o++) {
            const WireSymbol& w = sw_[s]->tx[o].read();
            if (w.data() && w.pkt.prio < cfg_.n_prio) {
                last_tx_[s][o * cfg_.n_prio + w.pkt.prio] = now;
                tx_cells_[s][o]++;
                tx_win_[s][o]++;
            }
            uint32_t pg = 0;
            for (int p = 0; p < cfg_.n_prio; p++) {
                q += co.egress_cnt[o][p];
                if ((cfg_.prio_mask >> p) & 1u) pg += co.ingress_cnt[o][p] + co.hdrm_cnt[o][p];
            }
            pg_now_[s][o] = pg;
            pg_sum_[s][o] += pg;
            if (pg > pg_peak_[s][o]) pg_peak_[s][o] = pg;
        }
        if (q > peak_[s]) peak_[s] = q, peak_cycle_[s] = now;
    }
    if ((now + 1) % cfg_.window == 0) {
        close_window(now);
        if (on_window) on_window(now);
    }
    if (cfg_.check_every && on_check && (now + 1) % cfg_.check_every == 0) on_check(now);
}

}  // namespace sim
}  // namespace fg
