#!/usr/bin/env python3
"""Consistency checks for the blind2 BFCL-format data (standard library only).

Run:  python3 check.py            (from /work/blind2 or anywhere)
Exit status is 0 when no errors are found.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")
CATEGORIES = [("blind2_simple", 80, (1, 1)), ("blind2_multiple", 60, (2, 4))]
ALLOWED_TYPES = {"string", "integer", "float", "boolean", "array", "dict"}
NAME_RE = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)?$")

# Optional parameters whose answer omits "" although the heuristic below cannot
# find the value verbatim in the question.  Each was checked by hand: the user
# does set the parameter, in words.
REVIEWED_SET_IN_WORDS = {
    ("blind2_simple_12", "compounds_per_year"): "'compounded quarterly' -> 4",
    ("blind2_simple_32", "billing_month"): "'september 2026' -> 2026-09",
    ("blind2_simple_40", "language"): "'german-language' -> de",
    ("blind2_simple_47", "homestead_exemption"): "'I'll be claiming the homestead exemption' -> true",
    ("blind2_simple_55", "recursive"): "'don't look in subfolders' -> false",
    ("blind2_simple_62", "sample"): "'population standard deviation' -> false",
    ("blind2_simple_79", "units"): "'in fahrenheit' -> imperial",
    ("blind2_multiple_7", "shuffle"): "'on shuffle' -> true",
    ("blind2_multiple_13", "country"): "'in Australia' -> AU",
    ("blind2_multiple_19", "include_end_date"): "'counting both the first and the last day' -> true",
    ("blind2_multiple_30", "first_payment_month"): "'starting March 2027' -> 2027-03",
    ("blind2_multiple_35", "emergency_only"): "'I need an emergency vet' -> true",
    ("blind2_multiple_43", "overwrite"): "'overwrite it if it's already there' -> true",
}

NUM_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
             9: "nine", 10: "ten", 11: "eleven", 12: "twelve", 15: "fifteen", 20: "twenty", 30: "thirty"}

errors = []
stats = {}


def err(where, msg):
    errors.append(f"{where}: {msg}")


def norm(s):
    return re.sub(r"[ ,./\-_*^]", "", s.lower())


def load_jsonl(path):
    rows = []
    if not os.path.exists(path):
        err(path, "missing file")
        return rows
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                err(f"{path}:{n}", "blank line")
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"{path}:{n}", f"does not parse: {e}")
                rows.append(None)
    return rows


# ------------------------------------------------------------------ schema checks
def check_param_schema(where, name, spec):
    if not isinstance(spec, dict):
        err(where, f"parameter {name} is not an object")
        return
    t = spec.get("type")
    if t not in ALLOWED_TYPES:
        err(where, f"parameter {name} has type {t!r}")
    if not isinstance(spec.get("description"), str) or not spec["description"].strip():
        err(where, f"parameter {name} lacks a description")
    if "enum" in spec:
        if t != "string":
            err(where, f"parameter {name}: enum on non-string")
        elif not spec["enum"] or not all(isinstance(v, str) for v in spec["enum"]):
            err(where, f"parameter {name}: bad enum")
    if t == "array":
        it = spec.get("items", {}).get("type")
        if it not in ALLOWED_TYPES - {"array", "dict"}:
            err(where, f"parameter {name}: array items type {it!r}")
    if t == "dict":
        check_props_schema(where + f".{name}", spec.get("properties"), spec.get("required", []))


def check_props_schema(where, props, required):
    if not isinstance(props, dict) or not props:
        err(where, "properties missing or empty")
        return
    if not isinstance(required, list) or any(r not in props for r in required):
        err(where, f"required {required!r} not a subset of properties")
    for pname, spec in props.items():
        check_param_schema(where, pname, spec)


def check_function_schema(where, f):
    if set(f) != {"name", "description", "parameters"}:
        err(where, f"function keys {sorted(f)}")
    name = f.get("name", "")
    if not NAME_RE.match(name):
        err(where, f"function name {name!r} not snake_case (optionally one dot)")
    if not isinstance(f.get("description"), str) or len(f["description"]) < 15:
        err(where, f"function {name} description too short")
    params = f.get("parameters", {})
    if params.get("type") != "dict":
        err(where, f"function {name}: parameters.type must be 'dict'")
    check_props_schema(f"{where}.{name}", params.get("properties"), params.get("required"))


# ------------------------------------------------------------------ value checks
def type_ok(value, spec):
    t = spec["type"]
    if t == "string":
        return isinstance(value, str)
    if t == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if t == "float":
        return isinstance(value, float)
    if t == "boolean":
        return isinstance(value, bool)
    if t == "array":
        if not isinstance(value, list):
            return False
        item_spec = dict(spec["items"])
        return all(type_ok(v, item_spec) for v in value)
    if t == "dict":
        return isinstance(value, dict)
    return False


FORMATS = [
    ("YYYY-MM-DDTHH:MM", re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$")),
    ("YYYY-MM-DD", re.compile(r"^\d{4}-\d{2}-\d{2}$")),
    ("YYYY-MM", re.compile(r"^\d{4}-\d{2}$")),
    ("HH:MM:SS", re.compile(r"^\d{1,2}:\d{2}:\d{2}$")),
    ("HH:MM", re.compile(r"^\d{2}:\d{2}$")),
]


def check_format(where, pname, spec, value):
    desc = spec.get("description", "")
    for token, rx in FORMATS:
        if token in desc:
            if not rx.match(value):
                err(where, f"{pname}: {value!r} does not match the {token} form its description asks for")
            return


def check_values(where, pname, spec, values, optional):
    """values is the list of acceptable values for one parameter."""
    if not isinstance(values, list) or not values:
        err(where, f"{pname}: acceptable values must be a non-empty list")
        return
    if "" in values and not optional:
        err(where, f"{pname}: required parameter lists \"\"")
    if values.count("") > 1 or len(set(map(json.dumps, values))) != len(values):
        err(where, f"{pname}: duplicate acceptable values")
    for v in values:
        if v == "" and optional:
            continue
        if not type_ok(v, spec):
            err(where, f"{pname}: value {v!r} does not match declared type {spec['type']}")
            continue
        if spec["type"] == "string":
            if "enum" in spec and v not in spec["enum"]:
                err(where, f"{pname}: {v!r} not in enum {spec['enum']}")
            check_format(where, pname, spec, v)
        if spec["type"] == "dict":
            check_args(f"{where}.{pname}", spec.get("properties", {}), spec.get("required", []), v)
    if spec["type"] == "string" and "enum" not in spec:
        normed = [norm(v) for v in values if v != ""]
        if len(set(normed)) != len(normed):
            err(where, f"{pname}: acceptable strings identical after normalisation: {values}")


def check_args(where, props, required, args):
    if not isinstance(args, dict):
        err(where, "arguments must be an object")
        return
    for k in args:
        if k not in props:
            err(where, f"answer key {k!r} is not a declared parameter")
    for pname, spec in props.items():
        if pname not in args:
            err(where, f"declared parameter {pname!r} missing from answer")
            continue
        check_values(where, pname, spec, args[pname], pname not in required)


# ------------------------------------------------------------------ "did the user set it?" heuristic
def number_forms(v):
    forms = set()
    if isinstance(v, bool):
        return forms
    if float(v).is_integer():
        iv = int(v)
        forms.add(str(iv))
        if iv in NUM_WORDS:
            forms.add(NUM_WORDS[iv])
    else:
        forms.add(repr(float(v)))
        forms.add(f"{v:g}")
    pct = round(float(v) * 100, 6)
    if 0 < abs(v) < 1:
        forms.add(str(int(pct)) if pct.is_integer() else repr(pct))
    return forms


def evidenced(value, text):
    if isinstance(value, bool):
        return False
    if isinstance(value, str):
        return norm(value) in norm(text)
    if isinstance(value, (int, float)):
        t = re.sub(r"(?<=\d),(?=\d{3})", "", text.lower())
        for f in number_forms(value):
            if re.search(r"(?<![\d.])" + re.escape(f.lower()) + r"(?![\d])", t):
                return True
        return False
    if isinstance(value, list):
        return all(evidenced(v, text) for v in value)
    if isinstance(value, dict):
        return all(any(evidenced(x, text) for x in vs if x != "") for vs in value.values())
    return False


# ------------------------------------------------------------------ main
def check_category(cat, expected_n, nfuncs):
    qpath = os.path.join(DATA, f"{cat}.json")
    apath = os.path.join(DATA, "possible_answer", f"{cat}.json")
    qs, ans = load_jsonl(qpath), load_jsonl(apath)
    st = {"questions": len(qs), "answers": len(ans), "functions_offered": 0, "with_optional": 0,
          "dotted": 0, "optional_params_in_answers": 0, "optional_left_unset": 0, "reviewed": 0,
          "nfunc_hist": {}}
    if len(qs) != expected_n or len(ans) != expected_n:
        err(cat, f"expected {expected_n} questions and answers, found {len(qs)} and {len(ans)}")
    for i, (q, a) in enumerate(zip(qs, ans)):
        exp_id = f"{cat}_{i}"
        if q is None or a is None:
            continue
        if set(q) != {"id", "question", "function"}:
            err(exp_id, f"question keys {sorted(q)}")
        if set(a) != {"id", "ground_truth"}:
            err(exp_id, f"answer keys {sorted(a)}")
        if q.get("id") != exp_id or a.get("id") != exp_id:
            err(exp_id, f"id mismatch: question {q.get('id')!r}, answer {a.get('id')!r}")
        turns = q.get("question")
        ok_turns = (isinstance(turns, list) and len(turns) == 1 and isinstance(turns[0], list) and len(turns[0]) == 1
                    and turns[0][0].get("role") == "user" and isinstance(turns[0][0].get("content"), str)
                    and turns[0][0]["content"].strip())
        if not ok_turns:
            err(exp_id, "question must be [[{role: user, content: ...}]]")
            continue
        text = turns[0][0]["content"]
        if re.search(r"\b(tomorrow|yesterday|tonight)\b", text, re.I):
            err(exp_id, "relative date word in question")
        funcs = q.get("function", [])
        lo, hi = nfuncs
        if not (lo <= len(funcs) <= hi):
            err(exp_id, f"offers {len(funcs)} functions, expected {lo}-{hi}")
        st["nfunc_hist"][len(funcs)] = st["nfunc_hist"].get(len(funcs), 0) + 1
        names = [f.get("name") for f in funcs]
        if len(set(names)) != len(names):
            err(exp_id, "duplicate function names offered")
        for f in funcs:
            check_function_schema(exp_id, f)
            st["functions_offered"] += 1
            st["dotted"] += "." in f.get("name", "")
            p = f.get("parameters", {})
            st["with_optional"] += len(p.get("properties", {})) > len(p.get("required", []))
        gt = a.get("ground_truth")
        if not (isinstance(gt, list) and len(gt) == 1 and isinstance(gt[0], dict) and len(gt[0]) == 1):
            err(exp_id, "ground_truth must be a list with one single-key call")
            continue
        (fname, args), = gt[0].items()
        if fname not in names:
            err(exp_id, f"answer calls {fname!r}, which is not offered")
            continue
        f = funcs[names.index(fname)]
        props, required = f["parameters"]["properties"], f["parameters"]["required"]
        check_args(exp_id, props, required, args)
        for pname in props:
            if pname in required or pname not in args or not isinstance(args[pname], list):
                continue
            st["optional_params_in_answers"] += 1
            if "" in args[pname]:
                st["optional_left_unset"] += 1
                continue
            if (exp_id, pname) in REVIEWED_SET_IN_WORDS:
                st["reviewed"] += 1
                continue
            if not any(evidenced(v, text) for v in args[pname]):
                err(exp_id, f"optional {pname!r} lacks \"\" but its value {args[pname]} is not visible in the "
                            f"question (if the user set it in words, add it to REVIEWED_SET_IN_WORDS)")
    ids = {f"{cat}_{i}" for i in range(len(qs))}
    for k in REVIEWED_SET_IN_WORDS:
        if k[0].startswith(cat + "_") and k[0] not in ids:
            err(cat, f"reviewed entry {k} refers to no question")
    stats[cat] = st


def main():
    for cat, n, nf in CATEGORIES:
        check_category(cat, n, nf)
    for cat, st in stats.items():
        print(f"{cat}: {st['questions']} questions, {st['answers']} answers; "
              f"{st['functions_offered']} function definitions offered "
              f"({st['dotted']} dotted = {st['dotted'] / max(1, st['functions_offered']):.0%}, "
              f"{st['with_optional']} with an optional parameter = "
              f"{st['with_optional'] / max(1, st['functions_offered']):.0%}); "
              f"functions per question {dict(sorted(st['nfunc_hist'].items()))}; "
              f"optional parameters in answers: {st['optional_params_in_answers']} "
              f"({st['optional_left_unset']} left unset with \"\", "
              f"{st['optional_params_in_answers'] - st['optional_left_unset']} set by the user, "
              f"{st['reviewed']} of those confirmed by hand)")
    if errors:
        print(f"\n{len(errors)} ERROR(S):")
        for e in errors:
            print("  " + e)
        return 1
    print("\nOK: no errors")
    return 0


if __name__ == "__main__":
    sys.exit(main())
