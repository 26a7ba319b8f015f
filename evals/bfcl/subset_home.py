#!/usr/bin/env python3
"""Makes a BFCL home holding part of one category: the questions whose id numbers
--min-position or more, less those an earlier run could have read, named by their places in
eval_bfcl's interleaved order (every 10th question first: sorted by (i mod 10, i)).

    python3 evals/bfcl/subset_home.py --source HOME --target NEW --category live_multiple \
        --min-position 224 --skip-full 224:381 --skip-full 600:746 --skip-held 0:159 --skip-held 415:561

--skip-full A:B leaves out the questions at places A to B-1 of the order over the whole
category (a run on the full home with EVAL_FROM=A); --skip-held A:B those at places A to B-1 of
the order over the questions kept by --min-position alone (a run on such a home). The new home
links the source's venv and install stamp.
"""

import argparse
import json
import os


def span(text):
    a, b = text.split(":")
    return range(int(a), int(b))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    ap.add_argument("--target", required=True)
    ap.add_argument("--category", required=True)
    ap.add_argument("--min-position", type=int, default=0)
    ap.add_argument("--skip-full", type=span, action="append", default=[])
    ap.add_argument("--skip-held", type=span, action="append", default=[])
    a = ap.parse_args()
    lines = open(os.path.join(a.source, "data", f"{a.category}.json")).read().splitlines()
    ids = [json.loads(line)["id"] for line in lines]
    number = lambda i: int(ids[i].rsplit("_", 1)[1].split("-")[0])
    order = lambda idx: sorted(idx, key=lambda j: (j % 10, j))
    full = order(range(len(lines)))
    held = [i for i in range(len(lines)) if number(i) >= a.min_position]
    held_order = [held[j] for j in order(range(len(held)))]
    skipped = {full[p] for r in a.skip_full for p in r if p < len(full)}
    skipped |= {held_order[p] for r in a.skip_held for p in r if p < len(held_order)}
    kept = [i for i in held if i not in skipped]
    answers = {}
    with open(os.path.join(a.source, "data", "possible_answer", f"{a.category}.json")) as f:
        for line in f:
            answers[json.loads(line)["id"]] = line.rstrip("\n")
    os.makedirs(os.path.join(a.target, "data", "possible_answer"), exist_ok=True)
    with open(os.path.join(a.target, "data", f"{a.category}.json"), "w") as f:
        f.writelines(lines[i] + "\n" for i in kept)
    with open(os.path.join(a.target, "data", "possible_answer", f"{a.category}.json"), "w") as f:
        f.writelines(answers[ids[i]] + "\n" for i in kept)
    for name in ("venv", ".installed"):
        link = os.path.join(a.target, name)
        if not os.path.lexists(link):
            os.symlink(os.path.abspath(os.path.join(a.source, name)), link)
    print(f"{len(kept)} questions in {a.target}")


if __name__ == "__main__":
    main()
