// fg_bench_core.cpp - simulation speed of the switch core on a recorded scenario.
//
// The system simulator records every cycle's core inputs of a run (fg_sim --core-trace F:
// a header, then one fg_sw_core_in per cycle, see verif/system). This tool replays that
// record open-loop into
//   --model cmodel   cmodel/top/sw_core.c
//   --model rtl      the Verilated rtl/top/fg_sw_core.v behind the same structs
// and prints cycles per second (timed passes do nothing but step), plus an FNV-1a hash of
// every output of every cycle from one more untimed pass, so a bench run also shows the two
// models did the same work (the hashes must be equal).
// --vectors F writes the lock-step vector format (verif/lockstep) for the Icarus replay bench,
// which times Icarus on the same cycles (--vector-cycles N: the first N of them, Icarus being
// slow). Output: one JSON object on stdout.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "Vtop.h"
#include "fg_core_trace.h"
#include "sw_core_rtl.h"

static uint64_t fnv(uint64_t h, const void* p, size_t n) {
    const unsigned char* b = (const unsigned char*)p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

// Hash of the outputs that exist at this size (the arrays are sized for the largest core).
static uint64_t hash_out(uint64_t h, const fg_sw_core_out& o, int N, int P) {
    h = fnv(h, &o.csr_rdata, sizeof o.csr_rdata);
    h = fnv(h, &o.cfg_error, 1);
    h = fnv(h, &o.csr_ready, 1);
    h = fnv(h, &o.shared_used, sizeof o.shared_used);
    for (int i = 0; i < N; i++) {
        uint8_t b[8] = {o.enq_accept[i], o.enq_drop[i], o.enq_where[i], o.stat_drop[i],
                        o.stat_violation[i], o.tx_ctrl_valid[i], o.grant_valid[i], o.grant_prio[i]};
        h = fnv(h, b, sizeof b);
        h = fnv(h, &o.tx_ctrl_cev[i], 1);
        h = fnv(h, &o.tx_ctrl_xoff[i], 1);
        for (int p = 0; p < P; p++) {
            uint8_t f[2] = {o.paused[i][p], o.tx_paused[i][p]};
            h = fnv(h, f, 2);
            h = fnv(h, &o.ingress_cnt[i][p], 4);
            h = fnv(h, &o.hdrm_cnt[i][p], 4);
            h = fnv(h, &o.egress_cnt[i][p], 4);
        }
    }
    return h;
}

int main(int argc, char** argv) {
    std::string trace, model = "cmodel", vectors;
    int repeat = 1;
    long vector_cycles = -1;  // all
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "error: %s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--trace")
            trace = val();
        else if (a == "--model")
            model = val();
        else if (a == "--vectors")
            vectors = val();
        else if (a == "--repeat")
            repeat = std::atoi(val().c_str());
        else if (a == "--vector-cycles")
            vector_cycles = std::atol(val().c_str());
        else {
            std::fprintf(stderr, "usage: %s --trace FILE [--model cmodel|rtl] [--vectors FILE] [--repeat K]\n",
                         argv[0]);
            return 2;
        }
    }
    if (model != "cmodel" && model != "rtl") {
        std::fprintf(stderr, "error: --model must be cmodel or rtl, got '%s'\n", model.c_str());
        return 2;
    }
    if (repeat < 1) {
        std::fprintf(stderr, "error: --repeat must be >= 1\n");
        return 2;
    }
    fg_sw_core_cfg cfg;
    std::vector<fg_sw_core_in> ins;
    std::string err;
    if (!fg::read_core_trace(trace, &cfg, &ins, &err)) {
        std::fprintf(stderr, "error: %s\n", err.c_str());
        return 2;
    }
    const int N = cfg.n_ports, P = cfg.n_prio;
    uint64_t h = 0xcbf29ce484222325ull;
    double secs = 0, eval_secs = 0;
    fg_sw_core_out out{};
    if (!vectors.empty()) {
        // The vector writer needs the port table, which lives on a Verilated model; the values
        // written are the C model's (as in every lock-step vector file).
        Vtop top;
        fg::FgSignals sig;
        fg_sw_core_in in{};
        bool rst = true;
        fg::sw_core_signals(sig, &top, cfg, &in, &out, &rst);
        FILE* f = std::fopen(vectors.c_str(), "w");
        if (!f) {
            std::fprintf(stderr, "error: cannot write %s\n", vectors.c_str());
            return 2;
        }
        sig.write_vector_header(f, "fg_sw_core", {{"N_PORTS", N}, {"N_PRIO", P}});
        fg_sw_core_state* st = fg_sw_core_create(&cfg);
        fg_sw_core_outputs(st, &out);
        sig.write_vector_line(f);  // the reset cycle
        rst = false;
        long written = 0;
        for (auto& x : ins) {
            if (vector_cycles >= 0 && written++ >= vector_cycles) break;
            in = x;
            fg_sw_core_step(st, &in, &out);
            sig.write_vector_line(f);
        }
        fg_sw_core_free(st);
        std::fclose(f);
    }
    // Timed passes step the model and nothing else; one more, untimed pass hashes every
    // output of every cycle so the two models can be shown to have done the same work.
    for (int r = 0; r <= repeat; r++) {
        const bool timed = r < repeat;
        h = 0xcbf29ce484222325ull;
        if (model == "cmodel") {
            fg_sw_core_state* st = fg_sw_core_create(&cfg);
            auto t0 = std::chrono::steady_clock::now();
            for (auto& x : ins) {
                fg_sw_core_step(st, &x, &out);
                if (!timed) h = hash_out(h, out, N, P);
            }
            if (timed) secs += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            fg_sw_core_free(st);
        } else {
            fg::FgSwCoreRtl<Vtop> rtl(cfg);
            auto t0 = std::chrono::steady_clock::now();
            for (auto& x : ins) {
                rtl.step(&x, &out);
                if (!timed) h = hash_out(h, out, N, P);
            }
            if (timed) {
                secs += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                eval_secs += rtl.eval_seconds();
            }
        }
    }
    double cycles = double(ins.size()) * repeat;
    std::printf("{\"model\": \"%s\", \"n_ports\": %d, \"n_prio\": %d, \"cycles\": %.0f, \"seconds\": %.4f, "
                "\"cycles_per_second\": %.0f, \"output_hash\": \"%016llx\"",
                model.c_str(), N, P, cycles, secs, cycles / secs, (unsigned long long)h);
    if (model == "rtl")
        std::printf(", \"eval_only_seconds\": %.4f, \"eval_only_cycles_per_second\": %.0f", eval_secs,
                    cycles / eval_secs);
    std::printf("}\n");
    return 0;
}
