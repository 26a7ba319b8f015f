#!/usr/bin/env python3
"""Writes the blind2 JSONL files from the hand-written items in src/."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "src"))

import simple_items  # noqa: E402
import multiple_items  # noqa: E402


def write_jsonl(path, rows):
    with open(path, "w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")


def main():
    data = os.path.join(HERE, "data")
    ans_dir = os.path.join(data, "possible_answer")
    os.makedirs(ans_dir, exist_ok=True)

    qs, ans = [], []
    for i, (q, f, a) in enumerate(simple_items.ITEMS):
        id_ = f"blind2_simple_{i}"
        qs.append({"id": id_, "question": [[{"role": "user", "content": q}]], "function": [f]})
        ans.append({"id": id_, "ground_truth": [{f["name"]: a}]})
    write_jsonl(os.path.join(data, "blind2_simple.json"), qs)
    write_jsonl(os.path.join(ans_dir, "blind2_simple.json"), ans)

    qs, ans = [], []
    kinds = {"cross": 0, "near": 0}
    for i, (q, funcs, a, kind) in enumerate(multiple_items.ITEMS):
        kinds[kind] += 1
        id_ = f"blind2_multiple_{i}"
        # The correct function is written first in src; rotate so its position varies.
        k = (i * 7 + 1) % len(funcs)
        funcs = funcs[k:] + funcs[:k]
        qs.append({"id": id_, "question": [[{"role": "user", "content": q}]], "function": funcs})
        ans.append({"id": id_, "ground_truth": [a]})
    write_jsonl(os.path.join(data, "blind2_multiple.json"), qs)
    write_jsonl(os.path.join(ans_dir, "blind2_multiple.json"), ans)
    print(f"simple: {len(simple_items.ITEMS)}  multiple: {len(multiple_items.ITEMS)} {kinds}")


if __name__ == "__main__":
    main()
