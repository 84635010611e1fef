#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Linux TAP interop of the Comet engine (docs/guide/interop.md): a simulated Comet node
# (build/sw/comet_tap, C model / Verilated RTL / lockstep) on a TAP device inside a network
# namespace made for the run, and a Linux program on the kernel's UDP stack
# (build/sw/fm_udp_peer) exchanging Comet-FM messages with it; every exit path removes the
# namespace (and with it the TAP).
#   scripts/interop.sh [--backend model|rtl|lockstep] [--count N] [--arp kernel|static]
#                      [--min-len 0|1] [--corrupt K] [--timeout S]
#   --arp kernel   (default) the kernel resolves the node's MAC by ARP: the engine's hardware ARP
#                  responder answers; afterwards the kernel's neighbour entry must hold the node's
#                  MAC (REACHABLE / STALE / DELAY / PROBE) and RX_ARP_REPLY must be >= 1
#   --arp static   debugging only: a permanent neighbour entry for the node (192.0.2.2), no ARP
#   --corrupt K    the peer flips one byte of data message K: the run must FAIL (negative test)
# Addresses: 192.0.2.0/24; the TAP (Linux side) 192.0.2.1, UDP 19780; the node 192.0.2.2,
# MAC 02:00:00:c0:00:02, UDP 19779 (sw/fm_interop.h). Logs, the kernel's /proc/net/snmp and the
# engine's frames (node.pcap, checked by scripts/check_pcap.sh) go to build/interop/<backend>.
# Prints one PASS or FAIL line; exit 0 on PASS.
set -u
cd "$(dirname "$0")/.."
backend=model count=500 arp=kernel corrupt="" timeout_s=60 min_len=1
usage() { sed -n '8,14p' "$0" | sed 's/^# *//'; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --backend) backend=${2:?}; shift 2 ;;
    --count) count=${2:?}; shift 2 ;;
    --arp) arp=${2:?}; shift 2 ;;
    --min-len) min_len=${2:?}; shift 2 ;;
    --corrupt) corrupt=${2:?}; shift 2 ;;
    --timeout) timeout_s=${2:?}; shift 2 ;;
    *) usage ;;
  esac
done
TAP_BIN=${COMET_TAP:-build/sw/comet_tap}
PEER_BIN=${FM_UDP_PEER:-build/sw/fm_udp_peer}
name="interop-$backend${corrupt:+-corrupt}"
NODE_IP=192.0.2.2 NODE_MAC=02:00:00:c0:00:02 PEER_CIDR=192.0.2.1/24 TAP=ctap0
NS="comet-interop-$$"
OUT=build/interop/$backend${corrupt:+-corrupt}
t0=$SECONDS
node_pid=""
fail() { echo "FAIL $name: $*"; exit 1; }

# ---- what the run needs, with the exact reason when it is missing
[ -x "$TAP_BIN" ] || fail "$TAP_BIN is not built (make $TAP_BIN)"
[ -x "$PEER_BIN" ] || fail "$PEER_BIN is not built (make $PEER_BIN)"
command -v ip >/dev/null || fail "the ip command (iproute2) is missing"
command -v timeout >/dev/null || fail "the timeout command (coreutils) is missing"
[ -e /dev/net/tun ] || fail "/dev/net/tun does not exist (no tun driver: modprobe tun; in a container: --device /dev/net/tun)"
capeff=$(awk '/^CapEff:/ {print $2}' /proc/self/status)
(( (0x${capeff:-0} >> 12) & 1 )) || fail "no CAP_NET_ADMIN (run as root): the test creates a network namespace and a TAP device"
(( (0x${capeff:-0} >> 21) & 1 )) || fail "no CAP_SYS_ADMIN (run as root): ip netns needs it"
[ -r /dev/net/tun ] && [ -w /dev/net/tun ] || fail "/dev/net/tun is not readable and writable"
case $arp in
  static|kernel) ;;
  *) usage ;;
esac
mkdir -p "$OUT"
rm -f "$OUT"/*.log "$OUT"/snmp*

# ---- the namespace, removed on every exit path
cleanup() {
  [ -n "$node_pid" ] && kill "$node_pid" 2>/dev/null && wait "$node_pid" 2>/dev/null
  ip netns del "$NS" 2>/dev/null
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
# namespaces left by runs that were killed (SIGKILL skips the trap): their script is gone
for ns in $(ip netns list 2>/dev/null | awk '/^comet-interop-[0-9]+/ {print $1}'); do
  kill -0 "${ns#comet-interop-}" 2>/dev/null || ip netns del "$ns" 2>/dev/null
done
err=$(ip netns add "$NS" 2>&1) || fail "ip netns add $NS: $err"
nsx() { ip netns exec "$NS" "$@"; }
err=$( { ip -n "$NS" link set lo up && ip -n "$NS" tuntap add dev "$TAP" mode tap &&
         ip -n "$NS" addr add "$PEER_CIDR" dev "$TAP" && ip -n "$NS" link set "$TAP" up; } 2>&1) ||
  fail "TAP $TAP in namespace $NS: $err"
tap_mac=$(nsx cat "/sys/class/net/$TAP/address")
if [ "$arp" = static ]; then
  err=$(ip -n "$NS" neigh replace "$NODE_IP" lladdr "$NODE_MAC" dev "$TAP" nud permanent 2>&1) ||
    fail "static neighbour entry: $err"
fi
echo "interop: backend $backend, namespace $NS, $TAP $PEER_CIDR mac $tap_mac, node $NODE_IP mac $NODE_MAC," \
  "address resolution: $( [ "$arp" = static ] && echo "static neighbour entry (debugging)" || echo "ARP, answered by the engine")"
nsx cat /proc/net/snmp > "$OUT/snmp0"

# ---- the simulated node, then the Linux peer
timeout -k 5 "$timeout_s" ip netns exec "$NS" "$TAP_BIN" --backend "$backend" --tap "$TAP" --peer-mac auto \
  --count "$count" --min-len "$min_len" --timeout "$((timeout_s - 10))" --pcap "$OUT/node.pcap" > "$OUT/node.log" 2>&1 &
node_pid=$!
for _ in $(seq 600); do
  grep -q '^comet_tap: ready' "$OUT/node.log" && break
  kill -0 "$node_pid" 2>/dev/null || break
  sleep 0.1
done
grep -q '^comet_tap: ready' "$OUT/node.log" || { cat "$OUT/node.log"; fail "the simulated node did not come up"; }
vi=$(sed -n 's/^comet_tap: ready.* vi=\([0-3]\).*/\1/p' "$OUT/node.log")
timeout -k 5 "$((timeout_s - 5))" ip netns exec "$NS" "$PEER_BIN" --vi "${vi:-0}" --count "$count" --min-len "$min_len" \
  --noise --timeout "$((timeout_s - 15))" ${corrupt:+--corrupt "$corrupt"} > "$OUT/peer.log" 2>&1 &
peer_pid=$!
# the kernel's neighbour entry of the node, sampled while the peer runs (the kernel flushes it
# when the node closes the TAP)
neigh=""
while kill -0 "$peer_pid" 2>/dev/null; do
  n=$(ip -n "$NS" neigh show "$NODE_IP" dev "$TAP" 2>/dev/null)
  grep -q lladdr <<<"$n" && neigh=$n
  sleep 0.2
done
wait "$peer_pid"
peer_rc=$?
# the node ends on the peer's last message: a node still running 10 s later has failed
for _ in $(seq 100); do kill -0 "$node_pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$node_pid" 2>/dev/null; then
  echo "interop: the node is still running 10 s after the peer ended: stopped" >> "$OUT/node.log"
  kill "$node_pid" 2>/dev/null
fi
wait "$node_pid"
node_rc=$?
node_pid=""
nsx cat /proc/net/snmp > "$OUT/snmp1"

# ---- checks
sed 's/^/  node | /' "$OUT/node.log"
sed 's/^/  peer | /' "$OUT/peer.log"
snmp() { # file proto field
  awk -v p="$2:" -v f="$3" '$1 == p { if (!h) { for (i = 2; i <= NF; i++) ix[$i] = i; h = 1 } else { print $ix[f]; exit } }' "$1"
}
bad=()
[ "$node_rc" = 0 ] || bad+=("the node exited with $node_rc")
[ "$peer_rc" = 0 ] || bad+=("the peer exited with $peer_rc")
line="  kernel |"
for pf in Ip:InHdrErrors Ip:InAddrErrors Udp:InErrors Udp:InCsumErrors Udp:RcvbufErrors Udp:InDatagrams Udp:OutDatagrams Udp:NoPorts; do
  a=$(snmp "$OUT/snmp0" "${pf%%:*}" "${pf#*:}") b=$(snmp "$OUT/snmp1" "${pf%%:*}" "${pf#*:}")
  d=$(( ${b:-0} - ${a:-0} ))
  line+=" $pf +$d"
  case $pf in Ip:InHdrErrors|Udp:InErrors|Udp:InCsumErrors|Udp:RcvbufErrors) [ "$d" = 0 ] || bad+=("kernel $pf moved by $d") ;; esac
  [ "$pf" = Udp:InDatagrams ] && in_dgrams=$d
done
echo "$line"
echo "  kernel | neighbour (last seen while the peer ran): ${neigh:-none}"
fm_sent=$(sed -n 's/.* fm_sent=\([0-9]*\).*/\1/p' "$OUT/node.log")
[ -n "$fm_sent" ] && [ "${in_dgrams:-x}" != "$fm_sent" ] && bad+=("kernel Udp InDatagrams +$in_dgrams != $fm_sent FM messages the node sent")
arp_reply=$(sed -n 's/^engine rx class:.* ARP_REPLY=\([0-9]*\).*/\1/p' "$OUT/node.log")
if [ "$arp" = kernel ]; then
  grep -qiE "lladdr $NODE_MAC (REACHABLE|STALE|DELAY|PROBE)" <<<"$neigh" ||
    bad+=("the kernel did not resolve $NODE_IP to $NODE_MAC by ARP (neighbour: ${neigh:-none})")
  [ "${arp_reply:-0}" -ge 1 ] || bad+=("the engine answered no ARP request (RX_ARP_REPLY ${arp_reply:-?})")
fi
# the engine's IPv4 frames once more, by tshark (FCS, IPv4 / UDP checksums, FM header: sim/comet.lua)
if command -v tshark >/dev/null; then
  if tshark -r "$OUT/node.pcap" -Y ip -w "$OUT/node_ip.pcap" -F pcap 2>/dev/null &&
     pc=$(bash scripts/check_pcap.sh "$OUT/node_ip.pcap" 2>&1); then
    echo "  pcap | $(grep 'frames=' <<<"$pc")"
  else
    echo "$pc" | sed 's/^/  pcap | /'
    bad+=("tshark found bad frames from the engine ($OUT/node.pcap)")
  fi
else
  echo "  pcap | tshark is not installed: the engine's frames are checked by comet_tap only"
fi
summary=$(sed -n 's/^comet_tap: backend=[a-z]* \(messages.*cycles=[0-9]*\) wall=\([0-9.]*s\).*/\1 node wall \2/p' "$OUT/node.log")
if [ ${#bad[@]} -gt 0 ]; then
  fail "$(IFS=';'; echo "${bad[*]}") ($((SECONDS - t0)) s)"
fi
echo "PASS $name: ${summary:-?}, run $((SECONDS - t0)) s"
