#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Barrier and global-sum cycles against the node count (build/bench/fabric.txt, written by
scripts/fabric_bench.sh) with the log8 N shape and the paper's 2-node hardware figures:
build/plots/barrier_vs_nodes.png."""
import math
import re
import sys

CLOCK_MHZ = 133.0  # the design clock the cycle counts are at (docs/results/latency.md)
# seed 001, Tables 7 and 8: 2-node hardware, microseconds (min, max)
PAPER_US = {"barrier": (2.03, 2.77), "gsum": (1.90, 2.82)}


def load(path):
    fig = {}
    for line in open(path):
        p = line.split()
        if len(p) == 2:
            try:
                fig[p[0]] = float(p[1])
            except ValueError:
                pass
    return fig


def series(fig, pattern):
    pts = []
    for k, v in fig.items():
        m = re.fullmatch(pattern, k)
        if m:
            pts.append((int(m.group(1)), v))
    return sorted(pts)


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "build/bench/fabric.txt"
    dst = sys.argv[2] if len(sys.argv) > 2 else "build/plots/barrier_vs_nodes.png"
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot_fabric: matplotlib is missing (scripts/setup.sh installs it)", file=sys.stderr)
        return 1
    fig = load(src)
    curves = [
        ("barrier, multicast release", r"aotf\.barrier_cycles_n(\d+)_mcast", "o-"),
        ("barrier, point-to-point release", r"aotf\.barrier_cycles_n(\d+)_ucast", "s--"),
        ("global sum u32, multicast", r"aotf\.gsum_cycles_n(\d+)_u32", "^-"),
        ("global sum f64, multicast", r"aotf\.gsum_cycles_n(\d+)_f64", "v-"),
    ]
    ax = plt.figure(figsize=(7.5, 4.8)).gca()
    base = None
    for label, pat, style in curves:
        pts = series(fig, pat)
        if not pts:
            continue
        ax.plot([n for n, _ in pts], [v for _, v in pts], style, label=label)
        if base is None:
            base = pts
    if not base:
        print("plot_fabric: no barrier figures in " + src, file=sys.stderr)
        return 1
    # log8 N shape through the 2-node barrier: levels = ceil(log8 N); a level costs the 2-node time
    n2 = dict(base).get(2)
    if n2:
        ns = [n for n, _ in base]
        ax.plot(ns, [n2 * max(1, math.ceil(math.log(n, 8) - 1e-9)) for n in ns], ":", color="gray",
                label="2-node barrier x ceil(log8 N)")
    for what, (lo, hi) in PAPER_US.items():
        ax.axhspan(lo * CLOCK_MHZ, hi * CLOCK_MHZ, alpha=0.12,
                   color="tab:green" if what == "barrier" else "tab:orange",
                   label=f"paper 2-node hardware {what} ({lo}-{hi} us at {CLOCK_MHZ:.0f} MHz)")
    ax.set_xscale("log", base=2)
    ax.set_xlabel("nodes (two-level 8-ary tree of switches)")
    ax.set_ylabel(f"cycles at {CLOCK_MHZ:.0f} MHz")
    ax.set_title("AOTF barrier and global sum against node count (C model, paper host costs)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7)
    import os
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    plt.tight_layout()
    plt.savefig(dst, dpi=120)
    print("plot_fabric: wrote " + dst)
    return 0


if __name__ == "__main__":
    sys.exit(main())
