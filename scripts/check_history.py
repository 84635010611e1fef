#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Reject work-history words in the tracked sources and documents.

Comments and documents describe the design as it is. This check lists every line of a tracked
file under docs/ rtl/ cmodel/ sw/ tb/ syn/ scripts/ formats/ formal/ mk/ sim/ constraints/ (and
of the Makefile and README.md) that matches a pattern of scripts/history_patterns.txt, or that
holds an abbreviated commit id of this repository (a word of 7 or more hex digits that
`git cat-file` resolves to a commit; hex constants and CRC values do not resolve and pass).
Output: file:line:match, one per hit; exit 1 if there is any.

  scripts/check_history.py             check the tree
  scripts/check_history.py --selftest  check that the patterns and the commit test work

Not checked: the pattern file itself and docs/synthesis.json (the synthesis record stores the
commit each row was measured at, as data).
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PATTERN_FILE = "scripts/history_patterns.txt"
DIRS = ["docs", "rtl", "cmodel", "sw", "tb", "syn", "scripts", "formats", "formal", "mk", "sim",
        "constraints", "Makefile", "README.md"]
EXCLUDE = {PATTERN_FILE, "docs/synthesis.json"}
HEX_WORD = re.compile(r"\b[0-9a-fA-F]{7,40}\b")


def load_patterns(path):
    pats = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            rx, sep, _what = line.partition("  #")
            if not sep:
                sys.exit(f"{path}:{n}: a pattern needs a comment ('  # what it catches')")
            pats.append(re.compile(rx.strip(), re.IGNORECASE))
    return pats


def git(args, data=None):
    return subprocess.run(["git", "-C", ROOT] + args, input=data, capture_output=True,
                          text=True, check=True).stdout


def commit_words(words):
    """The subset of words that name a commit of this repository (one git call)."""
    words = sorted(set(w.lower() for w in words))
    if not words:
        return set()
    out = git(["cat-file", "--batch-check"], "".join(w + "^{commit}\n" for w in words))
    found = set()
    for w, line in zip(words, out.splitlines()):
        # resolved: "<oid> commit <size>"; otherwise "<w>^{commit} missing" / "... ambiguous"
        if line.split()[1:2] == ["commit"]:
            found.add(w)
    return found


def scan(texts, patterns):
    """texts: [(name, text)]. Returns [(name, line number, matched text)]."""
    hits = []
    hexes = []
    for name, text in texts:
        for n, line in enumerate(text.splitlines(), 1):
            for rx in patterns:
                for m in rx.finditer(line):
                    hits.append((name, n, m.group(0)))
            for m in HEX_WORD.finditer(line):
                hexes.append((name, n, m.group(0)))
    commits = commit_words(w for _, _, w in hexes)
    hits += [(name, n, w) for name, n, w in hexes if w.lower() in commits]
    return sorted(set(hits), key=lambda h: (h[0], h[1], h[2]))


def tracked_files():
    files = git(["ls-files", "--"] + DIRS).splitlines()
    return [f for f in files if f not in EXCLUDE and os.path.isfile(os.path.join(ROOT, f))]


def read_text(path):
    with open(os.path.join(ROOT, path), "rb") as f:
        data = f.read()
    if b"\0" in data:
        return None  # binary
    return data.decode("utf-8", errors="replace")


def selftest(patterns):
    head = git(["rev-parse", "HEAD"]).strip()
    step = "st" + "op"  # kept apart so that this file passes its own check
    cases = [
        (f"one {step} 25 fix", True),
        (f"{step.capitalize()} 39 measured", True),
        (f"{step}s 24-26 moved it", True),
        (f"({step}s 24-26)", True),
        (f"the flag, sin" + f"ce {step}: one more cycle", True),
        ("no gain, not " + "kept", True),
        ("tried, not " + "landed", True),
        ("not " + "adopted either", True),
        ("on bran" + "ch rng" + "39 only", True),
        (f"netlist of {head[:7]}", True),
        (f"netlist of {head[:12]} (long form)", True),
        ("unmapped reads return 32'hDEAD_BEEF", False),
        ("poison 0xDEADBEEF in the RAM", False),
        ("CRC-32 residue C704DD7B, check value cbf43926", False),
        ("deadbeefcafe and 0123456789abcdef are data", False),
        ("a request is taken every cycle; the FSM stops when the packet is done", False),
        ("the case branches of the FSM", False),
        ("the levels are not " + "kept for that one cycle", False),
    ]
    bad = 0
    for text, want in cases:
        got = bool(scan([("selftest", text)], patterns))
        if got != want:
            bad += 1
            print(f"selftest: {'missed' if want else 'false hit'}: {text!r}")
    print(f"selftest: {len(cases) - bad}/{len(cases)} cases right")
    return 1 if bad else 0


def main(argv):
    patterns = load_patterns(os.path.join(ROOT, PATTERN_FILE))
    if argv[1:] == ["--selftest"]:
        return selftest(patterns)
    if argv[1:]:
        print(__doc__)
        return 2
    texts = []
    for f in tracked_files():
        t = read_text(f)
        if t is not None:
            texts.append((f, t))
    hits = scan(texts, patterns)
    for name, n, w in hits:
        print(f"{name}:{n}:{w}")
    if hits:
        print(f"check_history: {len(hits)} work-history words in "
              f"{len(set(h[0] for h in hits))} files (patterns: {PATTERN_FILE})")
        return 1
    print(f"check_history: {len(texts)} files clean")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
