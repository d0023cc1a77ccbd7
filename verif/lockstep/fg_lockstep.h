// fg_lockstep.h - lock-step harness: one Verilated RTL top and its C-model twin, driven with
// identical inputs every cycle, every registered output compared after every rising edge.
//
// A testbench describes its block once, as a signal table (FgSignals): each input and output
// with its name, width, the Verilated signal and how to read the model's value. The library
// then does the rest the same way for every block:
//   - copies the model's inputs into the RTL every cycle (so the two cannot be driven apart),
//   - compares every output after every edge; the first mismatch ends the run with
//       LOCKSTEP MISMATCH test=T seed=S cycle=C signal=NAME rtl=0x.. model=0x..
//   - re-runs the same seed with FST tracing on and writes the cycles before the mismatch
//     to build/waves/<test>_seed<S>.fst (the stimulus is a pure function of the seed),
//   - optionally writes every cycle's inputs and model outputs to a vector file that the
//     Icarus replay bench (verif/icarus) reads, so a second simulator checks the same RTL,
//   - prints the model's coverage points (FSM states and branches reached).
//
// Command line of every lock-step binary:
//   --seed N --cycles M [--wave FILE] [--wave-window K] [--wave-always]
//   [--vectors FILE] [--progress K] [--quiet] [--coverage-advisory] [--coverage-other-form]
// (--coverage-other-form: report_coverage_form takes the points of the other form(s) as this
// form's, so this form's own hits are "points it cannot reach": the check's self-test.)
#pragma once

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "verilated.h"
#include "verilated_fst_c.h"

namespace fg {

// The width of an index over n things as the RTL derives it: max(1, clog2(n)) (PW, PGW, EW, KW).
constexpr int index_width(int n) {
    int w = 1;
    while ((1 << w) < n) w++;
    return w;
}

// A testbench's own check (against a reference of its own) that failed: kept and reported at
// the next stimulus call (or by the coverage report after the last cycle), so that the
// lock-step compare of the same edge, RTL against model, runs first and, when the two
// disagree, reports the mismatch with its waveform. fail() keeps the first failure.
struct DeferredCheck {
    std::string failed;
    void fail(uint64_t cycle, const char* what, long a, long b) {
        if (!failed.empty()) return;
        char buf[320];
        std::snprintf(buf, sizeof buf, "CHECK FAIL cycle=%llu %s (%ld, %ld)", (unsigned long long)cycle, what, a, b);
        failed = buf;
    }
    // at the start of stimulus(): a failure so far ends the run
    void exit_if_failed() const {
        if (failed.empty()) return;
        std::printf("%s\n", failed.c_str());
        std::exit(1);
    }
    // in coverage(): false (after printing it) when a check failed
    bool ok() const {
        if (!failed.empty()) std::printf("%s\n", failed.c_str());
        return failed.empty();
    }
};

struct Options {
    std::string test;            // test name used in every report line
    uint64_t seed = 1;           // stimulus seed
    uint64_t cycles = 100000;    // cycles to run after reset
    std::string wave;            // waveform file (default build/waves/<test>_seed<S>.fst)
    uint64_t wave_window = 200;  // cycles before a mismatch that go into the waveform
    bool wave_always = false;    // trace the whole run (for looking, not for speed)
    std::string vectors;         // write per-cycle vectors for the Icarus replay
    uint64_t progress = 0;       // print a progress line every K cycles (0 = never)
    bool quiet = false;
    bool rerun = false;          // internal: the waveform re-run, which reports nothing again
    bool coverage_advisory = false;  // report unreached coverage points without failing
    bool coverage_other_form = false;  // report_coverage_form's self-test: swap the forms' points
};

// Parses the common options; unknown options are an error naming the option.
Options parse_options(int argc, char** argv, const char* test_name);

// Deterministic stimulus generator (xoshiro256**, seeded by splitmix64 from --seed).
class Rng {
   public:
    explicit Rng(uint64_t seed);
    uint64_t next();
    uint64_t below(uint64_t n);            // uniform in [0, n), n > 0
    uint64_t range(uint64_t lo, uint64_t hi);  // uniform in [lo, hi]
    bool chance(uint32_t num, uint32_t den);   // true with probability num/den
    uint64_t bits(int width);              // uniform value of `width` bits

   private:
    uint64_t s_[4];
};

// A value of any width, as 32-bit words, least significant first.
struct Bits {
    int width = 0;
    std::vector<uint32_t> w;
    explicit Bits(int width_ = 0) : width(width_), w((width_ + 31) / 32, 0u) {}
    void set_field(int lsb, int nbits, uint64_t v);  // nbits <= 64
    uint64_t get_field(int lsb, int nbits) const;
    bool operator==(const Bits& o) const { return w == o.w; }
    std::string hex() const;  // without 0x, exactly ceil(width/4) digits
};

// Read/write a Verilated port of any storage type as Bits.
inline void rtl_write(CData* p, const Bits& b) { *p = (CData)b.get_field(0, b.width); }
inline void rtl_write(SData* p, const Bits& b) { *p = (SData)b.get_field(0, b.width); }
inline void rtl_write(IData* p, const Bits& b) { *p = (IData)b.get_field(0, b.width); }
inline void rtl_write(QData* p, const Bits& b) { *p = (QData)b.get_field(0, b.width); }
template <std::size_t N>
void rtl_write(VlWide<N>* p, const Bits& b) {
    for (std::size_t i = 0; i < N; i++) p->at(i) = i < b.w.size() ? b.w[i] : 0u;
}
inline void rtl_read(const CData* p, Bits& b) { b.set_field(0, b.width, *p); }
inline void rtl_read(const SData* p, Bits& b) { b.set_field(0, b.width, *p); }
inline void rtl_read(const IData* p, Bits& b) { b.set_field(0, b.width, *p); }
inline void rtl_read(const QData* p, Bits& b) { b.set_field(0, b.width, *p); }
template <std::size_t N>
void rtl_read(const VlWide<N>* p, Bits& b) {
    for (std::size_t i = 0; i < b.w.size(); i++) b.w[i] = i < N ? p->at(i) : 0u;
    if (b.width % 32) b.w.back() &= (1u << (b.width % 32)) - 1u;
}

// One port of the block: the model side is a function of an element index (arrays are
// packed element 0 at the least significant end, as the RTL flattens them).
struct Signal {
    std::string name;
    int elem_width;
    int count;  // 1 for a scalar
    bool is_input;
    std::function<uint64_t(int)> model;
    std::function<void(const Bits&)> rtl_set;
    std::function<void(Bits&)> rtl_get;
    std::function<void(int, uint64_t)> store;  // optional: RTL value -> model-shaped struct
    int width() const { return elem_width * count; }
    Bits model_bits() const;
    void model_bits_into(Bits& b) const;  // b must be width() wide
    // Per-edge scratch values, sized once when the port is added (no allocation per edge).
    Bits scratch_model, scratch_rtl;
};

class FgSignals {
   public:
    template <class T>
    void input(const std::string& name, int width, T* rtl, std::function<uint64_t()> model) {
        add(name, width, 1, true, rtl, [model](int) { return model(); });
    }
    template <class T>
    void input_array(const std::string& name, int elem_width, int count, T* rtl,
                     std::function<uint64_t(int)> model) {
        add(name, elem_width, count, true, rtl, model);
    }
    template <class T>
    void output(const std::string& name, int width, T* rtl, std::function<uint64_t()> model) {
        add(name, width, 1, false, rtl, [model](int) { return model(); });
    }
    template <class T>
    void output_array(const std::string& name, int elem_width, int count, T* rtl,
                      std::function<uint64_t(int)> model) {
        add(name, elem_width, count, false, rtl, model);
    }
    // An output whose RTL value can also be stored into a model-shaped struct (for running
    // the Verilated RTL as a drop-in for the C model, e.g. in the system simulator).
    template <class T>
    void output_array_rw(const std::string& name, int elem_width, int count, T* rtl,
                         std::function<uint64_t(int)> model, std::function<void(int, uint64_t)> store) {
        add(name, elem_width, count, false, rtl, model);
        sigs_.back().store = store;
    }
    // Model inputs -> RTL inputs.
    void apply_inputs();
    // RTL outputs -> the struct behind each output's `store` (outputs without one are skipped).
    void store_rtl_outputs();
    // Compares every output; on the first difference prints the LOCKSTEP MISMATCH line (with
    // the array element when the port is an array) and returns false.
    bool compare(const Options& o, uint64_t cycle, std::string* what = nullptr);
    // Vector file for the Icarus replay: header, then one line per cycle.
    void write_vector_header(FILE* f, const std::string& module,
                             const std::vector<std::pair<std::string, long>>& params) const;
    void write_vector_line(FILE* f) const;
    const std::vector<Signal>& signals() const { return sigs_; }

   private:
    template <class T>
    void add(const std::string& name, int ew, int n, bool in, T* rtl, std::function<uint64_t(int)> m) {
        Signal s;
        s.name = name;
        s.elem_width = ew;
        s.count = n;
        s.is_input = in;
        s.model = m;
        s.rtl_set = [rtl](const Bits& b) { rtl_write(rtl, b); };
        s.rtl_get = [rtl](Bits& b) { rtl_read(rtl, b); };
        s.scratch_model = Bits(s.width());
        s.scratch_rtl = Bits(s.width());
        sigs_.push_back(s);
    }
    std::vector<Signal> sigs_;
};

// Coverage points of a C model: names and hit counts. Prints
//   COVERAGE test=T points=H/N missing=a,b,...
// and returns true when every point was hit at least once.
bool report_coverage(const Options& o, const char* const* names, const uint64_t* counts, int n);

// The same for a block built in one of several forms (a build parameter such as COMPACT), whose
// model names the points of every form: only the points with reachable[i] true are reported
// and must be hit; a point this form cannot reach that was hit anyway prints
//   CHECK <block> coverage point <name> hit, which this form cannot reach WRONG
// and fails (the model counted it on a path this form does not have).
bool report_coverage_form(const Options& o, const char* block, const char* const* names, const uint64_t* counts,
                          const bool* reachable, int n);

// The run loop, the same for every block. TB must provide:
//   std::unique_ptr<Vtop> top;  FgSignals sig;  std::string module;  params (vector of pairs)
//   TB(const Options&)           builds RTL and model, registers signals
//   void stimulus(uint64_t cycle, Rng&)   fills the model's input struct for this cycle
//   void model_step()            one model edge (a reset when the stimulus asserts rst)
//   bool coverage()              prints coverage via report_coverage, true if complete
//   bool require_coverage         fail the run when coverage is incomplete
template <class TB>
int run(int argc, char** argv, const char* test_name);

// The test's name from the binary's: argv[0] without its directory and the "ls_" prefix
// (fallback when there is no argv[0]).
inline std::string test_name_from_argv(int argc, char** argv, const char* fallback) {
    std::string name = argc > 0 ? argv[0] : fallback;
    name = name.substr(name.find_last_of('/') + 1);
    if (name.compare(0, 3, "ls_") == 0) name = name.substr(3);
    return name;
}

// ---- implementation of the template -----------------------------------------------------

namespace detail {
void print_pass(const Options& o, uint64_t cycles, double seconds);
std::string default_wave(const Options& o);
}  // namespace detail

// Runs one pass. Returns the cycle of the first mismatch, or -1.
template <class TB>
int64_t run_pass(const Options& o, bool tracing, uint64_t trace_from, const std::string& wave,
                 FILE* vec, TB** keep) {
    Verilated::traceEverOn(true);
    auto* tb = new TB(o);
    std::unique_ptr<VerilatedFstC> tfp;
    if (tracing) {
        tfp.reset(new VerilatedFstC);
        tb->top->trace(tfp.get(), 99);
        tfp->open(wave.c_str());
    }
    if (vec) tb->sig.write_vector_header(vec, tb->module, tb->params);
    Rng rng(o.seed);
    int64_t fail = -1;
    tb->top->clk = 0;
    tb->top->eval();
    for (uint64_t c = 0; c < o.cycles; c++) {
        tb->stimulus(c, rng);
        tb->sig.apply_inputs();
        tb->model_step();
        tb->top->eval();  // settle inputs while the clock is low
        if (tfp && c >= trace_from) tfp->dump(2 * c);
        tb->top->clk = 1;
        tb->top->eval();
        if (tfp && c >= trace_from) tfp->dump(2 * c + 1);
        if (vec) tb->sig.write_vector_line(vec);
        if (!tb->sig.compare(o, c)) {
            fail = (int64_t)c;
            break;
        }
        tb->top->clk = 0;
        tb->top->eval();
        if (o.progress && (c + 1) % o.progress == 0 && !o.quiet)
            std::printf("LOCKSTEP PROGRESS test=%s cycle=%llu/%llu\n", o.test.c_str(),
                        (unsigned long long)(c + 1), (unsigned long long)o.cycles);
    }
    if (tfp) tfp->close();
    if (keep)
        *keep = tb;
    else
        delete tb;
    return fail;
}

template <class TB>
int run(int argc, char** argv, const char* test_name) {
    Options o = parse_options(argc, argv, test_name);
    FILE* vec = nullptr;
    if (!o.vectors.empty()) {
        vec = std::fopen(o.vectors.c_str(), "w");
        if (!vec) {
            std::fprintf(stderr, "cannot write %s\n", o.vectors.c_str());
            return 2;
        }
    }
    std::string wave = o.wave.empty() ? detail::default_wave(o) : o.wave;
    std::clock_t t0 = std::clock();
    TB* tb = nullptr;
    int64_t fail = run_pass<TB>(o, o.wave_always, 0, wave, vec, &tb);
    double secs = double(std::clock() - t0) / CLOCKS_PER_SEC;
    if (vec) std::fclose(vec);
    bool cov_ok = tb->coverage();
    bool need_cov = tb->require_coverage;
    delete tb;
    if (fail >= 0) {
        // Same seed, same stimulus: run again up to the mismatch with the tracer on.
        uint64_t from = (uint64_t)fail > o.wave_window ? (uint64_t)fail - o.wave_window : 0;
        Options o2 = o;
        o2.quiet = true;
        o2.rerun = true;
        run_pass<TB>(o2, true, from, wave, nullptr, (TB**)nullptr);
        std::printf("LOCKSTEP WAVE test=%s file=%s cycles=%llu..%lld\n", o.test.c_str(), wave.c_str(),
                    (unsigned long long)from, (long long)fail);
        std::printf("LOCKSTEP FAIL test=%s seed=%llu cycle=%lld\n", o.test.c_str(),
                    (unsigned long long)o.seed, (long long)fail);
        return 1;
    }
    if (need_cov && !cov_ok && o.coverage_advisory)
        std::printf("LOCKSTEP NOTE test=%s coverage incomplete (advisory: --coverage-advisory)\n", o.test.c_str());
    if (need_cov && !cov_ok && !o.coverage_advisory) {
        std::printf("LOCKSTEP FAIL test=%s seed=%llu reason=coverage-incomplete\n", o.test.c_str(),
                    (unsigned long long)o.seed);
        return 1;
    }
    detail::print_pass(o, o.cycles, secs);
    return 0;
}

}  // namespace fg
