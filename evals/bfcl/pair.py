#!/usr/bin/env python3
"""Pairs two BFCL run logs of the same questions, one mode: two binaries (commits), or one
binary with a piece on and off. Each log is scored with BFCL's checker (score.py, the first
executed call); the questions both logs ran in that mode are compared.

Prints, for each log: right answers and runs without an executed call; then the paired
counts (both right, only A, only B, neither), the exact McNemar p (two-sided binomial on the
discordant pairs), and the ids gained and lost (B against A).

Usage: pair.py --data DIR [--mode prevention] A.jsonl B.jsonl
(DIR: the data directory of BFCL_HOME; run with the venv's python, which has the checker.)
"""

import argparse
import json
import math
import subprocess
import sys
from pathlib import Path


def verdicts(data, log):
    score = Path(__file__).with_name("score.py")
    out = subprocess.run([sys.executable, str(score), "--data", data, log],
                         check=True, capture_output=True, text=True).stdout
    return {(v["id"], v["mode"]): bool(v["valid"]) for v in map(json.loads, out.splitlines())}


def runs(log, mode):
    with open(log, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f if line.strip()]
    # A question run twice in one log: the later run counts, as in the harness's report.
    return {r["id"]: r for r in lines if r["mode"] == mode}


def mcnemar(b, c):
    n = b + c
    if n == 0:
        return 1.0
    k = min(b, c)
    p = 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, p)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--mode", default="prevention")
    ap.add_argument("a")
    ap.add_argument("b")
    args = ap.parse_args()
    ra, rb = runs(args.a, args.mode), runs(args.b, args.mode)
    va, vb = verdicts(args.data, args.a), verdicts(args.data, args.b)
    ids = sorted(set(ra) & set(rb))
    right = lambda v, i: v.get((i, args.mode), False)
    for name, r, v in (("A", ra, va), ("B", rb, vb)):
        ok = sum(right(v, i) for i in ids)
        none = sum(not r[i]["calls"] for i in ids)
        print(f"{name} {Path(getattr(args, name.lower())).name}: {ok} of {len(ids)} right, "
              f"{none} without an executed call")
    both = sum(right(va, i) and right(vb, i) for i in ids)
    only_a = [i for i in ids if right(va, i) and not right(vb, i)]
    only_b = [i for i in ids if right(vb, i) and not right(va, i)]
    print(f"paired: {len(ids)} questions, both right {both}, only A {len(only_a)}, "
          f"only B {len(only_b)}, neither {len(ids) - both - len(only_a) - len(only_b)}, "
          f"exact McNemar p = {mcnemar(len(only_a), len(only_b)):.3f}")
    print("gained (only B):", " ".join(only_b) or "-")
    print("lost (only A):", " ".join(only_a) or "-")
    calls_a = [i for i in ids if not ra[i]["calls"]]
    calls_b = [i for i in ids if not rb[i]["calls"]]
    print("without an executed call, A:", " ".join(calls_a) or "-")
    print("without an executed call, B:", " ".join(calls_b) or "-")


if __name__ == "__main__":
    main()
