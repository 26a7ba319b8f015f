#!/usr/bin/env python3
"""Validator for the blind5 BFCL-style test set (standard library only).

Usage: python3 check.py [ROOT]     (ROOT defaults to the directory of this file)
Exit status 0 only if every check passes.  Each problem is printed as
"ERROR <code>: <message>".
"""
import datetime
import json
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
ERRORS = []
COUNTS = {}


def err(code, msg):
    ERRORS.append((code, msg))


def tick(name, n=1):
    COUNTS[name] = COUNTS.get(name, 0) + n


CATS = [
    # name, expected item count, (min functions, max functions)
    ("blind5_simple", 80, (1, 1)),
    ("blind5_multiple", 60, (2, 4)),
]
ALLOWED_TYPES = {"string", "integer", "float", "boolean", "array", "dict"}
PROP_KEYS = {"type", "description", "enum", "default", "items", "properties", "required"}
FN_RE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)*(?:\.[a-z][a-z0-9]*(?:_[a-z0-9]+)*)*$")
PARAM_RE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$")
DEFAULT_RE = re.compile(r"Default: (.+?)\.(?:\s|$)")
DT_NAME_RE = re.compile(r"(?:^|_)(?:date|dates|datetime|time|deadline|until|at|birthday)(?:$|_)")
DATE_WORD_RE = re.compile(r"\b(?:date|datetime|timestamp)\b", re.I)
FMT_TOKENS = ("YYYY-MM-DD", "HH:MM", "ISO 8601")
ISO_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
ISO_DT_T_RE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$")
ISO_DT_S_RE = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$")
HHMM_RE = re.compile(r"^\d{2}:\d{2}$")

REL_RE = re.compile(
    r"\b(?:today|tonight|tomorrow|tmrw|yesterday|ago|fortnight|weekend)\b"
    r"|\b(?:next|last|this|coming|past|previous|following)\s+"
    r"(?:week|month|year|quarter|monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|afternoon|evening|night)\b"
    r"|\bin\s+(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|few|several)\s+"
    r"(?:days?|weeks?|months?|years?)\b"
    r"|\b(?:days?|weeks?|months?|years?)\s+from\s+now\b"
    r"|\bday\s+after\b|\bday\s+before\b"
    r"|\bend\s+of\s+(?:the\s+)?(?:week|month|year)\b",
    re.I)
AMBIG_DATE_RE = re.compile(r"(?<![\w./-])\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}(?!\d)(?![./-]\d)")

MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december"]


# ------------------------------------------------------------------ helpers
def load_jsonl(rel):
    path = os.path.join(ROOT, rel)
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except OSError as e:
        err("file", f"{rel}: cannot read ({e})")
        return None
    if lines and lines[-1] == "":
        lines = lines[:-1]
    out = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            err("parse", f"{rel}:{n}: blank line")
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            err("parse", f"{rel}:{n}: invalid JSON ({e})")
            continue
        if not isinstance(obj, dict):
            err("parse", f"{rel}:{n}: line is not a JSON object")
            continue
        out.append(obj)
    tick("lines parsed", len(out))
    return out


def render(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def is_type(t, v):
    if t == "string":
        return isinstance(v, str)
    if t == "integer":
        return isinstance(v, int) and not isinstance(v, bool)
    if t == "float":
        return isinstance(v, float)
    if t == "boolean":
        return isinstance(v, bool)
    if t == "array":
        return isinstance(v, list)
    if t == "dict":
        return isinstance(v, dict)
    return False


def same(a, b):
    return type(a) is type(b) and a == b


def valid_date(s):
    try:
        datetime.date.fromisoformat(s)
        return True
    except ValueError:
        return False


def valid_time(s):
    h, m = s.split(":")
    return 0 <= int(h) <= 23 and 0 <= int(m) <= 59


# ------------------------------------------------------------------ number / date recognition
ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen").split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def words(n):
    if n < 0:
        return "minus " + words(-n)
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + ("" if n % 10 == 0 else " " + ONES[n % 10])
    if n < 1000:
        return ONES[n // 100] + " hundred" + ("" if n % 100 == 0 else " " + words(n % 100))
    if n < 10 ** 6:
        return words(n // 1000) + " thousand" + ("" if n % 1000 == 0 else " " + words(n % 1000))
    return words(n // 10 ** 6) + " million" + ("" if n % 10 ** 6 == 0 else " " + words(n % 10 ** 6))


def digit_forms(v):
    forms = set()
    if isinstance(v, float):
        forms.add(repr(v))
        if v.is_integer():
            iv = int(v)
            forms |= {str(iv), f"{iv:,}", f"{v:.2f}", f"{v:,.2f}"}
        else:
            forms.add(f"{v:,}")
            if round(v, 2) == v:
                forms |= {f"{v:.2f}", f"{v:,.2f}"}
            s = repr(v)
            if s.startswith("0."):
                forms.add(s[1:])
            if s.startswith("-0."):
                forms.add("-" + s[2:])
    else:
        forms |= {str(v), f"{v:,}"}
    return forms


def norm_words(text):
    t = text.lower().replace("-", " ")
    t = re.sub(r"\band\b", " ", t)
    return re.sub(r"\s+", " ", t)


def num_appears(v, q):
    for f in digit_forms(v):
        before = r"(?<![\w.,])" if f.startswith("-") else r"(?<![\w.,-])"
        if re.search(before + re.escape(f) + r"(?!\d|[.,]\d)", q):
            return True
    iv = None
    if isinstance(v, int):
        iv = v
    elif v.is_integer():
        iv = int(v)
    if iv is not None and abs(iv) < 10 ** 9:
        if re.search(r"\b" + re.escape(words(iv)) + r"\b", norm_words(q)):
            return True
    return False


def date_appears(v, q):
    if v in q:
        return True
    y, mo, d = (int(x) for x in v.split("-"))
    if not re.search(rf"(?<!\d){y}(?!\d)", q):
        return False
    ql = q.lower()
    names = [MONTHS[mo - 1], MONTHS[mo - 1][:3]] + (["sept"] if mo == 9 else [])
    for mn in names:
        if re.search(rf"\b{mn}\.?\s+0?{d}(?:st|nd|rd|th)?\b", ql):
            return True
        if re.search(rf"\b0?{d}(?:st|nd|rd|th)?\s+(?:of\s+)?{mn}\b", ql):
            return True
    return False


def time_appears(v, q):
    ql = q.lower()
    h, m = (int(x) for x in v.split(":"))
    ampm = r"\s*(?:am\b|pm\b|a\.m\.|p\.m\.)"
    if re.search(rf"(?<![\d:]){h:02d}:{m:02d}(?!\d)", ql):
        return True
    if re.search(rf"(?<![\d:]){h}:{m:02d}(?!\d)(?!{ampm})", ql):
        return True
    h12 = h % 12 or 12
    ap = r"(?:am\b|a\.m\.)" if h < 12 else r"(?:pm\b|p\.m\.)"
    mm = rf"(?::{m:02d})" + ("?" if m == 0 else "")
    if re.search(rf"(?<![\d:]){h12}{mm}\s*{ap}", ql):
        return True
    if h == 12 and m == 0 and re.search(r"\bnoon\b", ql):
        return True
    if h == 0 and m == 0 and re.search(r"\bmidnight\b", ql):
        return True
    return False


def str_appears(v, q):
    ql, vl = q.lower(), v.lower()
    if vl in ql or vl.replace("_", " ") in ql or vl.replace("_", "-") in ql:
        return True
    if ISO_DATE_RE.match(v):
        return date_appears(v, q)
    if HHMM_RE.match(v):
        return time_appears(v, q)
    if ISO_DT_T_RE.match(v) or ISO_DT_S_RE.match(v):
        return date_appears(v[:10], q) and time_appears(v[11:], q)
    return False


def value_appears(ps, v, q):
    t = ps["type"]
    if t == "boolean":
        return True
    if t == "string":
        return str_appears(v, q)
    if t in ("integer", "float"):
        return num_appears(v, q)
    if t == "array":
        return all(value_appears(ps["items"], e, q) for e in v)
    if t == "dict":
        return all(appears(sub, v[k], q) for k, sub in ps["properties"].items()
                   if isinstance(v.get(k), list) and "" not in v[k])
    return False


def appears(ps, acc, q):
    if ps["type"] == "boolean":
        return True
    vals = [v for v in acc if v != ""]
    return any(value_appears(ps, v, q) for v in vals)


# ------------------------------------------------------------------ schema checks
def check_block(block, where, top):
    """A parameters block (top) or a dict-typed property."""
    if top:
        if set(block) != {"type", "properties", "required"}:
            err("keys", f"{where}: parameters keys {sorted(block)} != ['properties', 'required', 'type']")
        if block.get("type") != "dict":
            err("type", f"{where}: parameters type must be 'dict'")
    props = block.get("properties")
    req = block.get("required")
    if not isinstance(props, dict) or not props:
        err("schema", f"{where}: properties must be a non-empty object")
        return
    if not isinstance(req, list) or not all(isinstance(r, str) for r in req):
        err("schema", f"{where}: required must be a list of names")
        return
    for r in req:
        if r not in props:
            err("schema", f"{where}: required name {r!r} is not a property")
    if len(set(req)) != len(req):
        err("schema", f"{where}: duplicate names in required")
    if req != [k for k in props if k in req]:
        err("required_order", f"{where}: required list {req} is not in property order")
    for name, p in props.items():
        if not PARAM_RE.match(name):
            err("naming", f"{where}: parameter name {name!r} is not snake_case")
        check_prop(p, f"{where}.{name}", name, name in req, is_item=False)


def check_prop(p, where, name, required, is_item):
    tick("parameter schemas")
    if not isinstance(p, dict):
        err("schema", f"{where}: property schema is not an object")
        return
    extra = set(p) - PROP_KEYS
    if extra:
        err("keys", f"{where}: disallowed keys {sorted(extra)}")
    t = p.get("type")
    if t not in ALLOWED_TYPES:
        err("type", f"{where}: type {t!r} not allowed")
        return
    desc = p.get("description")
    if is_item:
        if "description" in p and not isinstance(desc, str):
            err("schema", f"{where}: description must be a string")
        if "default" in p:
            err("default", f"{where}: array items cannot have a default")
    elif not isinstance(desc, str) or not desc.strip():
        err("schema", f"{where}: missing description")
    desc = desc if isinstance(desc, str) else ""
    # enum
    if "enum" in p:
        e = p["enum"]
        if t != "string":
            err("enum", f"{where}: enum on non-string type {t}")
        elif not isinstance(e, list) or not e or not all(isinstance(x, str) and x for x in e) \
                or len(set(e)) != len(e):
            err("enum", f"{where}: enum must be a non-empty list of distinct strings")
    # items
    if t == "array":
        if not isinstance(p.get("items"), dict):
            err("schema", f"{where}: array without items")
        else:
            check_prop(p["items"], where + "[]", name, True, is_item=True)
    elif "items" in p:
        err("schema", f"{where}: items on non-array")
    # dict
    if t == "dict":
        check_block(p, where, top=False)
    elif "properties" in p or "required" in p:
        err("schema", f"{where}: properties/required on non-dict")
    # default
    m = DEFAULT_RE.search(desc)
    if "default" in p:
        d = p["default"]
        if required:
            err("default", f"{where}: default on a required parameter")
        if not is_type(t, d) or t in ("array", "dict"):
            err("default", f"{where}: default {d!r} does not match type {t}")
        if "enum" in p and d not in p["enum"]:
            err("default", f"{where}: default {d!r} not in enum")
        if not m or m.group(1) != render(d):
            err("default", f"{where}: description does not state 'Default: {render(d)}.'")
    elif re.search(r"default", desc, re.I):
        err("default", f"{where}: description mentions a default but there is no default key")
    # date/time format
    if t == "string" and not is_item and (DT_NAME_RE.search(name) or DATE_WORD_RE.search(desc)):
        if not any(tok in desc for tok in FMT_TOKENS):
            err("datetime_format", f"{where}: date/time parameter does not state its format")


def check_function(fd, where):
    if not isinstance(fd, dict):
        err("schema", f"{where}: function is not an object")
        return None
    if set(fd) != {"name", "description", "parameters"}:
        err("keys", f"{where}: function keys {sorted(fd)} != ['description', 'name', 'parameters']")
    name = fd.get("name")
    if not isinstance(name, str) or not FN_RE.match(name):
        err("naming", f"{where}: function name {name!r} is not snake_case (dots allowed)")
    if not isinstance(fd.get("description"), str) or not fd["description"].strip():
        err("schema", f"{where}: function description missing")
    params = fd.get("parameters")
    if not isinstance(params, dict):
        err("schema", f"{where}: parameters missing")
        return name
    check_block(params, f"{where}:{name}", top=True)
    tick("functions checked")
    return name


# ------------------------------------------------------------------ answer checks
def check_value(ps, v, where):
    """One acceptable (non-"") value against its schema."""
    t = ps.get("type")
    if t == "dict":
        if not isinstance(v, dict):
            err("valtype", f"{where}: dict value must be an object of sub-key -> acceptable values")
            return
        check_map(ps, v, where)
        return
    if not is_type(t, v):
        err("valtype", f"{where}: value {v!r} does not match type {t}")
        return
    if t == "string":
        if not v.strip():
            err("valtype", f"{where}: blank string value")
        if "enum" in ps and v not in ps["enum"]:
            err("enum", f"{where}: value {v!r} not in enum {ps['enum']}")
        desc = ps.get("description", "")
        fmt = None
        if "YYYY-MM-DDTHH:MM" in desc:
            fmt = ISO_DT_T_RE
        elif "YYYY-MM-DD HH:MM" in desc:
            fmt = ISO_DT_S_RE
        elif "YYYY-MM-DD" in desc:
            fmt = ISO_DATE_RE
        elif "HH:MM" in desc:
            fmt = HHMM_RE
        if fmt is not None:
            if not fmt.match(v):
                err("datetime_format", f"{where}: value {v!r} does not follow the stated format")
            else:
                if fmt is not HHMM_RE and not valid_date(v[:10]):
                    err("datetime_format", f"{where}: {v!r} is not a real date")
                tpart = v[-5:] if fmt is not ISO_DATE_RE else None
                if tpart and not valid_time(tpart):
                    err("datetime_format", f"{where}: {v!r} is not a real time")
        elif re.match(r"^\d{4}-\d{2}-\d{2}", v) or HHMM_RE.match(v):
            err("datetime_format", f"{where}: date/time value {v!r} but the description states no format")
    if t == "array":
        for e in v:
            check_value(ps["items"], e, where + "[]")


def check_map(schema_block, amap, where):
    """amap maps each declared property to its list of acceptable values."""
    props = schema_block.get("properties", {})
    req = schema_block.get("required", [])
    missing = [k for k in props if k not in amap]
    extra = [k for k in amap if k not in props]
    if missing:
        err("answer_params", f"{where}: declared parameters missing from the answer: {missing}")
    if extra:
        err("answer_params", f"{where}: answer has undeclared parameters: {extra}")
    for name, ps in props.items():
        if name not in amap or not isinstance(ps, dict):
            continue
        acc = amap[name]
        w = f"{where}.{name}"
        tick("answer parameters")
        if not isinstance(acc, list) or not acc:
            err("answer_shape", f"{w}: acceptable values must be a non-empty list")
            continue
        if ps.get("type") == "dict" and "" not in acc and len(acc) != 1:
            err("answer_shape", f"{w}: a dict parameter lists exactly one dict")
        if name in req:
            if "" in acc:
                err("required_empty", f"{w}: required parameter accepts \"\"")
            for v in acc:
                if v != "":
                    check_value(ps, v, w)
        elif "" in acc:
            expected = [""] + ([ps["default"]] if "default" in ps else [])
            if len(acc) != len(expected) or not all(any(same(a, b) for b in expected) for a in acc):
                err("optional_unset", f"{w}: unset optional must accept exactly {expected}, got {acc}")
        else:
            for v in acc:
                check_value(ps, v, w)
            if "default" in ps and any(same(v, ps["default"]) for v in acc):
                err("optional_default_set", f"{w}: set value equals the default; leave it unset instead")


# ------------------------------------------------------------------ main
def main():
    meta_path = os.path.join(ROOT, "meta/blind5_meta.json")
    try:
        with open(meta_path, encoding="utf-8") as f:
            meta = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        err("meta", f"meta/blind5_meta.json unreadable: {e}")
        meta = {"items": []}
    if not isinstance(meta, dict) or set(meta) != {"items"} or not isinstance(meta.get("items"), list):
        err("meta", "meta must be an object with exactly the key 'items' (a list)")
        meta = {"items": []}
    meta_by_id = {}
    for m in meta["items"]:
        if isinstance(m, dict) and isinstance(m.get("id"), str):
            if m["id"] in meta_by_id:
                err("meta", f"duplicate meta id {m['id']}")
            meta_by_id[m["id"]] = m
        else:
            err("meta", f"meta item without id: {m!r}")
    meta_order = [m.get("id") for m in meta["items"] if isinstance(m, dict)]

    fn_schemas = {}       # name -> canonical json
    fn_domain = {}        # name -> domain (from meta)
    seen_questions = {}
    all_ids = []
    multiple_info = []    # (id, function names, answer fn, meta)

    for cat, n_expected, (fmin, fmax) in CATS:
        qs = load_jsonl(f"data/{cat}.json")
        ans = load_jsonl(f"data/possible_answer/{cat}.json")
        if qs is None or ans is None:
            continue
        if len(qs) != n_expected:
            err("count", f"{cat}: {len(qs)} question lines, expected {n_expected}")
        if len(ans) != len(qs):
            err("count", f"{cat}: {len(ans)} answer lines vs {len(qs)} question lines")
        for i, item in enumerate(qs):
            exp_id = f"{cat}_{i}"
            iid = item.get("id")
            all_ids.append(iid)
            tick("items checked")
            if iid != exp_id:
                err("id", f"{cat} line {i + 1}: id {iid!r}, expected {exp_id!r}")
            if set(item) != {"id", "question", "function"}:
                err("keys", f"{iid}: item keys {sorted(item)} != ['function', 'id', 'question']")
            # question
            q = ""
            qq = item.get("question")
            if (isinstance(qq, list) and len(qq) == 1 and isinstance(qq[0], list) and len(qq[0]) == 1
                    and isinstance(qq[0][0], dict)):
                msg = qq[0][0]
                if set(msg) != {"role", "content"} or msg.get("role") != "user" \
                        or not isinstance(msg.get("content"), str) or not msg["content"].strip():
                    err("question", f"{iid}: question must be one user message with role and content")
                else:
                    q = msg["content"]
            else:
                err("question", f"{iid}: question must be [[{{role, content}}]]")
            if q:
                key = re.sub(r"\s+", " ", q.strip().lower())
                if key in seen_questions:
                    err("duplicate", f"{iid}: question duplicates {seen_questions[key]}")
                seen_questions[key] = iid
                for mobj in REL_RE.finditer(q):
                    err("relative_date", f"{iid}: relative date expression {mobj.group(0)!r}")
                for mobj in AMBIG_DATE_RE.finditer(q):
                    err("ambiguous_date", f"{iid}: ambiguous numeric date {mobj.group(0)!r}")
            # functions
            funcs = item.get("function")
            offered = {}
            if not isinstance(funcs, list):
                err("schema", f"{iid}: function must be a list")
                funcs = []
            if not (fmin <= len(funcs) <= fmax):
                err("function_count", f"{iid}: {len(funcs)} functions offered, expected {fmin}-{fmax}")
            for j, fd in enumerate(funcs):
                name = check_function(fd, f"{iid} function[{j}]")
                if not isinstance(name, str):
                    continue
                if name in offered:
                    err("function_count", f"{iid}: function {name} offered twice")
                offered[name] = fd
                canon = json.dumps(fd, sort_keys=True)
                if name in fn_schemas and fn_schemas[name] != canon:
                    err("repeated_function", f"{iid}: function {name} differs from an earlier schema of the same name")
                fn_schemas.setdefault(name, canon)
            # answer
            a = ans[i] if i < len(ans) else {}
            if a.get("id") != iid:
                err("id", f"{cat} answer line {i + 1}: id {a.get('id')!r} does not match {iid!r}")
            if set(a) != {"id", "ground_truth"}:
                err("keys", f"{iid}: answer keys {sorted(a)} != ['ground_truth', 'id']")
            gt = a.get("ground_truth")
            ans_fn, ans_map = None, None
            if not (isinstance(gt, list) and len(gt) == 1 and isinstance(gt[0], dict) and len(gt[0]) == 1):
                err("answer_shape", f"{iid}: ground_truth must hold exactly one call")
            else:
                ans_fn, ans_map = next(iter(gt[0].items()))
                if ans_fn not in offered:
                    err("answer_function", f"{iid}: answer calls {ans_fn!r}, which is not offered")
                    ans_fn = None
                elif not isinstance(ans_map, dict):
                    err("answer_shape", f"{iid}: call arguments must be an object")
                    ans_fn = None
            # meta for this item
            m = meta_by_id.get(iid)
            if m is None:
                err("meta", f"{iid}: no meta entry")
                m = {}
            exempt = m.get("literal_exempt", [])
            if ans_fn:
                params = offered[ans_fn].get("parameters", {})
                if isinstance(params, dict) and isinstance(params.get("properties"), dict):
                    check_map(params, ans_map, f"{iid}:{ans_fn}")
                    props = params["properties"]
                    if not isinstance(exempt, list) or not all(isinstance(x, str) for x in exempt):
                        err("meta", f"{iid}: literal_exempt must be a list of names")
                        exempt = []
                    for x in exempt:
                        if x not in props:
                            err("exempt", f"{iid}: literal_exempt names unknown parameter {x!r}")
                    for pname, ps in props.items():
                        acc = ans_map.get(pname)
                        if not isinstance(acc, list) or not isinstance(ps, dict) or "type" not in ps:
                            continue
                        is_set = "" not in acc
                        try:
                            ok = appears(ps, acc, q) if is_set else True
                        except (KeyError, TypeError, AttributeError, ValueError):
                            ok = False
                        tick("literal checks")
                        if pname in exempt:
                            if not is_set or ok:
                                err("exempt", f"{iid}: {pname} is literal_exempt but needs no exemption")
                        elif not ok:
                            err("literal", f"{iid}: value of {pname} {acc!r} not found in the question")
            # meta fields
            if m:
                allowed = {"id", "style", "domains", "literal_exempt"}
                if cat == "blind5_multiple":
                    allowed |= {"kind"} | ({"cluster"} if m.get("kind") == "neighbour" else set())
                if set(m) != allowed:
                    err("meta", f"{iid}: meta keys {sorted(m)} != {sorted(allowed)}")
                if m.get("style") not in ("plain", "informal"):
                    err("meta", f"{iid}: style {m.get('style')!r} invalid")
                doms = m.get("domains")
                if not isinstance(doms, list) or not doms or not all(isinstance(d, str) and d for d in doms):
                    err("domains", f"{iid}: domains must be a non-empty list of strings")
                    doms = []
                kind = m.get("kind")
                names = [fd.get("name") for fd in funcs if isinstance(fd, dict)]
                if cat == "blind5_simple" or kind == "neighbour":
                    if len(doms) != 1:
                        err("domains", f"{iid}: expected exactly one domain, got {doms}")
                    fdoms = [doms[0]] * len(names) if doms else []
                elif kind == "cross":
                    if len(doms) != len(names):
                        err("domains", f"{iid}: cross item needs one domain per function")
                    if len(set(doms)) != len(doms):
                        err("domains", f"{iid}: cross item domains are not distinct: {doms}")
                    fdoms = doms if len(doms) == len(names) else []
                else:
                    err("meta", f"{iid}: kind {kind!r} invalid")
                    fdoms = []
                for nm, dm in zip(names, fdoms):
                    if nm in fn_domain and fn_domain[nm] != dm:
                        err("domains", f"{iid}: function {nm} tagged {dm!r} here but {fn_domain[nm]!r} elsewhere")
                    fn_domain.setdefault(nm, dm)
                if cat == "blind5_multiple":
                    multiple_info.append((iid, names, ans_fn, m))

    # ids / meta order
    if meta_order != all_ids:
        err("meta", "meta item ids are not exactly the data ids in order")
    # styles balance
    for cat, _, _ in CATS:
        ms = [meta_by_id[i] for i in all_ids if isinstance(i, str) and i.startswith(cat) and i in meta_by_id]
        if ms:
            inf = sum(1 for m in ms if m.get("style") == "informal")
            if not (0.4 <= inf / len(ms) <= 0.6):
                err("meta", f"{cat}: {inf}/{len(ms)} informal, expected about half")
    # multiple kinds and clusters
    kinds = [m.get("kind") for _, _, _, m in multiple_info]
    if kinds.count("cross") != 30 or kinds.count("neighbour") != 30:
        err("meta", f"multiple: {kinds.count('cross')} cross / {kinds.count('neighbour')} neighbour, expected 30/30")
    clusters = {}
    for iid, names, ans_fn, m in multiple_info:
        if m.get("kind") == "neighbour":
            c = m.get("cluster")
            if not isinstance(c, int) or isinstance(c, bool):
                err("cluster", f"{iid}: cluster must be an integer")
                continue
            clusters.setdefault(c, []).append((iid, names, ans_fn))
    if sorted(clusters) != list(range(15)):
        err("cluster", f"cluster ids {sorted(clusters)} != 0..14")
    for c, members in sorted(clusters.items()):
        if len(members) != 2:
            err("cluster", f"cluster {c}: {len(members)} items, expected 2")
            continue
        (i1, n1, a1), (i2, n2, a2) = members
        if set(n1) != set(n2) or len(n1) != len(n2):
            err("cluster", f"cluster {c}: {i1} and {i2} offer different function sets")
        if a1 is None or a2 is None or a1 == a2:
            err("cluster", f"cluster {c}: {i1} and {i2} must expect different functions")
        tick("clusters checked")

    # report
    for code, msg in ERRORS:
        print(f"ERROR {code}: {msg}")
    summary = ", ".join(f"{k}={v}" for k, v in sorted(COUNTS.items()))
    if ERRORS:
        print(f"FAILED: {len(ERRORS)} error(s) [{summary}]")
        return 1
    print(f"OK: all checks passed [{summary}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
