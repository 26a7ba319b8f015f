#!/usr/bin/env python3
"""Deterministically write the blind6 data, answer and meta files from src/."""
import copy
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "src"))

import library  # noqa: E402
import items_simple  # noqa: E402
import items_multiple  # noqa: E402


def fail(msg):
    sys.exit("build error: " + msg)


def wrap(prop, value, alts):
    """Turn a canonical value (+ alternates) into the list of acceptable values."""
    if prop["type"] == "dict":
        if alts:
            fail("alternates for dict params are not supported")
        return [{k: [v] for k, v in value.items()}]
    return [value] + list(alts)


def answer_for(fn, a, alt, iid):
    schema = library.LIB[fn]["parameters"]
    props = schema["properties"]
    for k in list(a) + list(alt):
        if k not in props:
            fail("%s: %s has no parameter %s" % (iid, fn, k))
    out = {}
    for name, prop in props.items():
        if name in a:
            out[name] = wrap(prop, a[name], alt.get(name, []))
        elif name in schema["required"]:
            fail("%s: required parameter %s not answered" % (iid, name))
        else:
            vals = [""]
            if "default" in prop:
                vals.append(prop["default"])
            out[name] = vals
    return {fn: out}


def dump(path, rows):
    with open(os.path.join(HERE, path), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main():
    meta = []
    for cat, items in (("simple", items_simple.ITEMS), ("multiple", items_multiple.ITEMS)):
        qrows, arows = [], []
        for i, it in enumerate(items):
            iid = "blind6_%s_%d" % (cat, i)
            fns = [it["fn"]] if cat == "simple" else it["fns"]
            right = it["fn"] if cat == "simple" else it["right"]
            for fn in fns:
                if fn not in library.LIB:
                    fail("%s: unknown function %s" % (iid, fn))
            if right not in fns:
                fail("%s: right function not offered" % iid)
            qrows.append({"id": iid,
                          "question": [[{"role": "user", "content": it["q"]}]],
                          "function": [copy.deepcopy(library.LIB[fn]) for fn in fns]})
            arows.append({"id": iid, "ground_truth": [answer_for(right, it["a"], it["alt"], iid)]})
            domains = []
            for fn in fns:
                d = library.DOMAIN[fn]
                if d not in domains:
                    domains.append(d)
            m = {"id": iid, "style": it["style"], "domains": domains, "literal_exempt": list(it["ex"])}
            if cat == "multiple":
                m["kind"] = it["kind"]
                if it["kind"] == "neighbour":
                    m["cluster"] = it["cluster"]
            meta.append(m)
        dump("data/blind6_%s.json" % cat, qrows)
        dump("data/possible_answer/blind6_%s.json" % cat, arows)
    os.makedirs(os.path.join(HERE, "meta"), exist_ok=True)
    with open(os.path.join(HERE, "meta/blind6_meta.json"), "w", encoding="utf-8") as f:
        json.dump({"items": meta}, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print("built %d simple + %d multiple items" % (len(items_simple.ITEMS), len(items_multiple.ITEMS)))


if __name__ == "__main__":
    main()
