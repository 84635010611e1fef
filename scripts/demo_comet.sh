#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make demo, part 3: the Comet IP-encapsulation engine (docs/reference/comet_engine.md, docs/reference/vipl_fm.md).
#  a. two Comet engines back to back (comet_system2), Verilated RTL and C model in lockstep:
#     a few FM text messages each way, printed as received
#  b. Comet-FM over VIPL on the "lockstep" backend (RTL drives the host, the C model is compared
#     on every output every cycle): a checked exchange of messages of 1..1464 bytes both ways;
#     every link frame goes to build/demo/comet_fm.pcap, validated by tshark (FCS, IPv4 and
#     UDP checksums, the Comet-FM dissector sim/comet.lua)
#  c. the paper's Fig. 8 bandwidth program (5 outstanding sends, FM_wait every 5) on the C model
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/demo

echo "-- a. comet_system2 lockstep, FM text messages --"
make -s build/comet_system2/lockstep build/comet_system2/model_main
build/comet_system2/lockstep +mode=demo +seed=1 +cycles=200000 2>&1 \
  | grep -E '^(demo|lockstep):' | tee build/demo/comet_demo.txt

echo
echo "-- b. Comet-FM exchange on VIPL, backend lockstep (RTL + C model compared every cycle) --"
make -s build/sw/comet_apps build/sw/comet_apps_model
build/sw/comet_apps --backend lockstep --app exchange --sizes 1,7,64,200,1024,1440,1464 --iters 4 \
  --pcap build/demo/comet_fm.pcap 2>&1 | tee build/demo/comet_fm.txt
scripts/check_pcap.sh build/demo/comet_fm.pcap
echo "frames of the exchange: build/demo/comet_fm.pcap (open with: wireshark -X lua_script:sim/comet.lua)"

echo
echo "-- c. Comet-FM bandwidth (the paper's Fig. 8 program), C model --"
build/sw/comet_apps_model --app bw --iters 50 --figures build/demo/comet_bw.txt | grep -vE '^(node [01]|figure):'
echo "paper (Comet-FM, 100 Mb/s Fast Ethernet, ~40 us software encapsulation per packet): ~10 MB/s at 1440 bytes"
