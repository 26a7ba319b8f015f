#!/usr/bin/env python3
"""Build the blind5 data files and meta file from src/.

Writes:
  data/blind5_simple.json, data/blind5_multiple.json
  data/possible_answer/blind5_simple.json, data/possible_answer/blind5_multiple.json
  meta/blind5_meta.json
"""
import json
import os
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "src"))

from library import FUNCS, NO_DEFAULT, schema  # noqa: E402
from items_simple import SIMPLE  # noqa: E402
from items_multiple import CROSS, CLUSTERS  # noqa: E402


def coerce(p_type, items, v):
    """int -> float for float parameters (also inside arrays)."""
    if p_type == "float" and isinstance(v, int) and not isinstance(v, bool):
        return float(v)
    if p_type == "array" and isinstance(v, list):
        return [coerce(items["type"], items.get("items"), e) for e in v]
    return v


def unset(p):
    return [""] + ([p.default] if p.default is not NO_DEFAULT else [])


def fill_params(params, given, where):
    names = [p.name for p in params]
    extra = set(given) - set(names)
    if extra:
        raise SystemExit(f"{where}: unknown parameters {sorted(extra)}")
    out = {}
    for p in params:
        if p.name in given:
            v = given[p.name]
            if p.type == "dict":
                if not isinstance(v, dict):
                    raise SystemExit(f"{where}: {p.name} must be given as a dict")
                out[p.name] = [fill_params(p.props, v, f"{where}.{p.name}")]
            else:
                if not isinstance(v, list) or not v:
                    raise SystemExit(f"{where}: {p.name} must be a non-empty list of acceptable values")
                out[p.name] = [coerce(p.type, p.items, x) for x in v]
        else:
            if not p.opt:
                raise SystemExit(f"{where}: required parameter {p.name} has no answer")
            out[p.name] = unset(p)
    return out


def answer(fn_name, given, where):
    return [{fn_name: fill_params(FUNCS[fn_name]["params"], given, where)}]


def question(text):
    return [[{"role": "user", "content": text}]]


def dump_jsonl(rel, rows):
    path = os.path.join(HERE, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main():
    meta = []
    # ---------------- simple
    sq, sa = [], []
    for i, it in enumerate(SIMPLE):
        iid = f"blind5_simple_{i}"
        sq.append({"id": iid, "question": question(it["q"]), "function": [schema(it["fn"])]})
        sa.append({"id": iid, "ground_truth": answer(it["fn"], it["ans"], iid)})
        meta.append({"id": iid, "style": it["style"], "domains": [FUNCS[it["fn"]]["domain"]],
                     "literal_exempt": it["exempt"]})

    # ---------------- multiple: interleave cross and neighbour items
    neighbours = []
    for c, (fns, a, b) in enumerate(CLUSTERS):
        doms = {FUNCS[f]["domain"] for f in fns}
        assert len(doms) == 1, (c, doms)
        for it in (a, b):
            assert it["fn"] in fns, (c, it["fn"])
            neighbours.append((c, fns, it))
    assert len(CROSS) == 30 and len(neighbours) == 30

    mq, ma = [], []
    k = 0
    for i in range(30):
        # cross item
        it = CROSS[i]
        fns = list(it["distractors"])
        fns.insert(i % (len(fns) + 1), it["fn"])
        iid = f"blind5_multiple_{k}"
        mq.append({"id": iid, "question": question(it["q"]), "function": [schema(f) for f in fns]})
        ma.append({"id": iid, "ground_truth": answer(it["fn"], it["ans"], iid)})
        meta.append({"id": iid, "style": it["style"], "kind": "cross",
                     "domains": [FUNCS[f]["domain"] for f in fns], "literal_exempt": it["exempt"]})
        k += 1
        # neighbour item
        c, fns, it = neighbours[i]
        iid = f"blind5_multiple_{k}"
        mq.append({"id": iid, "question": question(it["q"]), "function": [schema(f) for f in fns]})
        ma.append({"id": iid, "ground_truth": answer(it["fn"], it["ans"], iid)})
        meta.append({"id": iid, "style": it["style"], "kind": "neighbour", "cluster": c,
                     "domains": [FUNCS[fns[0]]["domain"]], "literal_exempt": it["exempt"]})
        k += 1

    dump_jsonl("data/blind5_simple.json", sq)
    dump_jsonl("data/blind5_multiple.json", mq)
    dump_jsonl("data/possible_answer/blind5_simple.json", sa)
    dump_jsonl("data/possible_answer/blind5_multiple.json", ma)
    os.makedirs(os.path.join(HERE, "meta"), exist_ok=True)
    with open(os.path.join(HERE, "meta/blind5_meta.json"), "w", encoding="utf-8") as f:
        json.dump({"items": meta}, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"wrote {len(sq)} simple and {len(mq)} multiple items")


if __name__ == "__main__":
    main()
