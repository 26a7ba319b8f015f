#!/usr/bin/env python3
"""What `Recovery::numbers_once` would have done to a recorded BFCL run, without a model call.

Reads a run log of the harness (JSON lines) and writes it again with the rule applied to the
first executed call of each prevention run: an optional number argument that repeats a number
the call holds more often than the question writes it is left out (reverse name order, as the
runtime leaves them out; a required argument is never touched). Score both logs with score.py:
the rule changes only that call's arguments, so the score of the new log is what the runtime
would have been scored. The count of a number in the question is a digit-run count here (the
runtime also counts numbers written in words), which only matters for a question that writes a
number in both ways.

Usage: numbers_once.py --data DIR LOG OUT
"""

import argparse
import collections
import json
import re
import sys

NUMBER = re.compile(r"-?\d[\d,]*\.?\d*")


def times_written(text, x):
    n = 0
    for m in NUMBER.finditer(text):
        try:
            n += float(m.group().replace(",", "").rstrip(".")) == x
        except ValueError:
            pass
    return n


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--data", required=True)
    p.add_argument("log")
    p.add_argument("out")
    a = p.parse_args()
    questions = {}
    for category in ["simple_python", "multiple"]:
        with open(f"{a.data}/{category}.json") as f:
            for line in f:
                q = json.loads(line)
                questions[q["id"]] = q
    left_out = 0
    out = []
    with open(a.log) as f:
        for line in f:
            r = json.loads(line)
            q = questions.get(r["id"])
            if r["mode"] == "prevention" and r.get("calls") and q:
                text = q["question"][0][-1]["content"]
                call = r["calls"][0]
                spec = next((s for s in q["function"] if s["name"] == call["name"]), None)
                args = call["arguments"]
                if spec and isinstance(args, dict):
                    required = set(spec["parameters"].get("required", []))
                    uses = collections.defaultdict(list)
                    for name in sorted(args):
                        v = args[name]
                        if isinstance(v, (int, float)) and not isinstance(v, bool):
                            uses[float(v)].append(name)
                    for x, names in uses.items():
                        extra = len(names) - max(times_written(text, x), 1)
                        optional = [n for n in reversed(names) if n not in required][:max(extra, 0)]
                        if len(optional) == len(names):
                            optional = optional[:-1]  # one argument always keeps the number
                        for name in optional:
                            del args[name]
                            left_out += 1
            out.append(json.dumps(r))
    with open(a.out, "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"{left_out} arguments left out", file=sys.stderr)


if __name__ == "__main__":
    main()
