#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Validate Comet frames in pcap files with tshark: FCS (the pcaps carry it; eth.fcs:Always),
# IPv4 header checksum, UDP checksum, malformed packets and the Comet-FM header (sim/comet.lua,
# every UDP payload claimed). Exit 1 on any bad frame; prints a per-file summary.
# Usage: scripts/check_pcap.sh file.pcap...   (default: build/pcap/comet_tx_*.pcap)
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LUA="$ROOT/sim/comet.lua"
files=("$@")
if [ ${#files[@]} -eq 0 ]; then files=("$ROOT"/build/pcap/comet_tx_*.pcap); fi
OPTS=(-o eth.fcs:Always -o eth.check_fcs:TRUE -o ip.check_checksum:TRUE -o udp.check_checksum:TRUE
      -o udp.try_heuristic_first:TRUE -X "lua_script:$LUA" -o comet.claim_all_udp:TRUE)
# bad: FCS/IP/UDP checksum status 0 (Bad) or 4 (Illegal), malformed, expert error, non-FM frame
BAD='eth.fcs.status == 0 || ip.checksum.status == 0 || udp.checksum.status == 0 || udp.checksum.status == 4 || _ws.malformed || _ws.expert.severity >= 8388608 || comet.bad == 1 || !comet || !ip || !udp'
rc=0
trap "rm -f /tmp/check_pcap.$$.err" EXIT
for f in "${files[@]}"; do
  if [ ! -f "$f" ]; then echo "check_pcap: $f: no such file"; rc=1; continue; fi
  out=$(tshark -n -r "$f" "${OPTS[@]}" -T fields -E separator=/t \
        -e frame.number -e frame.len -e eth.fcs.status -e ip.checksum.status -e udp.checksum.status \
        -e comet.bad 2>/tmp/check_pcap.$$.err) || { cat /tmp/check_pcap.$$.err; echo "check_pcap: tshark failed on $f"; echo "$out" | head; rc=1; continue; }
  total=$(printf '%s\n' "$out" | grep -c . || true)
  bad=$(tshark -n -r "$f" "${OPTS[@]}" -Y "$BAD" -T fields -e frame.number 2>/dev/null | grep -c . || true)
  fcs_ok=$(printf '%s\n' "$out" | awk -F'\t' '$3=="1"' | wc -l)
  ip_ok=$(printf '%s\n' "$out" | awk -F'\t' '$4=="1"' | wc -l)
  udp_ok=$(printf '%s\n' "$out" | awk -F'\t' '$5=="1"' | wc -l)
  udp_none=$(printf '%s\n' "$out" | awk -F'\t' '$5=="3" || $5=="2"' | wc -l)
  fm_ok=$(printf '%s\n' "$out" | awk -F'\t' '$6=="0" || $6=="False"' | wc -l)
  echo "check_pcap: $(basename "$f"): frames=$total fcs_good=$fcs_ok ip_csum_good=$ip_ok udp_csum_good=$udp_ok udp_csum_zero=$udp_none fm_good=$fm_ok bad=$bad"
  if [ "$total" -eq 0 ] || [ "$bad" -ne 0 ] || [ "$fcs_ok" -ne "$total" ] || [ "$ip_ok" -ne "$total" ] || [ "$fm_ok" -ne "$total" ] \
     || [ $((udp_ok + udp_none)) -ne "$total" ]; then
    rc=1
    tshark -n -r "$f" "${OPTS[@]}" -Y "$BAD" 2>/dev/null | head -5
  fi
done
[ $rc -eq 0 ] && echo "check_pcap: PASS" || echo "check_pcap: FAIL"
exit $rc
