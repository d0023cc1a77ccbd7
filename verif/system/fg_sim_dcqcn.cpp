// fg_sim_dcqcn.cpp - DCQCN reaction and notification points (see fg_sim_dcqcn.h).
#include "fg_sim_dcqcn.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace fg {
namespace sim {

DcqcnParams DcqcnParams::paper(double line_gbps, double cycle_ns) {
    DcqcnParams p;
    p.line_gbps = line_gbps;
    p.alpha_timer = uint64_t(std::llround(55000.0 / cycle_ns));
    p.rate_timer = p.alpha_timer;
    p.cnp_interval = uint64_t(std::llround(50000.0 / cycle_ns));
    return p;
}

static void need(bool ok, const char* field, double v, const char* range) {
    if (ok) return;
    char b[200];
    std::snprintf(b, sizeof b, "dcqcn %s = %g: legal range %s", field, v, range);
    throw std::invalid_argument(b);
}

void DcqcnParams::validate() const {
    need(line_gbps > 0, "line_gbps", line_gbps, "> 0");
    need(g > 0 && g <= 1, "g", g, "(0, 1]");
    need(alpha0 >= 0 && alpha0 <= 1, "alpha0", alpha0, "[0, 1]");
    need(alpha_timer >= 1, "alpha_timer", double(alpha_timer), ">= 1 cycle");
    need(rate_timer >= 1, "rate_timer", double(rate_timer), ">= 1 cycle");
    need(byte_counter >= 1, "byte_counter", double(byte_counter), ">= 1 byte");
    need(fast_stages >= 0 && fast_stages <= 64, "fast_stages", fast_stages, "0..64");
    need(rai_gbps >= 0 && rai_gbps <= line_gbps, "rai_gbps", rai_gbps, "0..line rate");
    need(rhai_gbps >= 0 && rhai_gbps <= line_gbps, "rhai_gbps", rhai_gbps, "0..line rate");
    need(min_gbps > 0 && min_gbps <= line_gbps, "min_gbps", min_gbps, "(0, line rate]");
    need(cnp_interval >= 1, "cnp_interval", double(cnp_interval), ">= 1 cycle");
}

DcqcnRp::DcqcnRp(const DcqcnParams& p) : p_(p), rc_(p.line_gbps), rt_(p.line_gbps), alpha_(p.alpha0) {
    p_.validate();
}

void DcqcnRp::on_cnp(uint64_t now) {
    advance(now);
    alpha_ = (1 - p_.g) * alpha_ + p_.g;
    if (p_.clamp_target || !active_ || t_stage_ > 0 || bc_stage_ > 0) rt_ = rc_;
    rc_ = std::max(p_.min_gbps, rc_ * (1 - alpha_ / 2));
    active_ = true;
    alpha_deadline_ = now + p_.alpha_timer;
    rate_deadline_ = now + p_.rate_timer;
    bytes_ = 0;
    t_stage_ = bc_stage_ = 0;
    cnps_++;
}

void DcqcnRp::advance(uint64_t now) {
    if (!active_) return;
    while (now >= alpha_deadline_) {
        alpha_ *= 1 - p_.g;
        alpha_deadline_ += p_.alpha_timer;
    }
    while (now >= rate_deadline_) {
        t_stage_++;
        increase();
        rate_deadline_ += p_.rate_timer;
    }
}

void DcqcnRp::on_sent(uint64_t bytes) {
    if (!active_) return;
    bytes_ += bytes;
    while (bytes_ >= p_.byte_counter) {
        bytes_ -= p_.byte_counter;
        bc_stage_++;
        increase();
    }
}

void DcqcnRp::increase() {
    const int F = p_.fast_stages;
    if (std::max(t_stage_, bc_stage_) <= F) {
        last_ = kFastRecovery;
    } else if (std::min(t_stage_, bc_stage_) > F) {
        rt_ = std::min(p_.line_gbps, rt_ + p_.rhai_gbps);
        last_ = kHyper;
    } else {
        rt_ = std::min(p_.line_gbps, rt_ + p_.rai_gbps);
        last_ = kAdditive;
    }
    rc_ = std::min(p_.line_gbps, (rt_ + rc_) / 2);
}

bool DcqcnNp::on_ce(uint32_t flow, uint64_t now) {
    auto it = last_.find(flow);
    if (it != last_.end() && now - it->second < interval_) return false;
    last_[flow] = now;
    return true;
}

}  // namespace sim
}  // namespace fg
