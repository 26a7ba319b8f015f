#!/usr/bin/env python3
"""Verify the blind3 BFCL-format files. Standard library only.

Usage: python3 check.py      (exit status 0 = all checks passed)
"""
import datetime
import json
import os
import re
import sys
from collections import Counter

ROOT = os.path.dirname(os.path.abspath(__file__))
CATEGORIES = {"simple": 80, "multiple": 60}
ALLOWED_TYPES = {"string", "integer", "float", "boolean", "array", "dict"}
PART = r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*"
FUNC_NAME_RE = re.compile(r"^%s(?:\.%s)*$" % (PART, PART))
PARAM_NAME_RE = re.compile(r"^%s$" % PART)
MONTHS = ["january", "february", "march", "april", "may", "june", "july",
          "august", "september", "october", "november", "december"]
WORD_NUMBERS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
                "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
                "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40,
                "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
                "hundred": 100, "dozen": 12}
RELATIVE_DATE_RE = re.compile(
    r"\b(today|tomorrow|yesterday|tonight|this (morning|afternoon|evening|week|weekend|month|year)|"
    r"(next|last|this) (week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b",
    re.I)

# ---------------------------------------------------------------------------
# Hand-reviewed cases where an optional parameter is set by the user's words
# rather than by a value that can be seen literally in the question.
# Each entry was checked by reading the question.  (id, param path) -> reason
# ---------------------------------------------------------------------------
VERBAL_OK = {
    ("blind3_simple_5", "max_changes"): "'direct only' = 0 changes",
    ("blind3_simple_19", "explicit"): "user asks to mark the episode explicit",
    ("blind3_simple_45", "pitch_raise"): "user says it will need a pitch raise",
    ("blind3_simple_72", "double_sided"): "'double sided'",
    ("blind3_simple_72", "color"): "'black and white' = colour off",
    ("blind3_simple_76", "rush"): "'it's a rush job'",
    ("blind3_multiple_8", "emergency_only"): "user asks for an emergency vet",
    ("blind3_multiple_24", "shuffle"): "'shuffled'",
    ("blind3_multiple_46", "ignore_zeros"): "'ignore the zeros'",
    ("blind3_multiple_53", "ev_charging"): "'with EV charging'",
}

errors = []
warnings = []
verbal_used = set()


def err(msg):
    errors.append(msg)


def norm(s):
    """The grader's string normalisation."""
    return re.sub(r"[ ,./\-_*^]", "", s.lower())


def declared_format(desc):
    if "YYYY-MM-DD" in desc:
        return "date"
    if "HH:MM" in desc:
        return "time"
    return None


def load_jsonl(path):
    rows = []
    if not os.path.exists(path):
        err("missing file %s" % path)
        return rows
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                err("%s:%d empty line" % (path, n))
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                err("%s:%d does not parse: %s" % (path, n, e))
    return rows


# ---------------------------------------------------------------------------
# Schema checks
# ---------------------------------------------------------------------------
def type_ok(v, t):
    if t == "string":
        return isinstance(v, str)
    if t == "integer":
        return type(v) is int
    if t == "float":
        return type(v) is float
    if t == "boolean":
        return type(v) is bool
    if t == "array":
        return isinstance(v, list)
    if t == "dict":
        return isinstance(v, dict)
    return False


def check_prop(where, name, p):
    if not PARAM_NAME_RE.match(name):
        err("%s: parameter name %r is not snake_case" % (where, name))
    if not isinstance(p, dict):
        err("%s.%s: property is not an object" % (where, name))
        return
    extra = set(p) - {"type", "description", "enum", "default", "items", "properties", "required"}
    if extra:
        err("%s.%s: unexpected keys %s" % (where, name, sorted(extra)))
    t = p.get("type")
    if t not in ALLOWED_TYPES:
        err("%s.%s: type %r not allowed" % (where, name, t))
    desc = p.get("description")
    if not isinstance(desc, str) or not desc.strip():
        err("%s.%s: missing description" % (where, name))
        desc = ""
    if "enum" in p:
        if t != "string":
            err("%s.%s: enum on non-string" % (where, name))
        e = p["enum"]
        if not isinstance(e, list) or not e or not all(isinstance(x, str) for x in e) or len(set(e)) != len(e):
            err("%s.%s: bad enum %r" % (where, name, e))
    if t == "array":
        it = p.get("items")
        if not isinstance(it, dict) or it.get("type") not in ALLOWED_TYPES - {"array", "dict"}:
            err("%s.%s: array needs primitive items type" % (where, name))
        else:
            if set(it) - {"type", "enum"}:
                err("%s.%s: unexpected keys in items" % (where, name))
            if "enum" in it and it["type"] != "string":
                err("%s.%s: enum on non-string items" % (where, name))
    elif "items" in p:
        err("%s.%s: items on non-array" % (where, name))
    if t == "dict":
        props = p.get("properties")
        if not isinstance(props, dict) or not props:
            err("%s.%s: dict needs properties" % (where, name))
        else:
            for k, sub in props.items():
                check_prop(where + "." + name, k, sub)
            req = p.get("required", [])
            if not isinstance(req, list) or not set(req) <= set(props):
                err("%s.%s: bad required list" % (where, name))
    elif "properties" in p or "required" in p:
        err("%s.%s: properties/required on non-dict" % (where, name))
    if "default" in p:
        d = p["default"]
        if not type_ok(d, t):
            err("%s.%s: default %r does not match type %s" % (where, name, d, t))
        if "enum" in p and d not in p["enum"]:
            err("%s.%s: default %r not in enum" % (where, name, d))
        if "Default is" not in desc:
            err("%s.%s: default key but description does not state it" % (where, name))
    elif "Default is" in desc:
        err("%s.%s: description states a default but no default key" % (where, name))


def check_function(where, f):
    if not isinstance(f, dict) or set(f) != {"name", "description", "parameters"}:
        err("%s: function keys must be exactly name, description, parameters" % where)
        return
    name = f["name"]
    if not isinstance(name, str) or not FUNC_NAME_RE.match(name):
        err("%s: function name %r not snake_case (dots between parts allowed)" % (where, name))
    if not isinstance(f["description"], str) or not f["description"].strip():
        err("%s: function %s has no description" % (where, name))
    params = f["parameters"]
    if not isinstance(params, dict) or set(params) != {"type", "properties", "required"}:
        err("%s: %s parameters keys must be exactly type, properties, required" % (where, name))
        return
    if params["type"] != "dict":
        err("%s: %s parameters type must be dict" % (where, name))
    props = params["properties"]
    if not isinstance(props, dict) or not props:
        err("%s: %s has no properties" % (where, name))
        return
    req = params["required"]
    if not isinstance(req, list) or not set(req) <= set(props) or len(set(req)) != len(req):
        err("%s: %s bad required list" % (where, name))
    for k, p in props.items():
        check_prop(where + ":" + name, k, p)


# ---------------------------------------------------------------------------
# Visibility of values in the question
# ---------------------------------------------------------------------------
def numbers_in(q):
    out = set()
    for m in re.finditer(r"\d[\d,]*(?:\.\d+)?", q):
        s = m.group(0).rstrip(",").replace(",", "")
        try:
            out.add(float(s))
        except ValueError:
            pass
    for w in re.findall(r"[a-z]+", q.lower()):
        if w in WORD_NUMBERS:
            out.add(float(WORD_NUMBERS[w]))
    return out


def visible_number(v, desc, q):
    nums = numbers_in(q)
    a = abs(float(v))
    if any(abs(a - n) < 1e-9 for n in nums):
        return True
    if "fraction" in desc.lower():
        pct = round(a * 100, 6)
        if any(abs(pct - n) < 1e-9 for n in nums):
            return True
    return False


def visible_date(v, q):
    if not re.match(r"^\d{4}-\d{2}-\d{2}$", v):
        return False
    if v in q:
        return True
    y, m, d = v.split("-")
    ql = q.lower()
    month = MONTHS[int(m) - 1]
    if y not in q:
        return False
    if not re.search(r"\b%s" % month[:3], ql):
        return False
    return re.search(r"(?<!\d)0?%d(st|nd|rd|th)?(?!\d)" % int(d), ql) is not None


def visible_time(v, q):
    if not re.match(r"^\d{2}:\d{2}$", v):
        return False
    h, mi = (int(x) for x in v.split(":"))
    ql = q.lower().replace(" ", "")
    cands = ["%02d:%02d" % (h, mi), "%d:%02d" % (h, mi)]
    h12 = h % 12 or 12
    ap = "am" if h < 12 else "pm"
    cands += ["%d:%02d%s" % (h12, mi, ap), "%d.%02d%s" % (h12, mi, ap)]
    if mi == 0:
        cands.append("%d%s" % (h12, ap))
    return any(re.search(r"(?<!\d)%s" % re.escape(c), ql) for c in cands)


def visible(v, schema, q):
    t = schema.get("type")
    desc = schema.get("description", "")
    if t == "string":
        fmt = declared_format(desc)
        if fmt == "date":
            return visible_date(v, q)
        if fmt == "time":
            return visible_time(v, q)
        n = norm(v)
        return bool(n) and n in norm(q)
    if t in ("integer", "float"):
        return visible_number(v, desc, q)
    if t == "boolean":
        return False
    if t == "array":
        item_schema = dict(schema["items"])
        item_schema["description"] = desc
        return all(visible(e, item_schema, q) for e in v)
    if t == "dict":
        for k, sub in schema["properties"].items():
            vals = [x for x in v.get(k, []) if x != ""]
            if vals and not any(visible(x, sub, q) for x in vals):
                return False
        return True
    return False


# ---------------------------------------------------------------------------
# Answer checks
# ---------------------------------------------------------------------------
DATE_LIKE = [re.compile(r"\b\d{4}-\d{1,2}-\d{1,2}\b"), re.compile(r"\b\d{1,2}/\d{1,2}/\d{2,4}\b"),
             re.compile(r"\b\d{1,2}(st|nd|rd|th)?\s+(%s)[a-z]*\s+\d{4}\b" % "|".join(m[:3] for m in MONTHS), re.I)]


def check_value(qid, path, schema, v, q):
    t = schema.get("type")
    if not type_ok(v, t):
        err("%s %s: value %r is not of type %s" % (qid, path, v, t))
        return
    desc = schema.get("description", "")
    if t == "string":
        if v == "":
            err("%s %s: empty string inside a value" % (qid, path))
        if "enum" in schema and v not in schema["enum"]:
            err("%s %s: %r not in enum %s" % (qid, path, v, schema["enum"]))
        fmt = declared_format(desc)
        leaf = path.split(".")[-1].split("[")[0]
        if fmt == "date":
            if not re.match(r"^\d{4}-\d{2}-\d{2}$", v):
                err("%s %s: %r is not YYYY-MM-DD" % (qid, path, v))
            else:
                try:
                    datetime.date.fromisoformat(v)
                except ValueError:
                    err("%s %s: %r is not a real date" % (qid, path, v))
        elif fmt == "time":
            m = re.match(r"^(\d{2}):(\d{2})$", v)
            if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
                err("%s %s: %r is not HH:MM" % (qid, path, v))
        else:
            if any(r.search(v) for r in DATE_LIKE):
                err("%s %s: date-like value %r but description declares no date format" % (qid, path, v))
            if leaf == "date" or leaf.endswith("_date") or leaf.startswith("date_"):
                err("%s %s: date parameter without a declared format" % (qid, path))
            if re.search(r"(^|_)time($|_)", leaf) and not re.search(r"seconds|minutes|hours", leaf):
                err("%s %s: time parameter without a declared format" % (qid, path))
    elif t == "array":
        item_schema = dict(schema["items"])
        item_schema["description"] = desc
        for i, e in enumerate(v):
            if e == "":
                err("%s %s: empty string inside array" % (qid, path))
            else:
                check_value(qid, "%s[%d]" % (path, i), item_schema, e, q)
    elif t == "dict":
        props = schema["properties"]
        if set(v) != set(props):
            err("%s %s: dict value keys %s != declared %s" % (qid, path, sorted(v), sorted(props)))
        req = set(schema.get("required", []))
        for k, sub in props.items():
            if k in v:
                check_param(qid, path + "." + k, sub, v[k], k in req, q)


def dedup_key(v):
    if isinstance(v, str):
        return ("s", norm(v))
    if isinstance(v, list):
        return ("a",) + tuple(dedup_key(e) for e in v)
    if isinstance(v, dict):
        return ("d", json.dumps(v, sort_keys=True))
    return (type(v).__name__, v)


def same_value(a, b):
    return type(a) is type(b) and a == b


def check_param(qid, path, schema, values, required, q, stats=None):
    if not isinstance(values, list) or not values:
        err("%s %s: acceptable values must be a non-empty list" % (qid, path))
        return
    has_empty = any(v == "" and isinstance(v, str) for v in values)
    nonempty = [v for v in values if not (isinstance(v, str) and v == "")]
    if required and has_empty:
        err("%s %s: required parameter accepts \"\"" % (qid, path))
    if has_empty:
        if "default" in schema:
            d = schema["default"]
            if not any(same_value(v, d) for v in nonempty):
                err("%s %s: unset optional must also accept its default %r" % (qid, path, d))
            if any(not same_value(v, d) for v in nonempty):
                err("%s %s: accepts \"\" and a non-default value" % (qid, path))
        elif nonempty:
            err("%s %s: accepts \"\" and other values but has no default" % (qid, path))
    elif not required and "default" in schema and all(same_value(v, schema["default"]) for v in nonempty):
        err("%s %s: set to the default, so it must also accept \"\"" % (qid, path))
    if stats is not None and not required:
        stats["opt_unset" if has_empty else "opt_set"] += 1
    for v in nonempty:
        check_value(qid, path, schema, v, q)
    keys = [dedup_key(v) for v in nonempty]
    if len(set(keys)) != len(keys):
        err("%s %s: acceptable values identical after normalisation: %r" % (qid, path, nonempty))
    if not nonempty or has_empty:
        return  # unset optional (or set to the default in words): nothing to look for
    if any(visible(v, schema, q) for v in nonempty):
        if (qid, path) in VERBAL_OK:
            warnings.append("%s %s: in hand-reviewed list but value is visible" % (qid, path))
            verbal_used.add((qid, path))
        return
    is_date = schema.get("type") == "string" and declared_format(schema.get("description", "")) == "date"
    if (qid, path) in VERBAL_OK:
        verbal_used.add((qid, path))
        return
    if not required:
        err("%s %s: optional parameter set to %r, not visible in question and not hand-reviewed"
            % (qid, path, nonempty))
    elif is_date:
        err("%s %s: date %r not visible (day, month name and year) in question" % (qid, path, nonempty))
    else:
        warnings.append("%s %s: required value %r not literally visible (conversion or paraphrase)"
                        % (qid, path, nonempty))


# ---------------------------------------------------------------------------
def main():
    meta_path = os.path.join(ROOT, "meta", "blind3_meta.json")
    meta = {}
    if os.path.exists(meta_path):
        with open(meta_path, encoding="utf-8") as f:
            meta = json.load(f)
    else:
        err("missing meta/blind3_meta.json")

    schemas_by_name = {}
    all_questions = Counter()
    report = {}
    for cat, expected in CATEGORIES.items():
        qrows = load_jsonl(os.path.join(ROOT, "data", "blind3_%s.json" % cat))
        arows = load_jsonl(os.path.join(ROOT, "data", "possible_answer", "blind3_%s.json" % cat))
        st = Counter()
        positions = Counter()
        nfuncs = Counter()
        names = set()
        if len(qrows) != expected:
            err("%s: %d questions, expected %d" % (cat, len(qrows), expected))
        if len(arows) != len(qrows):
            err("%s: %d answers for %d questions" % (cat, len(arows), len(qrows)))
        for i, (qr, ar) in enumerate(zip(qrows, arows)):
            qid = "blind3_%s_%d" % (cat, i)
            if not isinstance(qr, dict) or set(qr) != {"id", "question", "function"}:
                err("%s line %d: question keys must be exactly id, question, function" % (cat, i + 1))
                continue
            if not isinstance(ar, dict) or set(ar) != {"id", "ground_truth"}:
                err("%s line %d: answer keys must be exactly id, ground_truth" % (cat, i + 1))
                continue
            if qr["id"] != qid:
                err("%s line %d: id %r, expected %r" % (cat, i + 1, qr["id"], qid))
            if ar["id"] != qr["id"]:
                err("%s line %d: answer id %r != question id %r" % (cat, i + 1, ar["id"], qr["id"]))
            qs = qr["question"]
            ok = (isinstance(qs, list) and len(qs) == 1 and isinstance(qs[0], list) and len(qs[0]) == 1
                  and isinstance(qs[0][0], dict) and set(qs[0][0]) == {"role", "content"}
                  and qs[0][0]["role"] == "user" and isinstance(qs[0][0]["content"], str)
                  and qs[0][0]["content"].strip())
            if not ok:
                err("%s: question must be [[{role: user, content: ...}]]" % qid)
                continue
            q = qs[0][0]["content"]
            all_questions[q] += 1
            if RELATIVE_DATE_RE.search(q):
                err("%s: relative date wording in question" % qid)
            funcs = qr["function"]
            if not isinstance(funcs, list):
                err("%s: function must be a list" % qid)
                continue
            n = len(funcs)
            nfuncs[n] += 1
            if cat == "simple" and n != 1:
                err("%s: simple item offers %d functions" % (qid, n))
            if cat == "multiple" and not 2 <= n <= 4:
                err("%s: multiple item offers %d functions" % (qid, n))
            offered = {}
            for f in funcs:
                check_function(qid, f)
                if isinstance(f, dict) and "name" in f:
                    if f["name"] in offered:
                        err("%s: function %s offered twice" % (qid, f["name"]))
                    offered[f["name"]] = f
                    names.add(f["name"])
                    prev = schemas_by_name.get(f["name"])
                    if prev is not None and prev != f:
                        err("%s: function %s has a different schema elsewhere in the set" % (qid, f["name"]))
                    schemas_by_name.setdefault(f["name"], f)
            gt = ar["ground_truth"]
            if not isinstance(gt, list) or len(gt) != 1 or not isinstance(gt[0], dict) or len(gt[0]) != 1:
                err("%s: ground_truth must hold exactly one call" % qid)
                continue
            (fname, args), = gt[0].items()
            if fname not in offered:
                err("%s: answer calls %r, which is not offered" % (qid, fname))
                continue
            positions[[f["name"] for f in funcs].index(fname)] += 1
            if not isinstance(args, dict):
                err("%s: arguments must be a dict" % qid)
                continue
            props = offered[fname]["parameters"]["properties"]
            req = set(offered[fname]["parameters"]["required"])
            missing = set(props) - set(args)
            undeclared = set(args) - set(props)
            if missing:
                err("%s: declared parameters missing from answer: %s" % (qid, sorted(missing)))
            if undeclared:
                err("%s: answer keys not declared: %s" % (qid, sorted(undeclared)))
            for pname, pschema in props.items():
                if pname in args:
                    check_param(qid, pname, pschema, args[pname], pname in req, q, st)
            m = meta.get(qid, {})
            st["style_" + m.get("style", "missing")] += 1
            if cat == "multiple":
                k = m.get("kind")
                if k not in ("cross", "neighbour"):
                    err("%s: meta kind missing or invalid" % qid)
                st["kind_%s" % k] += 1
            elif "kind" in m:
                err("%s: simple item has a kind in meta" % qid)
        report[cat] = (len(qrows), st, positions, nfuncs, names)

    for q, c in all_questions.items():
        if c > 1:
            err("question text used %d times: %r" % (c, q[:60]))
    stale = set(VERBAL_OK) - verbal_used
    for s in sorted(stale):
        err("hand-reviewed entry not used: %s %s" % s)
    if report.get("multiple"):
        st = report["multiple"][1]
        if st["kind_cross"] != 30 or st["kind_neighbour"] != 30:
            err("multiple: expected 30 cross and 30 neighbour, got %d / %d" % (st["kind_cross"], st["kind_neighbour"]))

    # ------------------------------------------------------------------ counts
    print("== blind3 counts ==")
    all_names = set()
    for cat, (nq, st, positions, nfuncs, names) in report.items():
        all_names |= names
        offered_total = sum(k * v for k, v in nfuncs.items())
        print("%-9s questions=%d  functions offered=%d  distinct functions=%d  style plain/informal=%d/%d"
              % (cat, nq, offered_total, len(names), st["style_plain"], st["style_informal"]))
        print("          optional params in answers: set=%d unset=%d" % (st["opt_set"], st["opt_unset"]))
        if cat == "multiple":
            print("          cross-domain=%d neighbours=%d  functions per item %s  right position %s"
                  % (st["kind_cross"], st["kind_neighbour"], dict(sorted(nfuncs.items())),
                     dict(sorted(positions.items()))))
    dotted = sorted(n for n in all_names if "." in n)
    with_opt = [n for n in all_names
                if set(schemas_by_name[n]["parameters"]["properties"]) - set(schemas_by_name[n]["parameters"]["required"])]
    print("all       distinct functions=%d  dotted=%d (%.0f%%)  with an optional param=%d (%.0f%%)"
          % (len(all_names), len(dotted), 100.0 * len(dotted) / max(1, len(all_names)),
             len(with_opt), 100.0 * len(with_opt) / max(1, len(all_names))))
    print("          hand-reviewed verbal settings used=%d" % len(verbal_used))
    if warnings:
        print("\n== notes (not failures): %d ==" % len(warnings))
        for w in warnings:
            print("  " + w)
    if errors:
        print("\n== FAILED: %d problem(s) ==" % len(errors))
        for e in errors:
            print("  " + e)
        return 1
    print("\nALL CHECKS PASSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
