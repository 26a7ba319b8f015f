#!/usr/bin/env python3
"""Validate the blind4 data files (standard library only). Exit 0 iff all pass."""
import json
import os
import re
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
CATS = {"blind4_simple": 80, "blind4_multiple": 60}
ALLOWED_TYPES = {"string", "integer", "float", "boolean", "array", "dict"}
PROP_KEYS = {
    "string": {"type", "description", "enum", "default"},
    "integer": {"type", "description", "default"},
    "float": {"type", "description", "default"},
    "boolean": {"type", "description", "default"},
    "array": {"type", "description", "items", "default"},
    "dict": {"type", "description", "properties", "required"},
}
ITEM_KEYS = {"type", "enum", "description", "items", "properties", "required"}
SNAKE = r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*"
FN_NAME_RE = re.compile(r"^%s(?:\.%s)*$" % (SNAKE, SNAKE))
PARAM_RE = re.compile(r"^%s$" % SNAKE)
DEFAULT_RE = re.compile(r"\bdefaults?\b(?:\s+(?:is|to|value is|:))?\s*('([^']*)'|(-?[0-9][0-9.]*[0-9]|-?[0-9]|true|false))",
                        re.I)

errors = []


def err(where, msg):
    errors.append("%s: %s" % (where, msg))


# ------------------------------------------------------------------ helpers
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december"]
ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def words(n):
    if n < 0:
        return "minus " + words(-n)
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + ("" if n % 10 == 0 else "-" + ONES[n % 10])
    if n < 1000:
        return ONES[n // 100] + " hundred" + ("" if n % 100 == 0 else " and " + words(n % 100))
    if n < 1000000:
        return words(n // 1000) + " thousand" + ("" if n % 1000 == 0 else " " + words(n % 1000))
    return str(n)


def ordinal(d):
    if 11 <= d % 100 <= 13:
        return "%dth" % d
    return "%d%s" % (d, {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th"))


def month_names(m):
    full = MONTHS[m - 1]
    names = {full, full[:3]}
    if m == 9:
        names.add("sept")
    return names


def date_forms(y, m, d):
    f = {"%04d-%02d-%02d" % (y, m, d)}
    for dd in {str(d), "%02d" % d}:
        for mm in {str(m), "%02d" % m}:
            for sep in "/.-":
                f.add("%s%s%s%s%d" % (dd, sep, mm, sep, y))
                f.add("%s%s%s%s%d" % (mm, sep, dd, sep, y))
    for mn in month_names(m):
        for ds in (str(d), ordinal(d)):
            f.add("%s %s %d" % (ds, mn, y))
            f.add("%s of %s %d" % (ds, mn, y))
            f.add("%s %s %d" % (mn, ds, y))
    return f


def time_forms(h, mi, s=None):
    f = {"%02d:%02d" % (h, mi), "%d:%02d" % (h, mi)}
    if s is not None:
        f = {"%02d:%02d:%02d" % (h, mi, s), "%d:%02d:%02d" % (h, mi, s)}
        return f
    h12 = h % 12 or 12
    ap = "am" if h < 12 else "pm"
    for sep in (":", "."):
        for sp in ("", " "):
            f.add("%d%s%02d%s%s" % (h12, sep, mi, sp, ap))
    if mi == 0:
        f |= {"%d%s" % (h12, ap), "%d %s" % (h12, ap)}
    if h == 12 and mi == 0:
        f.add("noon")
    return f


def norm(s):
    s = s.lower().replace("\u2019", "'")
    s = re.sub(r"[_/]", " ", s)
    s = s.replace(",", " ")
    return re.sub(r"\s+", " ", s).strip()


def string_forms(v):
    forms = {v}
    m = re.match(r"^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$", v)
    if m:
        y, mo, d = int(m.group(1)), int(m.group(2)), int(m.group(3))
        if 1 <= mo <= 12 and 1 <= d <= 31:
            if m.group(4):
                # datetime: both the date and the time must appear
                return ("all", [date_forms(y, mo, d), time_forms(int(m.group(4)), int(m.group(5)))])
            forms |= date_forms(y, mo, d)
    m = re.match(r"^(\d{4})-(\d{2})$", v)
    if m and 1 <= int(m.group(2)) <= 12:
        y, mo = int(m.group(1)), int(m.group(2))
        for mn in month_names(mo):
            forms.add("%s %d" % (mn, y))
        forms |= {"%02d/%d" % (mo, y), "%d/%d" % (mo, y)}
    m = re.match(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?$", v)
    if m:
        forms |= time_forms(int(m.group(1)), int(m.group(2)), int(m.group(3)) if m.group(3) else None)
    return ("any", [forms])


def in_text(form, qn):
    f = norm(form)
    if not f:
        return False
    # bounded match so that e.g. "a" does not match inside "cat"
    pat = r"(?<![a-z0-9])" + re.escape(f) + r"(?:s|es)?(?![a-z0-9])"
    if re.search(pat, qn):
        return True
    # fall back to plain containment for values with punctuation at the edges
    return not f[0].isalnum() and not f[-1].isalnum() and f in qn


def string_appears(v, q):
    qn = norm(q)
    if in_text(v, qn):
        return True
    mode, groups = string_forms(v)
    hits = [any(in_text(f, qn) for f in g) for g in groups]
    return all(hits)


def number_forms(v):
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    f = set()
    if isinstance(v, int):
        f |= {str(v), "{:,}".format(v)}
    else:
        s = ("%.10f" % v).rstrip("0").rstrip(".")
        f |= {s, ("{:,.10f}".format(v)).rstrip("0").rstrip("."), "%.2f" % v, "{:,.2f}".format(v)}
        if s.startswith("0."):
            f.add(s[1:])
    return f, (words(v) if isinstance(v, int) and 0 <= v < 1000000 else None)


def number_appears(v, q):
    digits, word = number_forms(v)
    for form in digits:
        if re.search(r"(?<![\d.,])" + re.escape(form) + r"(?![\d]|[.,]\d)", q):
            return True
    if word:
        w = re.escape(word).replace(r"\-", "[- ]")
        if re.search(r"\b" + w + r"\b", q, re.I):
            return True
    return False


def value_appears(ptype, schema, v, q):
    if ptype == "string":
        return string_appears(v, q)
    if ptype in ("integer", "float"):
        return number_appears(v, q)
    if ptype == "boolean":
        return True
    if ptype == "array":
        it = schema["items"]
        return all(value_appears(it["type"], it, e, q) for e in v)
    if ptype == "dict":
        for k, sub in schema["properties"].items():
            vals = [x for x in v[k] if x != ""]
            if vals and not any(value_appears(sub["type"], sub, x, q) for x in vals):
                return False
        return True
    return False


RELATIVE = [
    r"\b(today|tomorrow|yesterday|tonight|tmrw|tmr)\b",
    r"\b(next|last|this|coming|past)\s+(week|month|year|weekend|quarter|monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
    + "|".join(MONTHS) + r")\b",
    r"\b\d+\s+(days?|weeks?|months?|years?)\s+ago\b",
    r"\b(day after tomorrow|day before yesterday|end of the month|end of the week)\b",
]


def check_ambiguous_dates(where, q):
    for m in re.finditer(r"(?<![\d/.])(\d{1,2})[/.](\d{1,2})[/.](\d{4})(?![\d])", q):
        a, b = int(m.group(1)), int(m.group(2))
        if a <= 12 and b <= 12 and a != b:
            err(where, "ambiguous numeric date %r" % m.group(0))


# ------------------------------------------------------------------ schema checks
def check_default(where, p):
    stated = DEFAULT_RE.search(p.get("description", ""))
    if stated and "default" not in p:
        err(where, "description states a default but no 'default' key")
    if "default" in p:
        if not stated:
            err(where, "'default' key but description does not state it")
            return
        d = p["default"]
        s = stated.group(2) if stated.group(2) is not None else stated.group(3)
        if isinstance(d, bool):
            ok = s.lower() == ("true" if d else "false")
        elif isinstance(d, (int, float)):
            try:
                ok = float(s) == float(d)
            except ValueError:
                ok = False
        else:
            ok = s == d
        if not ok:
            err(where, "stated default %r != default %r" % (s, d))
        if not type_ok(p["type"], p, d):
            err(where, "default %r has wrong type" % (d,))
        if "enum" in p and d not in p["enum"]:
            err(where, "default not in enum")


def check_item_schema(where, it):
    if not isinstance(it, dict) or "type" not in it:
        err(where, "array items must be a dict with a type")
        return
    if set(it) - ITEM_KEYS:
        err(where, "bad item keys %s" % sorted(set(it) - ITEM_KEYS))
    if it["type"] not in ALLOWED_TYPES:
        err(where, "bad item type %r" % it["type"])
    if "enum" in it:
        if it["type"] != "string":
            err(where, "enum on non-string items")
        elif not it["enum"] or not all(isinstance(e, str) for e in it["enum"]) or len(set(it["enum"])) != len(it["enum"]):
            err(where, "bad enum")
    if it["type"] == "array":
        check_item_schema(where + "[]", it.get("items"))
    if it["type"] == "dict":
        check_props(where, it.get("properties"), it.get("required", []))


def check_prop(where, name, p):
    if not PARAM_RE.match(name):
        err(where, "parameter name %r not snake_case" % name)
    if not isinstance(p, dict) or p.get("type") not in ALLOWED_TYPES:
        err(where, "missing or bad type")
        return
    t = p["type"]
    if set(p) - PROP_KEYS[t]:
        err(where, "keys not allowed for %s: %s" % (t, sorted(set(p) - PROP_KEYS[t])))
    if not isinstance(p.get("description"), str) or not p["description"].strip():
        err(where, "missing description")
    if "enum" in p:
        if t != "string":
            err(where, "enum on non-string")
        elif not p["enum"] or not all(isinstance(e, str) for e in p["enum"]) or len(set(p["enum"])) != len(p["enum"]):
            err(where, "bad enum")
    if t == "array":
        if "items" not in p:
            err(where, "array without items")
        else:
            check_item_schema(where + "[]", p["items"])
    if t == "dict":
        check_props(where, p.get("properties"), p.get("required"))
    check_default(where, p)
    comps = name.split("_")
    desc = p.get("description", "")
    if t == "string" and "enum" not in p:
        if "date" in comps and "YYYY-MM-DD" not in desc:
            err(where, "date parameter without YYYY-MM-DD in description")
        if "time" in comps and "HH:MM" not in desc:
            err(where, "time parameter without HH:MM in description")


def check_props(where, props, required):
    if not isinstance(props, dict) or not props:
        err(where, "properties must be a non-empty dict")
        return
    if not isinstance(required, list) or len(set(required)) != len(required):
        err(where, "required must be a list of unique names")
        required = []
    for r in required:
        if r not in props:
            err(where, "required %r not in properties" % r)
    for n, p in props.items():
        check_prop("%s.%s" % (where, n), n, p)


def check_function(where, f):
    if not isinstance(f, dict) or set(f) != {"name", "description", "parameters"}:
        err(where, "function keys must be exactly name/description/parameters")
        return
    if not isinstance(f["name"], str) or not FN_NAME_RE.match(f["name"]):
        err(where, "bad function name %r" % f.get("name"))
    if not isinstance(f["description"], str) or not f["description"].strip():
        err(where, "empty function description")
    par = f["parameters"]
    if not isinstance(par, dict) or set(par) != {"type", "properties", "required"} or par.get("type") != "dict":
        err(where, "parameters must be {type: dict, properties, required}")
        return
    check_props(where + ":" + f["name"], par["properties"], par["required"])


# ------------------------------------------------------------------ answer checks
def type_ok(t, schema, v):
    if t == "string":
        return isinstance(v, str)
    if t == "integer":
        return isinstance(v, int) and not isinstance(v, bool)
    if t == "float":
        return isinstance(v, float)
    if t == "boolean":
        return isinstance(v, bool)
    if t == "array":
        it = schema.get("items", {})
        return isinstance(v, list) and all(type_ok(it.get("type"), it, e) and enum_ok(it, e) for e in v)
    if t == "dict":
        return isinstance(v, dict)
    return False


def enum_ok(schema, v):
    return "enum" not in schema or v in schema["enum"]


def check_values(where, pschema, vals, required):
    t = pschema["type"]
    if not isinstance(vals, list) or not vals:
        err(where, "acceptable values must be a non-empty list")
        return
    if len({json.dumps(v, sort_keys=True) for v in vals}) != len(vals):
        err(where, "duplicate acceptable values")
    non_empty = [v for v in vals if v != ""]
    if required:
        if "" in vals:
            err(where, "required parameter accepts ''")
        if not non_empty:
            err(where, "required parameter has no non-'' value")
    elif "" in vals:
        allowed = {""} | ({json.dumps(pschema["default"])} if "default" in pschema else set())
        got = {"" if v == "" else json.dumps(v) for v in vals}
        if "default" in pschema and json.dumps(pschema["default"]) not in got:
            err(where, "unset optional parameter must also accept its default")
        if not got <= allowed:
            err(where, "'' mixed with non-default values %s" % vals)
    for v in non_empty:
        if not type_ok(t, pschema, v):
            err(where, "value %r does not match type %s" % (v, t))
        elif t == "string" and not enum_ok(pschema, v):
            err(where, "value %r not in enum" % v)
        elif t == "dict":
            props = pschema["properties"]
            if set(v) != set(props):
                err(where, "dict value keys %s != %s" % (sorted(v), sorted(props)))
                continue
            req = set(pschema.get("required", []))
            for k, sub in props.items():
                check_values(where + "." + k, sub, v[k], k in req)


# ------------------------------------------------------------------ main
def load_jsonl(path):
    rows = []
    try:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    err(path, "blank line %d" % n)
                    continue
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as e:
                    err(path, "line %d does not parse: %s" % (n, e))
    except OSError as e:
        err(path, str(e))
    return rows


def main():
    meta_path = os.path.join(HERE, "meta", "blind4_meta.json")
    try:
        with open(meta_path, encoding="utf-8") as f:
            meta = {m["id"]: m for m in json.load(f)["items"]}
    except (OSError, ValueError, KeyError) as e:
        err(meta_path, "cannot load meta: %s" % e)
        meta = {}

    schemas = {}
    stats = Counter()
    exempt_count = 0
    literal_checked = 0
    all_questions = []
    target_pos = Counter()
    clusters = defaultdict(list)

    for cat, expected in CATS.items():
        qrows = load_jsonl(os.path.join(HERE, "data", cat + ".json"))
        arows = load_jsonl(os.path.join(HERE, "data", "possible_answer", cat + ".json"))
        if len(qrows) != expected:
            err(cat, "expected %d questions, found %d" % (expected, len(qrows)))
        if len(arows) != len(qrows):
            err(cat, "question/answer line counts differ")
        for n, (qr, ar) in enumerate(zip(qrows, arows)):
            iid = "%s_%d" % (cat, n)
            if not isinstance(qr, dict) or set(qr) != {"id", "question", "function"}:
                err(iid, "question line keys must be exactly id/question/function")
                continue
            if not isinstance(ar, dict) or set(ar) != {"id", "ground_truth"}:
                err(iid, "answer line keys must be exactly id/ground_truth")
                continue
            if qr["id"] != iid:
                err(iid, "question id out of order: %r" % qr["id"])
            if ar["id"] != qr["id"]:
                err(iid, "answer id %r does not match" % ar["id"])
            # question structure
            q = qr["question"]
            ok = (isinstance(q, list) and len(q) == 1 and isinstance(q[0], list) and len(q[0]) == 1
                  and isinstance(q[0][0], dict) and set(q[0][0]) == {"role", "content"}
                  and q[0][0]["role"] == "user" and isinstance(q[0][0]["content"], str) and q[0][0]["content"].strip())
            if not ok:
                err(iid, "question must be [[{role: user, content: str}]]")
                continue
            text = q[0][0]["content"]
            all_questions.append(text.strip().lower())
            for pat in RELATIVE:
                m = re.search(pat, text, re.I)
                if m:
                    err(iid, "relative date expression %r" % m.group(0))
            check_ambiguous_dates(iid, text)
            # functions
            funcs = qr["function"]
            if not isinstance(funcs, list):
                err(iid, "function must be a list")
                continue
            if cat == "blind4_simple" and len(funcs) != 1:
                err(iid, "simple item must offer exactly 1 function")
            if cat == "blind4_multiple" and not 2 <= len(funcs) <= 4:
                err(iid, "multiple item must offer 2-4 functions")
            names = []
            for f in funcs:
                check_function(iid, f)
                if isinstance(f, dict) and "name" in f:
                    names.append(f["name"])
                    dump = json.dumps(f, sort_keys=True)
                    if f["name"] in schemas and schemas[f["name"]] != dump:
                        err(iid, "schema of %s differs from an earlier item" % f["name"])
                    schemas.setdefault(f["name"], dump)
            if len(set(names)) != len(names):
                err(iid, "duplicate function names offered")
            byname = {f["name"]: f for f in funcs if isinstance(f, dict) and "name" in f}
            # answer
            gt = ar["ground_truth"]
            if not isinstance(gt, list) or len(gt) != 1 or not isinstance(gt[0], dict) or len(gt[0]) != 1:
                err(iid, "ground_truth must be exactly one call")
                continue
            (fname, params), = gt[0].items()
            if fname not in byname:
                err(iid, "answer calls a function that is not offered")
                continue
            if cat == "blind4_multiple":
                target_pos[names.index(fname)] += 1
            fs = byname[fname]["parameters"]
            props, req = fs["properties"], set(fs["required"])
            if not isinstance(params, dict) or set(params) != set(props):
                err(iid, "answer parameters %s != declared %s" % (sorted(params), sorted(props)))
                continue
            m = meta.get(iid, {})
            exempt = set(m.get("literal_exempt", []))
            exempt_count += len(exempt)
            for p in exempt:
                if p not in props:
                    err(iid, "literal exemption for unknown parameter %s" % p)
            for pname, ps in props.items():
                vals = params[pname]
                check_values("%s.%s" % (iid, pname), ps, vals, pname in req)
                given = [v for v in vals if v != ""] if isinstance(vals, list) else []
                if "" in vals or not given or pname in exempt or ps["type"] == "boolean":
                    continue
                literal_checked += 1
                if not any(value_appears(ps["type"], ps, v, text) for v in given):
                    err(iid, "no acceptable value of %s appears in the question" % pname)
            # meta
            if not m:
                err(iid, "no meta entry")
                continue
            if m.get("style") not in ("plain", "informal"):
                err(iid, "meta style must be plain/informal")
            stats[(cat, m.get("style"))] += 1
            if cat == "blind4_multiple":
                kind = m.get("kind")
                if kind not in ("cross", "neighbour"):
                    err(iid, "meta kind must be cross/neighbour")
                stats[(cat, kind)] += 1
                doms = m.get("domains", [])
                if len(doms) != len(funcs):
                    err(iid, "meta domains do not match offered functions")
                elif kind == "cross" and len(set(doms)) != len(doms):
                    err(iid, "cross item offers two functions of the same domain")
                elif kind == "neighbour":
                    if len(set(doms)) != 1:
                        err(iid, "neighbour item mixes domains")
                    clusters[m.get("cluster")].append((iid, fname, tuple(sorted(names))))

    # cross-item checks
    dup = [k for k, c in Counter(all_questions).items() if c > 1]
    if dup:
        err("all", "%d duplicated questions" % len(dup))
    if stats[("blind4_multiple", "cross")] != 30 or stats[("blind4_multiple", "neighbour")] != 30:
        err("blind4_multiple", "need 30 cross and 30 neighbour items")
    if len(clusters) != 15:
        err("blind4_multiple", "need 15 neighbour clusters, found %d" % len(clusters))
    for c, members in clusters.items():
        if len(members) != 2:
            err("cluster %s" % c, "must hold 2 items")
        elif members[0][1] == members[1][1]:
            err("cluster %s" % c, "both items expect the same function")
        elif members[0][2] != members[1][2]:
            err("cluster %s" % c, "items of a cluster offer different function sets")
    if set(meta) != {"%s_%d" % (c, i) for c, n in CATS.items() for i in range(n)}:
        err("meta", "meta ids do not match the data ids")

    print("function names: %d distinct" % len(schemas))
    print("styles:", {"%s/%s" % k: v for k, v in sorted(stats.items(), key=str)})
    print("position of the right function in multiple items:", dict(sorted(target_pos.items())))
    print("literal checks run: %d (exempted parameters: %d)" % (literal_checked, exempt_count))
    if errors:
        print("\nFAILED: %d problem(s)" % len(errors))
        for e in errors:
            print("  " + e)
        return 1
    print("ALL CHECKS PASSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
