#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# ecp5_ram_check: each RAM shape of the design (rtl/nic_ram_1r1w.v parameters as the blocks use
# them at their default sizes) synthesised with synth_ecp5 (the flow's options) and simulated
# against the RTL RAM under Icarus (tb/ecp5/ecp5_ram_tb.v): DP16KD in its 9 / 18 / 36-bit modes,
# byte-lane writes, several DP16KD per memory, and LUT RAM (TRELLIS_DPR16X4). This checks the
# DP16KD model (sim/ecp5_dp16kd.v) against Yosys' mapping on its own, shape by shape; the
# ECP5-netlist lockstep (make lockstep NETLIST=ecp5) checks it inside the blocks.
#   usage: scripts/ecp5_ram_check.sh [DEPTHxWIDTHxNBE ...]      (default: the design's shapes)
#   ECP5_RAM_CYCLES=n   random cycles after the fill (default 20000)
#   DP16KD_MODEL=file   the DP16KD model to use (default sim/ecp5_dp16kd.v; make test also runs a
#                       mutated copy and requires this check to fail on it)
set -eu
cd "$(dirname "$0")/.."
# synth_ecp5 options and the Yosys ECP5 cell directory as the Makefile defines them
# (ECP5_FLAGS from the environment wins there too)
flags=$(make -s print-var V=ECP5_FLAGS)
share=$(make -s print-var V=ECP5_SHARE)
out=build/ecp5_ram
mkdir -p "$out"
make -s build/ecp5_cells_sim.v
# aotf_htlb tags (256x36x4: the 36-bit mode of the negative check in scripts/run_tests.sh),
# aotf_htlb_walk HTT tags, HTT seeds, aotf_pktgen seed lanes, nic_fifo (aotf_send transaction FIFO), aotf_llcm lanes,
# comet_via doorbells / segments / response FIFO, comet_tx node table, comet_tx/rx buffers;
# nic_switch LFT copies, MFT copies, input buffer (beat + next slot), free-slot FIFO, next-is-last at the
# default parameters (RADIX 16, LFT_DEPTH 4096, BUF_BEATS 512) and the bench parameters
# (RADIX 4, LFT_DEPTH 1024, BUF_BEATS 256, tb/duts/nic_switch.mk); nic_link_err's duplicate buffer;
# aotf_botf window memory, header seeds, owner and header tables, request queue
shapes=${*:-"256x36x4 256x88x4 1024x30x1 1024x256x4 1024x64x1 2048x96x1 8192x8x1 128x32x1 32x74x1 32x64x1 256x128x4 512x64x1 \
  4096x6x1 64x16x1 512x82x1 512x9x1 1024x6x1 64x4x1 256x81x1 256x8x1 512x1x1 256x1x1 64x73x1 \
  4096x64x8 64x64x1 64x3x1 16x5x1 64x40x1"}
rc=0
for s in $shapes; do
  IFS=x read -r depth width nbe <<< "$s"
  net="$out/ram_${s}.v"
  yosys -q -l "$out/ram_${s}.log" -p "read_verilog -sv rtl/nic_ram_1r1w.v; \
    hierarchy -top nic_ram_1r1w -chparam DEPTH $depth -chparam WIDTH $width -chparam NBE $nbe; \
    rename nic_ram_1r1w ram_net; synth_ecp5 $flags -top ram_net; \
    stat; write_verilog -noattr $net"
  cells=$(grep -Eo 'DP16KD +[0-9]+|TRELLIS_DPR16X4 +[0-9]+' "$out/ram_${s}.log" | tail -2 | tr -s " " | sort -u | paste -sd, -)
  iverilog -g2012 -o "$out/ram_${s}.vvp" -I"$share" -s ecp5_ram_tb \
    -Pecp5_ram_tb.DEPTH="$depth" -Pecp5_ram_tb.WIDTH="$width" -Pecp5_ram_tb.NBE="$nbe" -Pecp5_ram_tb.CYCLES="${ECP5_RAM_CYCLES:-20000}" \
    tb/ecp5/ecp5_ram_tb.v rtl/nic_ram_1r1w.v "$net" build/ecp5_cells_sim.v "${DP16KD_MODEL:-sim/ecp5_dp16kd.v}" \
    2> "$out/ram_${s}.iverilog.log" || { cat "$out/ram_${s}.iverilog.log"; rc=1; continue; }
  res=$(vvp -n "$out/ram_${s}.vvp" | tee "$out/ram_${s}.sim.log" | tail -1)
  echo "$s ($cells): $res"
  grep -q 'mismatches=0$' <<< "$res" || { grep 'cycle' "$out/ram_${s}.sim.log" | head -5; rc=1; }
done
exit $rc
