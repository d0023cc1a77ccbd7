// cbfc_link_env.h - the stimulus side of the CBFC tests: a sender's traffic and a modelled
// link with a receiver buffer, written independently of the blocks under test.
//
// Epoch parameters (drawn at every reset): receiver buffer `cap` blocks, drain rate, FCCL
// period, one-way delay, head-packet sizes, the capacity register the sender is told.
// Forward: a packet sent at cycle t arrives (all its blocks) at t + delay; it keeps the
// sender's link busy for its length in blocks (one block per cycle). Reverse: an FCCL
// message takes `delay` cycles too. The receiver buffer drains at random; `free()` is the
// free space before this cycle's arrival, as fg_cbfc_rx expects.
#pragma once

#include <cstdint>
#include <deque>
#include <utility>

#include "fg_lockstep.h"

struct CbfcLinkEnv {
    // epoch parameters
    uint32_t cap = 1000, drain_num = 1, drain_den = 2, tfc = 8, delay = 4, max_blocks = 16;
    uint32_t cfg_rx_capacity = 1000;
    // link and receiver state
    std::deque<std::pair<uint64_t, uint32_t>> fwd;  // (arrival cycle, blocks)
    std::deque<std::pair<uint64_t, uint32_t>> rev;  // (arrival cycle, fccl)
    uint64_t occ = 0;       // blocks in the receive buffer
    uint32_t abr = 0;       // soft receiver's ABR (tx test only)
    uint32_t timer = 0;     // soft receiver's FCCL timer (tx test only)
    uint32_t busy = 0;      // cycles the sender's link stays busy
    bool head_valid = false;
    uint32_t head_blocks = 1;

    void new_epoch(fg::Rng& r) {
        switch (r.below(4)) {
        case 0: cap = (uint32_t)r.range(260, 600); break;    // scarce credit
        case 1: cap = (uint32_t)r.range(600, 2047); break;
        case 2: cap = (uint32_t)r.range(2048, 4000); break;  // more than can be advertised
        default: cap = (uint32_t)r.range(256, 4000); break;
        }
        drain_den = (uint32_t)r.range(1, 8);
        drain_num = (uint32_t)r.range(1, drain_den);
        if (r.chance(1, 4)) drain_num = drain_den > 2 ? 1 : drain_num;  // congested receiver
        tfc = r.chance(1, 5) ? 1u : (uint32_t)r.range(2, 64);
        delay = (uint32_t)r.range(1, 24);
        max_blocks = r.chance(1, 3) ? 255u : (uint32_t)r.range(1, 16);
        cfg_rx_capacity = r.chance(1, 4) ? (uint32_t)r.range(0, cap) : (cap > 4095 ? 4095 : cap);
        fwd.clear();
        rev.clear();
        occ = 0;
        abr = 0;
        timer = 0;
        busy = 0;
        head_valid = false;
    }
    uint32_t free_blocks() const { return occ >= cap ? 0u : (uint32_t)(cap - occ); }
    // Blocks arriving at the receiver this cycle.
    uint32_t arrival(uint64_t cycle) {
        uint32_t b = 0;
        while (!fwd.empty() && fwd.front().first <= cycle) {
            b += fwd.front().second;
            fwd.pop_front();
        }
        return b;
    }
    // After the receiver saw this cycle's arrival: buffer grows, then drains.
    void receive_and_drain(uint32_t blocks, fg::Rng& r) {
        occ += blocks;
        if (occ && r.chance(drain_num, drain_den)) occ -= 1;
    }
    // FCCL reaching the sender this cycle (the newest if several).
    bool fccl_arrival(uint64_t cycle, uint32_t* fccl) {
        bool any = false;
        while (!rev.empty() && rev.front().first <= cycle) {
            *fccl = rev.front().second;
            rev.pop_front();
            any = true;
        }
        return any;
    }
    void new_head(fg::Rng& r) {
        head_valid = !r.chance(1, 10);
        head_blocks = (uint32_t)r.range(1, max_blocks);
    }
};
