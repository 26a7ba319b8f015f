#!/usr/bin/env python3
"""Consistency checks for the blind BFCL-style suite (standard library only).

Usage: python3 /work/blind/check.py
Exit status 0 when no errors are found.
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(ROOT, "data")
CATEGORIES = {"blind_simple": 80, "blind_multiple": 60}
TYPES = {"string", "integer", "float", "boolean", "array", "dict"}
NAME_RE = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$")

errors = []
info = []


def err(where, msg):
    errors.append(f"{where}: {msg}")


def norm(s):
    """The answer checker's string normalisation."""
    return re.sub(r"[ ,./\-_*^]", "", s.lower())


def load(path):
    rows = []
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().split("\n")
    except (OSError, UnicodeDecodeError) as e:
        err(path, f"cannot read: {e}")
        return rows
    if lines and lines[-1] == "":
        lines.pop()
    for n, line in enumerate(lines, 1):
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            err(f"{os.path.basename(path)}:{n}", f"does not parse: {e}")
            continue
        if not isinstance(obj, dict):
            err(f"{os.path.basename(path)}:{n}", "line is not a JSON object")
            continue
        rows.append(obj)
    return rows


# ------------------------------------------------------------------ schema
def check_param_schema(where, name, spec):
    if not isinstance(spec, dict):
        err(where, f"parameter {name}: spec is not an object")
        return
    t = spec.get("type")
    if t not in TYPES:
        err(where, f"parameter {name}: type {t!r} not allowed")
    if not isinstance(spec.get("description"), str) or not spec["description"].strip():
        err(where, f"parameter {name}: missing description")
    if "enum" in spec:
        if t != "string":
            err(where, f"parameter {name}: enum on non-string type")
        e = spec["enum"]
        if not isinstance(e, list) or not e or not all(isinstance(x, str) for x in e):
            err(where, f"parameter {name}: enum must be a non-empty list of strings")
    if t == "array":
        items = spec.get("items")
        if not isinstance(items, dict) or items.get("type") not in TYPES:
            err(where, f"parameter {name}: array without a valid items type")
        else:
            check_param_schema(where, name + "[]", dict(items, description=items.get("description", "item")))
    if t == "dict":
        check_object_schema(where, name, spec)


def check_object_schema(where, name, spec):
    props = spec.get("properties")
    if not isinstance(props, dict):
        err(where, f"{name}: dict without properties")
        return
    req = spec.get("required", [])
    if not isinstance(req, list):
        err(where, f"{name}: required is not a list")
        req = []
    for r in req:
        if r not in props:
            err(where, f"{name}: required {r!r} is not a declared property")
    for pname, pspec in props.items():
        check_param_schema(where, f"{name}.{pname}" if name else pname, pspec)


def check_function_schema(where, f):
    if not isinstance(f, dict) or set(f) != {"name", "description", "parameters"}:
        err(where, f"function must have exactly name, description, parameters: {list(f) if isinstance(f, dict) else f}")
        return False
    if not isinstance(f["name"], str) or not NAME_RE.match(f["name"]):
        err(where, f"bad function name {f['name']!r}")
    if not isinstance(f["description"], str) or len(f["description"].strip()) < 15:
        err(where, f"{f['name']}: description missing or too short")
    p = f["parameters"]
    if not isinstance(p, dict) or p.get("type") != "dict":
        err(where, f"{f['name']}: parameters must be an object of type 'dict'")
        return False
    check_object_schema(where, "", p)
    return True


# ------------------------------------------------------------------ values
def value_ok(where, pname, spec, v):
    """Check one acceptable (non-empty-string) value against its declared type."""
    t = spec.get("type")
    if t == "string":
        if not isinstance(v, str):
            err(where, f"{pname}: {v!r} is not a string")
            return
        if not norm(v):
            err(where, f"{pname}: {v!r} normalises to an empty string")
        if "enum" in spec and v not in spec["enum"]:
            err(where, f"{pname}: {v!r} not in enum {spec['enum']}")
    elif t == "integer":
        if not isinstance(v, int) or isinstance(v, bool):
            err(where, f"{pname}: {v!r} is not an integer")
    elif t == "float":
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            err(where, f"{pname}: {v!r} is not a number")
        elif not isinstance(v, float):
            err(where, f"{pname}: {v!r} is an integer; write floats for float parameters")
    elif t == "boolean":
        if not isinstance(v, bool):
            err(where, f"{pname}: {v!r} is not a boolean")
    elif t == "array":
        if not isinstance(v, list):
            err(where, f"{pname}: {v!r} is not a list (array answers are lists of acceptable lists)")
            return
        items = spec.get("items", {})
        for k, el in enumerate(v):
            value_ok(where, f"{pname}[{k}]", items, el)
    elif t == "dict":
        if not isinstance(v, dict):
            err(where, f"{pname}: {v!r} is not a dict")
            return
        check_args(where, pname, spec, v, nested=True)


def check_args(where, fname, schema, args, nested=False):
    """Check an answer's argument map against an object schema."""
    props = schema.get("properties", {})
    req = set(schema.get("required", []))
    for a in args:
        if a not in props:
            err(where, f"{fname}: answer key {a!r} is not a declared parameter")
    for pname, pspec in props.items():
        label = f"{fname}.{pname}"
        if pname not in args:
            err(where, f"{label}: declared parameter missing from the answer")
            continue
        vals = args[pname]
        if not isinstance(vals, list) or not vals:
            err(where, f"{label}: acceptable values must be a non-empty list")
            continue
        has_empty = "" in vals
        if pname in req and has_empty:
            err(where, f"{label}: required parameter lists \"\"")
        if pname not in req and not has_empty:
            # The brief's rule: an optional parameter the user explicitly set lists
            # only the value(s) the user meant; otherwise "" must be listed.
            info.append(f"{where}: optional {label} set by the user -> {vals}")
        if pspec.get("type") == "dict" and len([v for v in vals if v != ""]) != 1:
            err(where, f"{label}: a dict answer must hold exactly one dict")
        seen = set()
        for v in vals:
            if v == "":
                continue  # already judged above (required vs optional)
            value_ok(where, label, pspec, v)
            if isinstance(v, str):
                n = norm(v)
                if n in seen:
                    info.append(f"{where}: {label}: {v!r} duplicates another value after normalisation")
                seen.add(n)


# ------------------------------------------------------------------ main
def main():
    stats = {}
    all_funcs = {}
    for cat, expected in CATEGORIES.items():
        qpath = os.path.join(DATA, cat + ".json")
        apath = os.path.join(DATA, "possible_answer", cat + ".json")
        qs, ans = load(qpath), load(apath)
        if len(qs) != expected:
            err(cat, f"{len(qs)} questions, expected {expected}")
        if len(ans) != len(qs):
            err(cat, f"{len(ans)} answers for {len(qs)} questions")
        set_optional = 0
        default_optional = 0
        for i, q in enumerate(qs):
            want = f"{cat}_{i}"
            where = q.get("id", f"{cat}[{i}]")
            if set(q) != {"id", "question", "function"}:
                err(where, f"question keys are {sorted(q)}")
            if q.get("id") != want:
                err(where, f"id should be {want}")
            msgs = q.get("question")
            ok = (isinstance(msgs, list) and len(msgs) == 1 and isinstance(msgs[0], list) and len(msgs[0]) == 1
                  and isinstance(msgs[0][0], dict) and set(msgs[0][0]) == {"role", "content"}
                  and msgs[0][0]["role"] == "user" and isinstance(msgs[0][0]["content"], str)
                  and msgs[0][0]["content"].strip())
            if not ok:
                err(where, "question must be [[{role: user, content: ...}]]")
            funcs = q.get("function")
            if not isinstance(funcs, list):
                err(where, "function is not a list")
                funcs = []
            if cat == "blind_simple" and len(funcs) != 1:
                err(where, f"simple question offers {len(funcs)} functions")
            if cat == "blind_multiple" and not 2 <= len(funcs) <= 4:
                err(where, f"multiple question offers {len(funcs)} functions")
            offered = {}
            for f in funcs:
                if check_function_schema(where, f):
                    if f["name"] in offered:
                        err(where, f"function {f['name']} offered twice")
                    offered[f["name"]] = f
                    prev = all_funcs.get(f["name"])
                    if prev is not None and prev != f:
                        err(where, f"function {f['name']} defined differently elsewhere")
                    all_funcs[f["name"]] = f
            if i >= len(ans):
                continue
            a = ans[i]
            if set(a) != {"id", "ground_truth"}:
                err(where, f"answer keys are {sorted(a)}")
            if a.get("id") != q.get("id"):
                err(where, f"answer id {a.get('id')!r} does not match question id")
            gt = a.get("ground_truth")
            if not (isinstance(gt, list) and len(gt) == 1 and isinstance(gt[0], dict) and len(gt[0]) == 1):
                err(where, "ground_truth must be a list holding one {function: args} object")
                continue
            (fname, args), = gt[0].items()
            if fname not in offered:
                err(where, f"answer calls {fname!r}, which is not offered")
                continue
            if not isinstance(args, dict):
                err(where, "answer arguments are not an object")
                continue
            before = len(info)
            check_args(where, fname, offered[fname]["parameters"], args)
            set_optional += sum(1 for s in info[before:] if "set by the user" in s)
            req = set(offered[fname]["parameters"].get("required", []))
            default_optional += sum(1 for p, v in args.items() if p not in req and isinstance(v, list) and "" in v)
        stats[cat] = (len(qs), len(ans), set_optional, default_optional)

    names = sorted(all_funcs)
    dotted = [n for n in names if "." in n]
    with_opt = [n for n in names
                if set(all_funcs[n]["parameters"]["properties"]) - set(all_funcs[n]["parameters"].get("required", []))]

    print("== blind suite check ==")
    for cat, (nq, na, so, do) in stats.items():
        print(f"{cat}: {nq} questions, {na} answers; optional parameters set by the user: {so}, "
              f"left at default (\"\" listed): {do}")
    print(f"distinct functions: {len(names)}; dotted names: {len(dotted)} ({100 * len(dotted) / max(1, len(names)):.0f}%); "
          f"with at least one optional parameter: {len(with_opt)} ({100 * len(with_opt) / max(1, len(names)):.0f}%)")
    dup = [s for s in info if "duplicates" in s]
    if dup:
        print(f"notes ({len(dup)}): acceptable values that coincide after normalisation")
        for s in dup:
            print("  " + s)
    if "-v" in sys.argv:
        for s in info:
            if "set by the user" in s:
                print("  " + s)
    if errors:
        print(f"ERRORS ({len(errors)}):")
        for e in errors:
            print("  " + e)
        return 1
    print("OK: no errors")
    return 0


if __name__ == "__main__":
    sys.exit(main())
