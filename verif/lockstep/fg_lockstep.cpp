// fg_lockstep.cpp - non-template parts of the lock-step harness (see fg_lockstep.h).
#include "fg_lockstep.h"

#include <cstdlib>
#include <cstring>
#include <sys/stat.h>

namespace fg {

static uint64_t parse_u64(const char* flag, const char* v) {
    char* end = nullptr;
    errno = 0;
    unsigned long long x = std::strtoull(v, &end, 0);
    if (!v[0] || *end || errno) {
        std::fprintf(stderr, "error: %s expects a non-negative integer, got '%s'\n", flag, v);
        std::exit(2);
    }
    return x;
}

Options parse_options(int argc, char** argv, const char* test_name) {
    Options o;
    o.test = test_name;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&](void) -> const char* {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "error: %s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--seed") {
            o.seed = parse_u64("--seed", val());
        } else if (a == "--cycles") {
            o.cycles = parse_u64("--cycles", val());
        } else if (a == "--wave") {
            o.wave = val();
        } else if (a == "--wave-window") {
            o.wave_window = parse_u64("--wave-window", val());
        } else if (a == "--wave-always") {
            o.wave_always = true;
        } else if (a == "--vectors") {
            o.vectors = val();
        } else if (a == "--progress") {
            o.progress = parse_u64("--progress", val());
        } else if (a == "--quiet") {
            o.quiet = true;
        } else if (a == "--coverage-advisory") {
            o.coverage_advisory = true;
        } else if (a == "--coverage-other-form") {
            o.coverage_other_form = true;
        } else if (a == "--help" || a == "-h") {
            std::printf(
                "usage: %s [--seed N] [--cycles M] [--wave FILE] [--wave-window K] [--wave-always]\n"
                "          [--vectors FILE] [--progress K] [--quiet] [--coverage-advisory]\n"
                "          [--coverage-other-form]\n",
                argv[0]);
            std::exit(0);
        } else {
            std::fprintf(stderr, "error: unknown option '%s' (try --help)\n", a.c_str());
            std::exit(2);
        }
    }
    return o;
}

static uint64_t splitmix64(uint64_t& x) {
    uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

Rng::Rng(uint64_t seed) {
    uint64_t x = seed;
    for (auto& s : s_) s = splitmix64(x);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t Rng::next() {
    uint64_t r = rotl(s_[1] * 5, 7) * 9;
    uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return r;
}

uint64_t Rng::below(uint64_t n) { return n ? next() % n : 0; }
uint64_t Rng::range(uint64_t lo, uint64_t hi) { return lo + below(hi - lo + 1); }
bool Rng::chance(uint32_t num, uint32_t den) { return below(den) < num; }
uint64_t Rng::bits(int width) { return width >= 64 ? next() : next() & ((1ull << width) - 1); }

// Word-wise: these run for every port of every block on every edge of every lock-step test
// (a bit-serial loop here was 37 % of a CSR round-trip's run time). Bits at or above `width`
// are neither written nor read.
void Bits::set_field(int lsb, int nbits, uint64_t v) {
    if (nbits > width - lsb) nbits = width - lsb;
    for (int b = lsb; nbits > 0;) {
        int off = b % 32, take = 32 - off < nbits ? 32 - off : nbits;
        uint32_t m = (take == 32 ? 0xffffffffu : ((1u << take) - 1u)) << off;
        uint32_t& word = w[b / 32];
        word = (word & ~m) | (((uint32_t)v << off) & m);
        v >>= take;
        b += take;
        nbits -= take;
    }
}

uint64_t Bits::get_field(int lsb, int nbits) const {
    if (nbits > width - lsb) nbits = width - lsb;
    uint64_t v = 0;
    for (int b = lsb, got = 0; got < nbits;) {
        int off = b % 32, take = 32 - off < nbits - got ? 32 - off : nbits - got;
        uint64_t part = (w[b / 32] >> off) & (take == 32 ? 0xffffffffu : ((1u << take) - 1u));
        v |= part << got;
        b += take;
        got += take;
    }
    return v;
}

std::string Bits::hex() const {
    int digits = (width + 3) / 4;
    std::string s(digits, '0');
    for (int d = 0; d < digits; d++) {
        unsigned nib = (unsigned)get_field(4 * d, 4);
        s[digits - 1 - d] = "0123456789abcdef"[nib];
    }
    return s;
}

Bits Signal::model_bits() const {
    Bits b(width());
    model_bits_into(b);
    return b;
}

void Signal::model_bits_into(Bits& b) const {
    for (int k = 0; k < count; k++) {
        uint64_t v = model(k);
        if (elem_width < 64) v &= (1ull << elem_width) - 1;
        b.set_field(k * elem_width, elem_width, v);
    }
}

void FgSignals::apply_inputs() {
    for (auto& s : sigs_)
        if (s.is_input) {
            s.model_bits_into(s.scratch_model);
            s.rtl_set(s.scratch_model);
        }
}

void FgSignals::store_rtl_outputs() {
    for (auto& s : sigs_) {
        if (s.is_input || !s.store) continue;
        Bits r(s.width());
        s.rtl_get(r);
        for (int k = 0; k < s.count; k++) s.store(k, r.get_field(k * s.elem_width, s.elem_width));
    }
}

bool FgSignals::compare(const Options& o, uint64_t cycle, std::string* what) {
    for (auto& s : sigs_) {
        if (s.is_input) continue;
        Bits& m = s.scratch_model;
        Bits& r = s.scratch_rtl;
        s.model_bits_into(m);
        s.rtl_get(r);
        if (r == m) continue;
        // Name the first differing element of an array port.
        std::string name = s.name;
        Bits rv = r, mv = m;
        if (s.count > 1) {
            for (int k = 0; k < s.count; k++) {
                uint64_t a = r.get_field(k * s.elem_width, s.elem_width);
                uint64_t b = m.get_field(k * s.elem_width, s.elem_width);
                if (a != b) {
                    name += "[" + std::to_string(k) + "]";
                    rv = Bits(s.elem_width);
                    mv = Bits(s.elem_width);
                    rv.set_field(0, s.elem_width, a);
                    mv.set_field(0, s.elem_width, b);
                    break;
                }
            }
        }
        if (o.rerun) return false;
        std::printf("LOCKSTEP MISMATCH test=%s seed=%llu cycle=%llu signal=%s rtl=0x%s model=0x%s\n",
                    o.test.c_str(), (unsigned long long)o.seed, (unsigned long long)cycle, name.c_str(),
                    rv.hex().c_str(), mv.hex().c_str());
        std::fflush(stdout);
        if (what) *what = name;
        return false;
    }
    return true;
}

void FgSignals::write_vector_header(FILE* f, const std::string& module,
                                    const std::vector<std::pair<std::string, long>>& params) const {
    std::fprintf(f, "#module %s\n", module.c_str());
    for (auto& p : params) std::fprintf(f, "#param %s %ld\n", p.first.c_str(), p.second);
    for (auto& s : sigs_) std::fprintf(f, "#%s %s %d\n", s.is_input ? "in" : "out", s.name.c_str(), s.width());
    std::fprintf(f, "#end\n");
}

void FgSignals::write_vector_line(FILE* f) const {
    bool first = true;
    for (auto& s : sigs_) {
        std::fprintf(f, first ? "%s" : " %s", s.model_bits().hex().c_str());
        first = false;
    }
    std::fputc('\n', f);
}

bool report_coverage(const Options& o, const char* const* names, const uint64_t* counts, int n) {
    int hit = 0;
    std::string missing;
    for (int i = 0; i < n; i++) {
        if (counts[i])
            hit++;
        else
            missing += (missing.empty() ? "" : ",") + std::string(names[i]);
    }
    std::printf("COVERAGE test=%s points=%d/%d missing=%s\n", o.test.c_str(), hit, n,
                missing.empty() ? "none" : missing.c_str());
    if (!o.quiet) {
        for (int i = 0; i < n; i++)
            std::printf("  cov %-32s %llu\n", names[i], (unsigned long long)counts[i]);
    }
    return hit == n;
}

bool report_coverage_form(const Options& o, const char* block, const char* const* names, const uint64_t* counts,
                          const bool* reachable, int n) {
    std::vector<const char*> form_names;
    std::vector<uint64_t> form_counts;
    for (int i = 0; i < n; i++) {
        if (reachable[i] != o.coverage_other_form) {
            form_names.push_back(names[i]);
            form_counts.push_back(counts[i]);
        } else if (counts[i]) {
            std::printf("CHECK %s coverage point %s hit, which this form cannot reach WRONG\n", block, names[i]);
            return false;
        }
    }
    return report_coverage(o, form_names.data(), form_counts.data(), (int)form_names.size());
}

namespace detail {
void print_pass(const Options& o, uint64_t cycles, double seconds) {
    std::printf("LOCKSTEP PASS test=%s seed=%llu cycles=%llu cpu_s=%.2f\n", o.test.c_str(),
                (unsigned long long)o.seed, (unsigned long long)cycles, seconds);
}
std::string default_wave(const Options& o) {
    mkdir("build", 0755);
    mkdir("build/waves", 0755);
    // Under the test runner, FG_TEST_NAME is the manifest's test name: two tests built from one
    // testbench (a test and its _bug twin, run side by side by `run_tests.py -j2`) then never
    // write the same file.
    const char* name = std::getenv("FG_TEST_NAME");
    const std::string stem = (name && *name) ? std::string(name) : o.test;
    return "build/waves/" + stem + "_seed" + std::to_string(o.seed) + ".fst";
}
}  // namespace detail

}  // namespace fg
