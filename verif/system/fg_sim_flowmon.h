// fg_sim_flowmon.h - an observer of a multi-switch run: per-flow throughput over time
// windows, per-switch queue occupancy and peaks, and when each switch port last sent a data
// cell of each priority (the deadlock detector's "progress").
//
// It changes nothing: it reads the wires into the hosts, the wires out of the switches and
// the switches' core outputs. It runs on the FALLING clock edge, after every node's
// rising-edge process of that cycle, so what it reads is the state after rising edge t
// whatever order SystemC ran the nodes in (a run stays a pure function of its options):
//   - a host's rx wire at the falling edge of t holds the symbol the host reads at t+1; a
//     flow's cells are counted there (received throughput, as the destination sees it);
//   - a switch's tx wire holds what the switch sent at edge t (its progress);
//   - core_out() is the core's registered outputs after edge t.
// Windows are cycles [k*W, (k+1)*W); a window is closed at its last cycle.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <systemc>
#include <vector>

#include "fg_sim_host.h"
#include "fg_sim_switch.h"

namespace fg {
namespace sim {

struct FlowMonConfig {
    uint64_t window = 1000;                // W, cycles per throughput window
    uint64_t check_every = 0;              // call on_check every K cycles (0: never)
    int n_prio = 8;
    std::vector<uint32_t> flow_ids;        // the flows to follow (PacketDesc::flow)
    std::vector<std::string> flow_names;
    std::vector<std::string> switch_names;
    std::vector<int> ports_used;           // per switch: ports 0..n-1 are watched
    uint32_t prio_mask = 1u << 3;          // priorities shown in the CSV's bitmaps (lossless)
};

struct WindowRow {
    uint64_t end_cycle = 0;                // last cycle of the window
    std::vector<uint64_t> flow_cells;      // per flow, cells received in the window
    std::vector<uint32_t> queue_cells;     // per switch, cells queued (sum of egress_cnt) at the end
    std::vector<uint32_t> paused;          // per switch, bit i: an ingress PG of port i paused
    std::vector<uint32_t> tx_paused;       // per switch, bit o: egress o held by a received pause
    // Per switch, per port used: the lossless PG's cells (ingress_cnt + hdrm_cnt) averaged over
    // the window, and the data cells the port sent in the window (its link's rate).
    std::vector<std::vector<double>> pg_mean;
    std::vector<std::vector<uint64_t>> port_tx;
};

SC_MODULE(FlowMonitor) {
    sc_core::sc_in<bool> clk;
    SC_HAS_PROCESS(FlowMonitor);
    FlowMonitor(sc_core::sc_module_name name, const FlowMonConfig& cfg, std::vector<HostNode*> hosts,
                std::vector<SwitchNode*> switches);

    // Called on the falling edge of every check_every-th cycle (the deadlock detector).
    std::function<void(uint64_t now)> on_check;
    // Called on the falling edge that closes a window, after its row was stored.
    std::function<void(uint64_t now)> on_window;
    // One CSV row per window (header first); nullptr: none.
    void set_csv(FILE* f);

    const std::vector<WindowRow>& windows() const { return rows_; }
    // Last cycle switch s sent a data cell of priority p on port o (0: never).
    uint64_t last_tx(int s, int o, int p) const { return last_tx_[s][o * cfg_.n_prio + p]; }
    uint64_t tx_cells(int s, int o) const { return tx_cells_[s][o]; }
    uint32_t queue_peak(int s) const { return peak_[s]; }
    uint64_t queue_peak_cycle(int s) const { return peak_cycle_[s]; }
    // Cells an ingress PG (port i, the lossless priorities of prio_mask) holds: the core's
    // ingress_cnt + hdrm_cnt, its peak over the run and its value at the last cycle seen.
    uint32_t pg_peak(int s, int i) const { return pg_peak_[s][i]; }
    uint32_t pg_now(int s, int i) const { return pg_now_[s][i]; }
    uint64_t flow_cells(size_t f) const { return flow_total_[f]; }
    const FlowMonConfig& config() const { return cfg_; }

   private:
    void on_negedge();
    void close_window(uint64_t now);
    FlowMonConfig cfg_;
    std::vector<HostNode*> hosts_;
    std::vector<SwitchNode*> sw_;
    std::vector<std::vector<uint64_t>> last_tx_, tx_cells_;
    std::vector<uint32_t> peak_;
    std::vector<std::vector<uint32_t>> pg_peak_, pg_now_;
    std::vector<std::vector<uint64_t>> pg_sum_, tx_win_;  // this window: PG cell-cycles, cells sent
    std::vector<uint64_t> peak_cycle_;
    std::vector<uint64_t> cur_cells_, flow_total_;
    std::vector<WindowRow> rows_;
    FILE* csv_ = nullptr;
};

}  // namespace sim
}  // namespace fg
