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
            return cev == o.cev;
    }
    return false;
}

std::ostream& operator<<(std::ostream& os, const WireSymbol& s) {
    switch (s.kind) {
        case SymKind::Idle:
            return os << "idle";
        case SymKind::Data:
            return os << "data(flow=" << s.pkt.flow << " seq=" << s.pkt.seq << " prio=" << int(s.pkt.prio)
                      << " cell=" << s.cell << "/" << s.pkt.cells << ")";
        case SymKind::Pfc: {
            os << "pfc(cev=0x" << std::hex << int(s.cev) << std::dec;
            for (int n = 0; n < kPrios; n++)
                if ((s.cev >> n) & 1u) os << " t" << n << "=" << s.time[n];
            return os << ")";
        }
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
