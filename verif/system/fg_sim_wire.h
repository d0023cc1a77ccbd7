// fg_sim_wire.h - what travels on a link of the flowgate system simulator, one symbol per
// cycle per direction.
//
// Time base: one cycle is one 64-byte cell at line rate. A data packet of L bytes is
// ceil(L/64) cells and is on the wire for that many consecutive cycles, one cell per cycle
// (no preamble/IFG is added: bytes on the wire = frame bytes). A PFC frame (64 bytes with
// FCS) is one cycle. One pause quantum (512 bit times) is one cycle at line rate.
//
// A symbol carries the whole packet descriptor on every cell, so a receiver never has to
// reassemble anything: it counts cells and acts on the last one.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

namespace sc_core {
class sc_trace_file;
}

namespace fg {
namespace sim {

constexpr int kCellBytes = 64;
constexpr int kPfcFrameBytes = 64;  // 60 bytes + FCS, exactly one cell
constexpr int kPrios = 8;           // 802.1Qbb classes

// A data packet as the network sees it (no payload: nothing in flowgate reads it).
struct PacketDesc {
    uint32_t flow = 0;    // flow id, unique in the scenario
    uint32_t seq = 0;     // packet number within its flow, from 0
    uint16_t src = 0;     // source host id
    uint16_t dst = 0;     // destination host id (the switch routes on it)
    uint8_t prio = 0;     // 802.1Q priority, 0..7
    uint16_t bytes = 0;   // frame length
    uint16_t cells = 0;   // ceil(bytes/64): buffer cells and cycles on the wire
    uint64_t t_sent = 0;  // cycle the source put the first cell on the wire
    bool ect = false;     // ECN-capable transport (DCQCN flows)
    bool ce = false;      // congestion experienced: set by a switch whose core marked it
    bool operator==(const PacketDesc& o) const {
        return flow == o.flow && seq == o.seq && src == o.src && dst == o.dst && prio == o.prio &&
               bytes == o.bytes && cells == o.cells && t_sent == o.t_sent && ect == o.ect && ce == o.ce;
    }
};

// Credit: an InfiniBand-style flow-control update (SPEC.md section 3) from a link's receiver
// to its sender: FCCL per VL (= priority here), modulo 4096; bit n of vl_mask says which
// fccl[n] are valid. One cycle on the wire, like a PFC frame (docs/system.md, endpoint).
// Cnp: a DCQCN congestion notification (RoCEv2 CNP, a 64-byte frame = one cycle) from the
// receiver of flow pkt.flow (pkt.src) back to its sender (pkt.dst); a switch forwards it in a
// lossy control path outside the lossless queues (fg_sim_switch.h, sim-ppfc).
enum class SymKind : uint8_t { Idle = 0, Data = 1, Pfc = 2, Credit = 3, Cnp = 4 };

struct WireSymbol {
    SymKind kind = SymKind::Idle;
    // Data: the packet and which of its cells this is.
    PacketDesc pkt;
    uint16_t cell = 0;
    // Pfc: class-enable vector and the eight time fields (quanta), as on the wire.
    uint8_t cev = 0;
    uint16_t time[kPrios] = {0, 0, 0, 0, 0, 0, 0, 0};
    // Pfc with gfc: a buffer-based GFC frame (opcode 0x0102): time[n] is the stage id of class
    // n (rate C/2^stage), not pause quanta (docs/gfc.md).
    bool gfc = false;
    // Credit: which VLs this update carries and their FCCL (12 bits each).
    uint8_t vl_mask = 0;
    uint16_t fccl[kPrios] = {0, 0, 0, 0, 0, 0, 0, 0};

    bool idle() const { return kind == SymKind::Idle; }
    bool data() const { return kind == SymKind::Data; }
    bool pfc() const { return kind == SymKind::Pfc; }
    bool credit() const { return kind == SymKind::Credit; }
    bool cnp() const { return kind == SymKind::Cnp; }
    bool first_cell() const { return data() && cell == 0; }
    bool last_cell() const { return data() && cell + 1u == pkt.cells; }

    static WireSymbol data_cell(const PacketDesc& p, uint16_t cell) {
        WireSymbol s;
        s.kind = SymKind::Data;
        s.pkt = p;
        s.cell = cell;
        return s;
    }
    static WireSymbol pfc_frame(uint8_t cev, const uint16_t time[kPrios]) {
        WireSymbol s;
        s.kind = SymKind::Pfc;
        s.cev = cev;
        for (int n = 0; n < kPrios; n++) s.time[n] = (cev >> n) & 1u ? time[n] : 0;
        return s;
    }
    static WireSymbol gfc_frame(uint8_t cev, const uint16_t stage[kPrios]) {
        WireSymbol s = pfc_frame(cev, stage);
        s.gfc = true;
        return s;
    }
    static WireSymbol credit_update(uint8_t vl_mask, const uint16_t fccl[kPrios]) {
        WireSymbol s;
        s.kind = SymKind::Credit;
        s.vl_mask = vl_mask;
        for (int n = 0; n < kPrios; n++) s.fccl[n] = (vl_mask >> n) & 1u ? uint16_t(fccl[n] & 0xFFFu) : 0;
        return s;
    }
    // A CNP for `flow` from host `from` (the data receiver) to host `to` (the data sender).
    static WireSymbol cnp_frame(uint32_t flow, uint16_t from, uint16_t to) {
        WireSymbol s;
        s.kind = SymKind::Cnp;
        s.pkt.flow = flow;
        s.pkt.src = from;
        s.pkt.dst = to;
        s.pkt.bytes = 64;
        s.pkt.cells = 1;
        return s;
    }
    bool operator==(const WireSymbol& o) const;
};

std::ostream& operator<<(std::ostream& os, const WireSymbol& s);
std::string to_string(const WireSymbol& s);

// Packet size in cells (= cycles on the wire).
inline uint32_t cells_of(uint32_t bytes) { return (bytes + kCellBytes - 1) / kCellBytes; }

// sc_signal<WireSymbol> needs an sc_trace overload (found by ADL; wires are not VCD-traced).
void sc_trace(sc_core::sc_trace_file* tf, const WireSymbol& s, const std::string& name);

}  // namespace sim
}  // namespace fg
