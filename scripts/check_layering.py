#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Include layering of the C/C++ sources: cmodel/ includes only cmodel/, sw/ includes sw/ and
cmodel/, tb/ includes tb/, sw/ and cmodel/; nothing outside tb/ includes a tb/ header.

Every `#include "..."` of cmodel/ and sw/ is resolved the way the compiler does it with the
folder's include paths (the including file's folder first, then -I in order, the same paths
the Makefile gives the folder). It fails on an include that names a tb/ path, or that only
resolves in a higher layer (a header of tb/ for sw/, of sw/ or tb/ for cmodel/). A header found
nowhere in the tree is accepted only if it is one Verilator generates (V<prefix>.h).

  scripts/check_layering.py [--root DIR]     exit 0 = clean, 1 = violations (listed)
"""
import argparse
import os
import re
import sys

# the include paths of each layer (Makefile INC_cmodel / INC_sw / INC_tb)
LAYERS = {"cmodel": ["cmodel"], "sw": ["sw", "cmodel"], "tb": ["tb", "sw", "cmodel"]}
CHECKED = ["cmodel", "sw"]
SRC_EXT = (".c", ".h", ".cpp", ".hpp")
INC_RE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
GENERATED_RE = re.compile(r"^V\w+\.h$")  # Verilator's model header (--prefix V...)


def resolve(root, src_dir, name, paths):
    for d in [src_dir] + paths:
        p = os.path.normpath(os.path.join(root, d, name))
        if os.path.isfile(p):
            return os.path.relpath(p, root)
    return None


def layer_of(rel):
    top = rel.split(os.sep)[0]
    return top if top in LAYERS else None


def check(root):
    errors = []
    for layer in CHECKED:
        for dirpath, _, files in os.walk(os.path.join(root, layer)):
            for f in sorted(files):
                if not f.endswith(SRC_EXT):
                    continue
                path = os.path.join(dirpath, f)
                rel = os.path.relpath(path, root)
                src_dir = os.path.dirname(rel)
                with open(path, encoding="utf-8", errors="replace") as fh:
                    for ln, line in enumerate(fh, 1):
                        m = INC_RE.match(line)
                        if not m:
                            continue
                        name = m.group(1)
                        where = f"{rel}:{ln}: #include \"{name}\""
                        if re.search(r"(^|/)tb/", name):
                            errors.append(f"{where}: names a tb/ path ({layer}/ may not include tb/)")
                            continue
                        hit = resolve(root, src_dir, name, LAYERS[layer])
                        if hit is not None:
                            hl = layer_of(hit)
                            if hl is not None and hl not in LAYERS[layer]:
                                errors.append(f"{where}: resolves to {hit}, a {hl}/ file")
                            continue
                        higher = [d for d in LAYERS["tb"] if d not in LAYERS[layer]
                                  and os.path.isfile(os.path.join(root, d, name))]
                        if higher:
                            errors.append(f"{where}: only in {', '.join(d + '/' for d in higher)}"
                                          f" (a higher layer than {layer}/)")
                        elif not GENERATED_RE.match(os.path.basename(name)):
                            errors.append(f"{where}: not found in {' '.join(LAYERS[layer])}")
    return errors


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    a = ap.parse_args()
    errors = check(os.path.abspath(a.root))
    for e in errors:
        print(e)
    print(f"check_layering: {len(errors)} violation(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
