#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Plot of the fabric manager's size sweep (docs/reference/fabric_manager.md).

  scripts/plot_fdb.py [SWEEP_CSV] [PNG]    defaults: build/fdb/sweep.csv build/plots/fdb_blocks.png

SWEEP_CSV is written by `build/sw/nic_fm tables --csv PATH` (`make fdb`). Left: node-route FDB
blocks a leaf rewrites when one spine fails, leaf-major and port-major addresses, beside the
closed forms ceil(n/64) and ceil(n/64/p), for the paper's trees (36-port leaves, 18 spines).
Right: port-major / leaf-major node-route MADs against the bound 1/p (1/18). Without matplotlib
the script says so and exits 0 without writing the PNG.
"""
import csv
import os
import sys


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "build/fdb/sweep.csv"
    dst = sys.argv[2] if len(sys.argv) > 2 else "build/plots/fdb_blocks.png"
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print(f"plot_fdb: matplotlib is not installed; {dst} not written "
              "(the same figures are in the `make fdb` table)")
        return 0
    with open(src, newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["kind"] == "paper"]
    if not rows:
        sys.exit(f"plot_fdb: no rows of kind 'paper' in {src}")
    n = [int(r["nodes"]) for r in rows]
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(11, 4.2))
    ax.plot(n, [int(r["leaf_major_changed"]) for r in rows], "o-", label="leaf-major, exact")
    ax.plot(n, [int(r["ceil_n_64"]) for r in rows], "k--", label="ceil(n/64)")
    ax.plot(n, [int(r["port_major_changed"]) for r in rows], "s-", label="port-major, exact")
    ax.plot(n, [int(r["ceil_n_64_p"]) for r in rows], "k:", label="ceil(n/64/p), p = 18")
    ax.set_xlabel("nodes n")
    ax.set_ylabel("node-route blocks rewritten per leaf")
    ax.set_title("One spine fails: blocks per leaf")
    ax.legend()
    ax.grid(True, alpha=0.3)
    bx.plot(n, [float(r["ratio"]) for r in rows], "o-", label="port-major / leaf-major MADs")
    p = int(rows[0]["spines"])
    bx.axhline(1.0 / p, color="k", linestyle="--", label=f"bound 1/{p}")
    bx.set_xscale("log")
    bx.set_yscale("log")
    bx.set_xlabel("nodes n")
    bx.set_ylabel("MAD ratio")
    bx.set_title("Node-route MADs, port-major vs leaf-major")
    bx.legend()
    bx.grid(True, alpha=0.3, which="both")
    fig.tight_layout()
    os.makedirs(os.path.dirname(dst) or ".", exist_ok=True)
    fig.savefig(dst, dpi=120)
    print(f"plot_fdb: wrote {dst}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
