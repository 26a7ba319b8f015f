#!/usr/bin/env python3
"""The calibrated choice of tool with and without the request's own words, read from a log.

The log is eval_bfcl's under EVAL_TOOL_SCORES=1: each line holds every offered tool's
[name, log_prob, prior, words] for the question's first turn. The choice is taken as the
prompted client takes it (prompted/choice.rs): calibrated = log_prob - prior, ranked =
calibrated + weight * words, the highest, the first offered on a tie. Each is compared with the
tool of the question's possible answer, and the two are paired by question.

    python3 evals/bfcl/tool_choice.py --data HOME/data --category live_multiple LOG [LOG ...]

--min-position N keeps only the questions whose id numbers N or more (live_multiple_224-98-0
is 224): a held-out range. A question logged twice counts once (the later line).

--plain compares two readings of the words instead: a tool's name and description only (the
log's fifth column, [.., words, plain words]) against the client's (with its arguments' names
and descriptions).

--unfilled FILE compares the client's ranking without and with the required numbers a question
gives none of (FILE: bfcl_unfilled's lines, {"id", "unfilled": {tool: n}}): with them, each such
number costs a tool --penalty nats of its ranking (prompted/choice.rs, `required_numbers`; inf:
the tools needing the fewest are ranked first, and the ranking chooses among those). A log from
before the rule reads with it, since the rule needs no model.
"""

import argparse
import json
import math
import os
import sys


def wilson(k, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((c - h) / d * 100, (c + h) / d * 100)


def mcnemar(b, c):
    """Exact two-sided McNemar p for b and c discordant pairs."""
    n = b + c
    if n == 0:
        return 1.0
    k = min(b, c)
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2**n)


def answer_tools(data, category):
    """Each question's expected tool (the first call of its possible answer), by id."""
    answers = {}
    with open(os.path.join(data, "possible_answer", f"{category}.json")) as f:
        for line in f:
            ans = json.loads(line)
            answers[ans["id"]] = next(iter(ans["ground_truth"][0]))
    return answers


def read_unfilled(path):
    """bfcl_unfilled's lines: each question's {tool: required numbers not given}, by id."""
    unfilled = {}
    if path:
        with open(path) as f:
            for line in f:
                u = json.loads(line)
                unfilled[u["id"]] = u["unfilled"]
    return unfilled


def first_best(scores, key):
    best = None
    for s in scores:
        if best is None or key(s) > key(best):
            best = s
    return best[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--category", default="live_multiple")
    ap.add_argument("--weight", type=float, default=3.0)
    ap.add_argument("--min-position", type=int, default=0)
    ap.add_argument("--plain", action="store_true")
    ap.add_argument("--unfilled")
    ap.add_argument("--penalty", type=float, default=math.inf)
    ap.add_argument("logs", nargs="+")
    a = ap.parse_args()
    answers = {qid: {tool} for qid, tool in answer_tools(a.data, a.category).items()}
    unfilled = read_unfilled(a.unfilled)
    runs = {}
    for log in a.logs:
        with open(log) as f:
            for line in f:
                r = json.loads(line)
                if not r.get("tool_scores") or r["id"] not in answers:
                    continue
                if a.plain and any(len(t) < 5 for t in r["tool_scores"]):
                    sys.exit(f"{log}: {r['id']} has no plain words (a log from before them)")
                position = int(r["id"].rsplit("_", 1)[1].split("-")[0])
                if position >= a.min_position:
                    runs[r["id"]] = r
    n = len(runs)
    if n == 0:
        print("no scored question in the logs", file=sys.stderr)
        return 1
    before = after = both = only_before = only_after = worded = 0
    for qid, r in runs.items():
        scores = r["tool_scores"]
        want = answers[qid]
        ranked = lambda s: s[1] - s[2] + a.weight * s[3]
        if a.plain:
            x = first_best(scores, lambda s: s[1] - s[2] + a.weight * s[4]) in want
            y = first_best(scores, ranked) in want
        elif a.unfilled:
            if qid not in unfilled:
                sys.exit(f"{a.unfilled}: no line for {qid}")
            lacking = unfilled[qid]
            x = first_best(scores, ranked) in want
            if math.isinf(a.penalty):
                key = lambda s: (-lacking.get(s[0], 0), ranked(s))
            else:
                key = lambda s: ranked(s) - a.penalty * lacking.get(s[0], 0)
            y = first_best(scores, key) in want
        else:
            x = first_best(scores, lambda s: s[1] - s[2]) in want
            y = first_best(scores, ranked) in want
        before += x
        after += y
        both += x and y
        only_before += x and not y
        only_after += y and not x
        worded += any(s[3] > 0 for s in scores)
    tools = sum(len(r["tool_scores"]) for r in runs.values()) / n
    print(f"{n} questions scored ({tools:.1f} tools offered on average); "
          f"{worded} share a word with some tool")
    if a.plain:
        first = "the words of names and descriptions only"
    elif a.unfilled:
        first = f"the client's ranking (weight {a.weight:g})"
    else:
        first = "calibrated likelihood alone"
    second = (f"with {a.penalty:g} nats per required number not given" if a.unfilled
              else f"with the request's words (weight {a.weight:g})")
    for label, k in ((first, before), (second, after)):
        lo, hi = wilson(k, n)
        print(f"{label}: {k} right, {k / n * 100:.1f}% ({lo:.1f}-{hi:.1f}%)")
    print(f"paired: both {both}, only the first {only_before}, only the second {only_after}, "
          f"neither {n - both - only_before - only_after}; "
          f"exact McNemar p = {mcnemar(only_before, only_after):.2g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
