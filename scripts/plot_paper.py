#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The design's measured figures next to the papers' (build/bench/paper.txt, written by
scripts/paper_figs.sh), three PNGs under build/plots/:
  aotf_latency_stages.png  AOTF internal loop per stage, stacked, beside seed 001 Table 6
  comet_fm_bandwidth.png   Comet-FM bandwidth per message size beside seed 000 Fig. 8 (~10 MB/s
                           at 1440 B on 100 Mb/s Fast Ethernet), in MB/s and as a share of the link
  comet_line_rate.png      Comet transmit bytes per cycle per frame size against the Ethernet
                           wire-rate ceiling 8 * S / (S + 20) (preamble, SFD and gap: 20 bytes)
Usage: plot_paper.py [figures.txt] [out_dir]"""
import os
import sys

from plot_fabric import load  # "key value" lines -> {key: float}

MADE_BY = "made by: make plots (scripts/paper_figs.sh, scripts/plot_paper.py)"
# seed 001 Table 6: cycles at the DIMM clock (133 MHz) and the SWIF clock (100 MHz)
TABLE6 = [("host write (DIMM)", 3), ("transaction queue", 2), ("header TLB lookup", 3),
          ("transfer-size decision", 1), ("send-buffer handshake", 1), ("send-side SWIF", 4),
          ("receive-side SWIF", 7), ("LLCM write", 1)]
COMET_CLOCK_MHZ = 156.25         # the Comet engine's design clock (docs/synthesis.json)
LINK_MBPS = 8 * COMET_CLOCK_MHZ  # 64-bit stream at the design clock
PAPER_FM = (1440, 10.0)          # seed 000 Fig. 8: Comet-FM, bytes and MB/s
PAPER_LINK_MBPS = 12.5           # 100 Mb/s Fast Ethernet


def need(fig, key):
    if key not in fig:
        raise SystemExit(f"plot_paper: figure {key} missing from the input")
    return fig[key]


def series(fig, prefix):
    pts = []
    for k, v in fig.items():
        if k.startswith(prefix) and k[len(prefix):].isdigit():
            pts.append((int(k[len(prefix):]), v))
    return sorted(pts)


def footer(f, plt):
    f.text(0.01, 0.005, MADE_BY, fontsize=7, color="0.4")


def aotf_stages(fig, plt, dst):
    k2l = need(fig, "aotf.kick_to_link_cycles")
    l2m = need(fig, "aotf.link_to_llcm_cycles")
    loop = need(fig, "aotf.loopback_kick_to_llcm_cycles")
    ours = [("kick -> first link beat", k2l), ("rest of the packet + loopback slice", loop - k2l - l2m),
            ("last beat -> LLCM readable", l2m)]
    f, ax = plt.subplots(figsize=(7.5, 4.8))
    cmap = plt.get_cmap("tab20")
    for col, stages in ((0, TABLE6), (1, ours)):
        bottom = 0.0
        for i, (name, c) in enumerate(stages):
            color = cmap((i * 2 + (0 if col == 0 else 1)) % 20) if col == 0 else cmap(12 + i * 2)
            ax.bar(col, c, bottom=bottom, color=color, edgecolor="black", width=0.55)
            ax.text(col + 0.3, bottom + c / 2, f"{name} {c:g}", va="center", fontsize=7)
            bottom += c
        ax.text(col, bottom + 0.4, f"{bottom:g} cycles", ha="center", fontsize=9, weight="bold")
    ax.set_xticks([0, 1])
    ax.set_xticklabels(["seed 001 Table 6\n(Verilog simulation)", "this design\n(lockstep, measured)"])
    ax.set_xlim(-0.5, 2.4)
    ax.set_ylabel("cycles at the design clock")
    ax.set_title("AOTF internal loop: kick -> data readable in the LLCM")
    footer(f, plt)
    f.tight_layout(rect=(0, 0.03, 1, 1))
    f.savefig(dst, dpi=120)


def comet_fm(fig, plt, dst):
    host = series(fig, "comet.fm_bw_mbps_")
    nic = series(fig, "comet.fm_bw_mbps_nic_only_")
    if not host or not nic:
        raise SystemExit("plot_paper: comet.fm_bw_mbps_* figures missing from the input")
    f, (a1, a2) = plt.subplots(1, 2, figsize=(10, 4.5))
    for ax, scale, unit in ((a1, 1.0, "MB/s"), (a2, None, "% of the link")):
        def y(v, link):
            return v if scale else 100.0 * v / link
        ax.plot([s for s, _ in host], [y(v, LINK_MBPS) for _, v in host], "o-",
                label="Comet-FM, paper host costs (C model)")
        ax.plot([s for s, _ in nic], [y(v, LINK_MBPS) for _, v in nic], "s--",
                label="Comet-FM, NIC only (no host cost)")
        ax.plot([PAPER_FM[0]], [y(PAPER_FM[1], PAPER_LINK_MBPS)], "r*", markersize=14,
                label="seed 000 Fig. 8: ~10 MB/s at 1440 B, 100 Mb/s Ethernet")
        ax.set_xscale("log", base=2)
        ax.set_xlabel("message payload bytes")
        ax.set_ylabel(unit)
        ax.grid(True, which="both", alpha=0.3)
    a1.set_yscale("log")
    a1.set_title(f"bandwidth (64-bit link at {COMET_CLOCK_MHZ:g} MHz = {LINK_MBPS:g} MB/s)")
    a2.set_title("share of each system's link rate")
    a2.set_ylim(0, 100)
    a2.legend(fontsize=7, loc="upper left")
    footer(f, plt)
    f.tight_layout(rect=(0, 0.03, 1, 1))
    f.savefig(dst, dpi=120)


def comet_line(fig, plt, dst):
    pts = series(fig, "comet.tx_bytes_per_cycle_")
    if not pts:
        raise SystemExit("plot_paper: comet.tx_bytes_per_cycle_* figures missing from the input")
    f, ax = plt.subplots(figsize=(7.5, 4.5))
    xs = [s for s, _ in pts]
    ax.bar(range(len(xs)), [v for _, v in pts], color="tab:blue", label="measured on m_axis (lockstep)")
    ax.plot(range(len(xs)), [8.0 * s / (s + 20.0) for s in xs], "k_", markersize=30, mew=2,
            label="Ethernet wire rate at 8 B/cycle (frame + 20 B)")
    for i, (s, v) in enumerate(pts):
        ax.text(i, v + 0.1, f"{v:.2f}", ha="center", fontsize=8)
    ax.set_xticks(range(len(xs)))
    ax.set_xticklabels([str(s) for s in xs])
    ax.set_xlabel("frame bytes (with FCS)")
    ax.set_ylabel("bytes per cycle")
    ax.set_ylim(0, 10)
    ax.set_title("Comet transmit rate per frame size (DMA latency 20 cycles)")
    ax.legend(fontsize=8, loc="upper left")
    footer(f, plt)
    f.tight_layout(rect=(0, 0.03, 1, 1))
    f.savefig(dst, dpi=120)


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "build/bench/paper.txt"
    out = sys.argv[2] if len(sys.argv) > 2 else "build/plots"
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot_paper: matplotlib is missing (scripts/setup.sh installs it)", file=sys.stderr)
        return 1
    fig = load(src)
    os.makedirs(out, exist_ok=True)
    for name, fn in (("aotf_latency_stages.png", aotf_stages), ("comet_fm_bandwidth.png", comet_fm),
                     ("comet_line_rate.png", comet_line)):
        fn(fig, plt, os.path.join(out, name))
        print(f"plot_paper: {os.path.join(out, name)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
