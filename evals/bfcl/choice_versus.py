#!/usr/bin/env python3
"""The client's choice of tool in two sets of scoring logs of the same questions, paired.

Each log is eval_bfcl's under EVAL_TOOL_SCORES=1 (each tool's [name, log_prob, prior, words,
plain words, required numbers not given]); the choice is taken as the prompted client takes it
(prompted/choice.rs): log_prob - prior + WEIGHT * words - PENALTY * unfilled, the highest, the
first offered on a tie. A log from before the sixth element reads its unfilled counts from
--unfilled (bfcl_unfilled's lines). Two binaries' logs compare two ways of scoring; the same
binary's logs twice say how reproducible the scoring is (how often the chosen tool differs).

    python3 evals/bfcl/choice_versus.py --data HOME/data --category live_multiple \\
        --unfilled unfilled.jsonl --before OLD.jsonl [...] --after NEW.jsonl [...]
"""

import argparse
import json
import sys

from tool_choice import answer_tools, first_best, mcnemar, read_unfilled, wilson


def load(paths):
    runs = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                r = json.loads(line)
                if r.get("tool_scores"):
                    runs[r["id"]] = r
    return runs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--category", default="live_multiple")
    ap.add_argument("--weight", type=float, default=3.0)
    ap.add_argument("--penalty", type=float, default=2.0)
    ap.add_argument("--unfilled")
    ap.add_argument("--before", nargs="+", required=True)
    ap.add_argument("--after", nargs="+", required=True)
    a = ap.parse_args()
    answers = answer_tools(a.data, a.category)
    dump = read_unfilled(a.unfilled)

    def chosen(r):
        def unfilled(s):
            return s[5] if len(s) > 5 else dump.get(r["id"], {}).get(s[0], 0)
        return first_best(r["tool_scores"],
                          lambda s: s[1] - s[2] + a.weight * s[3] - a.penalty * unfilled(s))

    before, after = load(a.before), load(a.after)
    ids = [i for i in before if i in after and i in answers]
    n = len(ids)
    if n == 0:
        print("no question scored in both", file=sys.stderr)
        return 1
    x = {i: chosen(before[i]) == answers[i] for i in ids}
    y = {i: chosen(after[i]) == answers[i] for i in ids}
    differ = sum(1 for i in ids if chosen(before[i]) != chosen(after[i]))
    for label, v in (("before", x), ("after", y)):
        k = sum(v.values())
        lo, hi = wilson(k, n)
        print(f"{label}: {k} of {n} right, {k / n * 100:.1f}% ({lo:.1f}-{hi:.1f}%)")
    ob = sum(1 for i in ids if x[i] and not y[i])
    oa = sum(1 for i in ids if y[i] and not x[i])
    both = sum(1 for i in ids if x[i] and y[i])
    print(f"paired: both {both}, only before {ob}, only after {oa}, neither {n - both - ob - oa}; "
          f"exact McNemar p = {mcnemar(ob, oa):.2g}; the chosen tool differs in {differ}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
