"""Writes the blind suite's question and answer files from simple.py and multiple.py.

Run: python3 /work/blind/src/build.py
"""
import json
import os
import random

from simple import SIMPLE
from multiple import MULTIPLE

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "data")
ANS = os.path.join(DATA, "possible_answer")


def dump(path, rows):
    with open(path, "w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")


def main():
    os.makedirs(ANS, exist_ok=True)

    qs, ans = [], []
    for i, (text, func, args) in enumerate(SIMPLE):
        qid = f"blind_simple_{i}"
        qs.append({"id": qid, "question": [[{"role": "user", "content": text}]], "function": [func]})
        ans.append({"id": qid, "ground_truth": [{func["name"]: args}]})
    dump(os.path.join(DATA, "blind_simple.json"), qs)
    dump(os.path.join(ANS, "blind_simple.json"), ans)

    rng = random.Random(20261207)
    items = list(MULTIPLE)
    rng.shuffle(items)
    qs, ans = [], []
    for i, (text, funcs, right, args) in enumerate(items):
        qid = f"blind_multiple_{i}"
        offered = list(funcs)
        rng.shuffle(offered)
        qs.append({"id": qid, "question": [[{"role": "user", "content": text}]], "function": offered})
        ans.append({"id": qid, "ground_truth": [{right["name"]: args}]})
    dump(os.path.join(DATA, "blind_multiple.json"), qs)
    dump(os.path.join(ANS, "blind_multiple.json"), ans)
    print(f"wrote {len(SIMPLE)} simple and {len(MULTIPLE)} multiple questions")


if __name__ == "__main__":
    main()
