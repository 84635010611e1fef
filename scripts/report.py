#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Print the AOTF results next to the paper's figures (DIMMnet-1: Tables 5-8, Table 6 per stage).

Usage: report.py FIGURES...   (files of "key value" lines, as written by aotf_apps --figures and
make bench). Cycles are at the design clock; ns at the paper's 133 MHz (7.5 ns per cycle)."""
import sys

NS = 1000.0 / 133.0
fig = {}
for path in sys.argv[1:]:
    try:
        for line in open(path):
            p = line.split()
            if len(p) >= 2:
                try:
                    fig[p[0]] = float(p[1])
                except ValueError:
                    pass
    except FileNotFoundError:
        pass

def row(name, key, paper, note=""):
    v = fig.get(key)
    ours = f"{v:8.1f} {v * NS:8.0f}" if v is not None else f"{'-':>8} {'-':>8}"
    print(f"  {name:<34} {ours}   {paper:<24} {note}")

print("AOTF on the 2-node system (cycles | ns at 133 MHz)     paper (hardware, P3/P4 hosts)")
print(f"  {'':<34} {'cycles':>8} {'ns':>8}")
print(" with the host cost model (stores/loads cost CPU + chipset time, Table 4):")
row("ping-pong RTT 4 B", "aotf.rtt_cycles_4B", "1840-2340 ns (Table 5)")
row("ping-pong RTT 8 B", "aotf.rtt_cycles_8B", "1840 ns (Table 9)")
row("barrier, 2 nodes", "aotf.barrier_cycles_2node", "2026-2765 ns (Table 7)")
row("global sum u32", "aotf.gsum_cycles_2node_u32", "1897-2379 ns (Table 8)")
row("global sum u64", "aotf.gsum_cycles_2node_u64", "2196-2824 ns (Table 8)")
row("global sum f32", "aotf.gsum_cycles_2node_f32", "1903-2397 ns (Table 8)")
row("global sum f64", "aotf.gsum_cycles_2node_f64", "1912-2377 ns (Table 8)")
row("ring buffer, per 8-byte value", "aotf.ring_cycles_per_value", "-")
print(" NIC alone (host costs 0):")
row("ping-pong RTT 4 B", "aotf.rtt_cycles_4B_nic_only", "-")
row("barrier, 2 nodes", "aotf.barrier_cycles_2node_nic_only", "-")
row("global sum u64", "aotf.gsum_cycles_2node_u64_nic_only", "-")
print()
print("Latency per stage (cycles)                          ours     paper Table 6 (133 MHz design)")
def srow(name, key, paper):
    v = fig.get(key)
    print(f"  {name:<46} {('%6.1f' % v) if v is not None else '     -'}     {paper}")
srow("kick accepted -> first link beat (HTLB hit)", "aotf.kick_to_link_cycles", "2 queue + 3 HTLB + 1 size + 1 handshake = 7 (+3 host write)")
srow("link: nic_link DUT (LATENCY=7; system uses 4)", "aotf.link_latency_cycles", "4 send SWIF + 7 receive SWIF = 11")
srow("last link beat -> LLCM readable", "aotf.link_to_llcm_cycles", "7 + 1 = 8 (receive SWIF + LLCM write)")
srow("internal loop: kick accepted -> LLCM readable", "aotf.loopback_kick_to_llcm_cycles", "22 (Table 6 total)")
srow("HTLB miss -> packet after the refill write", "aotf.miss_penalty_cycles", "(core CPU refill; not given)")
