#!/usr/bin/env python3
"""Turn the hand-written items in src/ into the blind3 BFCL-format files.

Writes:
  data/blind3_simple.json, data/blind3_multiple.json           (questions)
  data/possible_answer/blind3_simple.json, .../blind3_multiple.json (answers)
  meta/blind3_meta.json   (per-id style and cross/neighbour label; not part of
                           the BFCL format, used by check.py for counts)
"""
import copy
import json
import os
import sys

sys.dont_write_bytecode = True
ROOT = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(ROOT, "src"))

import simple_items    # noqa: E402
import multiple_items  # noqa: E402


def write_jsonl(path, rows):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")


def build(category, items):
    questions, answers, meta = [], [], {}
    for i, it in enumerate(items):
        qid = "blind3_%s_%d" % (category, i)
        questions.append({
            "id": qid,
            "question": [[{"role": "user", "content": it["question"]}]],
            "function": copy.deepcopy(it["functions"]),
        })
        answers.append({"id": qid, "ground_truth": [copy.deepcopy(it["answer"])]})
        meta[qid] = {"style": it["style"]}
        if it.get("kind"):
            meta[qid]["kind"] = it["kind"]
    write_jsonl(os.path.join(ROOT, "data", "blind3_%s.json" % category), questions)
    write_jsonl(os.path.join(ROOT, "data", "possible_answer", "blind3_%s.json" % category), answers)
    return meta


def main():
    meta = {}
    meta.update(build("simple", simple_items.ITEMS))
    meta.update(build("multiple", multiple_items.ITEMS))
    os.makedirs(os.path.join(ROOT, "meta"), exist_ok=True)
    with open(os.path.join(ROOT, "meta", "blind3_meta.json"), "w", encoding="utf-8") as f:
        json.dump(meta, f, ensure_ascii=False, indent=1, sort_keys=True)
        f.write("\n")
    print("built %d simple and %d multiple items" % (len(simple_items.ITEMS), len(multiple_items.ITEMS)))


if __name__ == "__main__":
    main()
