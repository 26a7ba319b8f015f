#!/usr/bin/env python3
"""Build the blind4 data files from the hand-written items in src/."""
import copy
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from src import functions  # noqa: F401  (registers the function library)
from src.schema import REGISTRY, DOMAIN
from src.simple_items import SIMPLE
from src.multiple_items import MULTIPLE


def answer_for(item):
    schema = REGISTRY[item["fn"]]
    props = schema["parameters"]["properties"]
    req = schema["parameters"]["required"]
    a = item["a"]
    for k in a:
        if k not in props:
            raise SystemExit("%s: unknown parameter %s" % (item["fn"], k))
    out = {}
    for name, p in props.items():
        if name in a:
            out[name] = copy.deepcopy(a[name])
        elif name in req:
            raise SystemExit("%s: required parameter %s not given (%s)" % (item["fn"], name, item["q"][:40]))
        else:
            out[name] = [""] + ([p["default"]] if "default" in p else [])
    return [{item["fn"]: out}]


def write_jsonl(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main():
    qs, ans, meta = {}, {}, {}
    for cat, items in (("blind4_simple", SIMPLE), ("blind4_multiple", MULTIPLE)):
        qrows, arows, mrows = [], [], []
        for n, it in enumerate(items):
            iid = "%s_%d" % (cat, n)
            offer = it.get("offer", [it["fn"]])
            assert it["fn"] in offer, iid
            assert len(set(offer)) == len(offer), iid
            qrows.append({"id": iid,
                          "question": [[{"role": "user", "content": it["q"]}]],
                          "function": [copy.deepcopy(REGISTRY[name]) for name in offer]})
            arows.append({"id": iid, "ground_truth": answer_for(it)})
            m = {"id": iid, "style": it["style"],
                 "domains": [DOMAIN[name] for name in offer],
                 "literal_exempt": sorted(it.get("skip", []))}
            if cat == "blind4_multiple":
                m["kind"] = it["kind"]
                if it["kind"] == "neighbour":
                    m["cluster"] = it["cluster"]
            mrows.append(m)
        qs[cat], ans[cat], meta[cat] = qrows, arows, mrows

    os.makedirs(os.path.join(HERE, "data", "possible_answer"), exist_ok=True)
    os.makedirs(os.path.join(HERE, "meta"), exist_ok=True)
    for cat in qs:
        write_jsonl(os.path.join(HERE, "data", cat + ".json"), qs[cat])
        write_jsonl(os.path.join(HERE, "data", "possible_answer", cat + ".json"), ans[cat])
    with open(os.path.join(HERE, "meta", "blind4_meta.json"), "w", encoding="utf-8") as f:
        json.dump({"items": meta["blind4_simple"] + meta["blind4_multiple"]}, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print("built: %d simple, %d multiple" % (len(qs["blind4_simple"]), len(qs["blind4_multiple"])))


if __name__ == "__main__":
    main()
