// fg_core_trace.h - a recorded run of the switch core's inputs: what the system simulator
// fed the core, cycle by cycle, so the same scenario can be replayed into the C model, the
// Verilated RTL and (as lock-step vectors) Icarus. Format: the 8-byte magic "FGCORE01", the
// fg_sw_core_cfg (4 x int32), the record size, then one raw fg_sw_core_in per cycle after
// reset. Raw structs: a trace is read back by the same build that wrote it.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

extern "C" {
#include "top/sw_core.h"
}

namespace fg {

class CoreTraceWriter {
   public:
    bool open(const std::string& path, const fg_sw_core_cfg& cfg) {
        f_ = std::fopen(path.c_str(), "wb");
        if (!f_) return false;
        int32_t hdr[5] = {cfg.n_ports, cfg.n_prio, cfg.cw, cfg.sw, (int32_t)sizeof(fg_sw_core_in)};
        std::fwrite("FGCORE01", 1, 8, f_);
        std::fwrite(hdr, sizeof hdr, 1, f_);
        return true;
    }
    void record(const fg_sw_core_in& in) {
        if (f_) std::fwrite(&in, sizeof in, 1, f_);
    }
    ~CoreTraceWriter() {
        if (f_) std::fclose(f_);
    }

   private:
    FILE* f_ = nullptr;
};

inline bool read_core_trace(const std::string& path, fg_sw_core_cfg* cfg, std::vector<fg_sw_core_in>* ins,
                            std::string* err) {
    FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) {
        *err = "cannot read core trace '" + path + "'";
        return false;
    }
    char magic[8];
    int32_t hdr[5];
    if (std::fread(magic, 1, 8, f) != 8 || std::string(magic, 8) != "FGCORE01" || std::fread(hdr, sizeof hdr, 1, f) != 1) {
        std::fclose(f);
        *err = "'" + path + "' is not a core trace (no FGCORE01 header)";
        return false;
    }
    if (hdr[4] != (int32_t)sizeof(fg_sw_core_in)) {
        std::fclose(f);
        *err = "'" + path + "' was written by a build with another fg_sw_core_in layout";
        return false;
    }
    *cfg = fg_sw_core_cfg{};  // the trace holds the sizes: every build option at its default (built)
    cfg->n_ports = hdr[0];
    cfg->n_prio = hdr[1];
    cfg->cw = hdr[2];
    cfg->sw = hdr[3];
    fg_sw_core_in in;
    ins->clear();
    while (std::fread(&in, sizeof in, 1, f) == 1) ins->push_back(in);
    std::fclose(f);
    return true;
}

}  // namespace fg
