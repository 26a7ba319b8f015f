#!/usr/bin/env python3
"""Build the blind7 data files, meta file and SHA256SUMS from src/ (deterministic)."""
import copy
import hashlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(ROOT, "src"))

import library  # noqa: E402
from items_simple import SIMPLE  # noqa: E402
from items_multiple import CROSS, CLUSTERS  # noqa: E402

DATA_FILES = [
    "data/blind7_simple.json",
    "data/blind7_multiple.json",
    "data/possible_answer/blind7_simple.json",
    "data/possible_answer/blind7_multiple.json",
]
META_FILE = "meta/blind7_meta.json"


def fill(props, required, given, where):
    """Return the ground-truth arguments: every declared parameter, in schema order."""
    unknown = set(given) - set(props)
    if unknown:
        raise SystemExit(f"{where}: unknown parameters {sorted(unknown)}")
    out = {}
    for name, prop in props.items():
        if name in given:
            vals = copy.deepcopy(given[name])
            if not isinstance(vals, list) or not vals:
                raise SystemExit(f"{where}.{name}: answer must be a non-empty list")
            if prop["type"] == "dict":
                vals = [fill(prop["properties"], prop["required"], v, f"{where}.{name}") for v in vals]
            out[name] = vals
        elif name in required:
            raise SystemExit(f"{where}: required parameter {name} missing")
        else:
            out[name] = [""] + ([prop["default"]] if "default" in prop else [])
    return out


def function(name):
    return copy.deepcopy(library.LIBRARY[name])


def domains(names):
    seen = []
    for n in names:
        d = library.domain_of(n)
        if d not in seen:
            seen.append(d)
    return seen


def make(prefix, idx, item, offered):
    iid = f"{prefix}_{idx}"
    if item["function"] not in offered:
        raise SystemExit(f"{iid}: answer function not offered")
    fns = [function(n) for n in offered]
    target = library.LIBRARY[item["function"]]["parameters"]
    args = fill(target["properties"], target["required"], item["answer"], iid)
    q = {"id": iid, "question": [[{"role": "user", "content": item["question"]}]], "function": fns}
    a = {"id": iid, "ground_truth": [{item["function"]: args}]}
    m = {"id": iid, "style": item["style"], "domains": domains(offered),
         "literal_exempt": list(item["literal_exempt"])}
    return q, a, m


def dump_jsonl(path, rows):
    with open(os.path.join(ROOT, path), "w", encoding="utf-8", newline="\n") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")


def main():
    sq, sa, meta = [], [], []
    for i, item in enumerate(SIMPLE):
        q, a, m = make("blind7_simple", i, item, [item["function"]])
        sq.append(q)
        sa.append(a)
        meta.append(m)

    mq, ma = [], []
    idx = 0
    for item in CROSS:
        q, a, m = make("blind7_multiple", idx, item, item["offered"])
        m["kind"] = "cross"
        mq.append(q)
        ma.append(a)
        meta.append(m)
        idx += 1
    for c, cl in enumerate(CLUSTERS):
        for item in cl["items"]:
            q, a, m = make("blind7_multiple", idx, item, cl["functions"])
            m["kind"] = "neighbour"
            m["cluster"] = c
            mq.append(q)
            ma.append(a)
            meta.append(m)
            idx += 1

    # sanity of the plan itself
    assert len(sq) == 80 and len(mq) == 60, (len(sq), len(mq))
    assert sum(1 for x in SIMPLE if x["style"] == "plain") == 40
    mult = CROSS + [it for cl in CLUSTERS for it in cl["items"]]
    assert sum(1 for x in mult if x["style"] == "plain") == 30

    os.makedirs(os.path.join(ROOT, "data", "possible_answer"), exist_ok=True)
    os.makedirs(os.path.join(ROOT, "meta"), exist_ok=True)
    dump_jsonl(DATA_FILES[0], sq)
    dump_jsonl(DATA_FILES[1], mq)
    dump_jsonl(DATA_FILES[2], sa)
    dump_jsonl(DATA_FILES[3], ma)
    with open(os.path.join(ROOT, META_FILE), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(json.dumps({"items": meta}, ensure_ascii=False) + "\n")

    lines = []
    for p in DATA_FILES:
        with open(os.path.join(ROOT, p), "rb") as fh:
            lines.append(f"{hashlib.sha256(fh.read()).hexdigest()}  {p}\n")
    with open(os.path.join(ROOT, "SHA256SUMS"), "w", encoding="utf-8", newline="\n") as fh:
        fh.writelines(lines)

    offered = set()
    for r in sq + mq:
        offered.update(f["name"] for f in r["function"])
    print(f"built {len(sq)} simple + {len(mq)} multiple items; "
          f"{len(offered)} distinct functions offered in "
          f"{len({library.domain_of(n) for n in offered})} domains")
    unused = sorted(set(library.LIBRARY) - offered)
    if unused:
        print("library functions never offered:", ", ".join(unused))


if __name__ == "__main__":
    main()
