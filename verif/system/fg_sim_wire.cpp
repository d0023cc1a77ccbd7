// fg_sim_wire.cpp - printing and comparing wire symbols (see fg_sim_wire.h).
#include "fg_sim_wire.h"

#include <sstream>

namespace fg {
namespace sim {

bool WireSymbol::operator==(const WireSymbol& o) const {
    if (kind != o.kind) return false;
    switch (kind) {
        case SymKind::Idle:
            return true;
        case SymKind::Data:
            return pkt == o.pkt && cell == o.cell;
        case SymKind::Pfc:
            for (int n = 0; n < kPrios; n++)
                if (time[n] != o.time[n]) return false;
            return cev == o.cev && gfc == o.gfc;
        case SymKind::Credit:
            for (int n = 0; n < kPrios; n++)
                if (fccl[n] != o.fccl[n]) return false;
            return vl_mask == o.vl_mask;
        case SymKind::Cnp:
            return pkt == o.pkt;
    }
    return false;
}

std::ostream& operator<<(std::ostream& os, const WireSymbol& s) {
    switch (s.kind) {
        case SymKind::Idle:
            return os << "idle";
        case SymKind::Data:
            return os << "data(flow=" << s.pkt.flow << " seq=" << s.pkt.seq << " prio=" << int(s.pkt.prio)
                      << " cell=" << s.cell << "/" << s.pkt.cells << (s.pkt.ce ? " CE" : "") << ")";
        case SymKind::Pfc: {
            os << (s.gfc ? "gfc" : "pfc") << "(cev=0x" << std::hex << int(s.cev) << std::dec;
            for (int n = 0; n < kPrios; n++)
                if ((s.cev >> n) & 1u) os << (s.gfc ? " s" : " t") << n << "=" << s.time[n];
            return os << ")";
        }
        case SymKind::Credit: {
            os << "credit(vl=0x" << std::hex << int(s.vl_mask) << std::dec;
            for (int n = 0; n < kPrios; n++)
                if ((s.vl_mask >> n) & 1u) os << " fccl" << n << "=" << s.fccl[n];
            return os << ")";
        }
        case SymKind::Cnp:
            return os << "cnp(flow=" << s.pkt.flow << " " << s.pkt.src << "->" << s.pkt.dst << ")";
    }
    return os << "?";
}

std::string to_string(const WireSymbol& s) {
    std::ostringstream os;
    os << s;
    return os.str();
}

void sc_trace(sc_core::sc_trace_file*, const WireSymbol&, const std::string&) {}

}  // namespace sim
}  // namespace fg
