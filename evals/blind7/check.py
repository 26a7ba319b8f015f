#!/usr/bin/env python3
"""Validate the blind7 set.  Usage: python3 check.py [SET_DIR]   (default: this directory)

Exits 0 only if every check passes; prints every problem found otherwise.
Uses only the Python standard library and reads only the set directory.
"""
import datetime
import hashlib
import json
import os
import re
import sys

DATA_FILES = {
    "sq": "data/blind7_simple.json",
    "mq": "data/blind7_multiple.json",
    "sa": "data/possible_answer/blind7_simple.json",
    "ma": "data/possible_answer/blind7_multiple.json",
}
META_FILE = "meta/blind7_meta.json"
N_SIMPLE, N_MULTIPLE = 80, 60
MIN_DOMAINS = 40

TYPES = {"string", "integer", "float", "boolean", "array", "dict"}
ITEM_TYPES = {"string", "integer", "float", "boolean"}
PROP_KEYS = {"type", "description", "enum", "items", "properties", "required", "default"}
SNAKE = r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*"
PARAM_RE = re.compile(rf"^{SNAKE}$")
FUNC_RE = re.compile(rf"^{SNAKE}\.{SNAKE}$")
DATE_FMT = "Format: YYYY-MM-DD."
TIME_FMT = "Format: HH:MM, 24-hour."
TIME_RE = re.compile(r"^(?:[01]\d|2[0-3]):[0-5]\d$")
ISO_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")

ERRORS = []


def err(msg):
    ERRORS.append(msg)


# ------------------------------------------------------------------ helpers
def jdump(v):
    return json.dumps(v, sort_keys=True, ensure_ascii=False)


def render_default(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def is_date_name(n):
    return n == "date" or n.endswith("_date")


def is_time_name(n):
    return n == "time" or n.endswith("_time")


def valid_date(s):
    if not isinstance(s, str) or not ISO_RE.match(s):
        return False
    try:
        datetime.date.fromisoformat(s)
        return True
    except ValueError:
        return False


def valid_time(s):
    return isinstance(s, str) and bool(TIME_RE.match(s))


def type_ok(v, typ):
    if typ == "string":
        return isinstance(v, str)
    if typ == "integer":
        return isinstance(v, int) and not isinstance(v, bool)
    if typ == "float":
        return isinstance(v, float)
    if typ == "boolean":
        return isinstance(v, bool)
    if typ == "array":
        return isinstance(v, list)
    if typ == "dict":
        return isinstance(v, dict)
    return False


# ------------------------------------------------------------------ schema checks
def check_props(props, required, where):
    if not isinstance(props, dict):
        err(f"{where}: properties is not an object")
        return
    if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
        err(f"{where}: required is not a list of names")
        return
    if len(set(required)) != len(required):
        err(f"{where}: duplicate names in required")
    for r in required:
        if r not in props:
            err(f"{where}: required name {r!r} is not a property")
    if [n for n in props if n in required] != required:
        err(f"{where}: required does not follow property order")
    for name, prop in props.items():
        w = f"{where}.{name}"
        if not PARAM_RE.match(name):
            err(f"{w}: parameter name is not snake_case")
        if not isinstance(prop, dict):
            err(f"{w}: property is not an object")
            continue
        extra = set(prop) - PROP_KEYS
        if extra:
            err(f"{w}: unknown property keys {sorted(extra)}")
        typ = prop.get("type")
        desc = prop.get("description")
        if typ not in TYPES:
            err(f"{w}: bad or missing type {typ!r}")
            continue
        if not isinstance(desc, str) or not desc.strip():
            err(f"{w}: missing description")
            desc = ""
        # enum
        if "enum" in prop:
            en = prop["enum"]
            if typ != "string":
                err(f"{w}: enum on non-string parameter")
            if (not isinstance(en, list) or not en or not all(isinstance(e, str) and e for e in en)
                    or len(set(en)) != len(en)):
                err(f"{w}: enum must be a non-empty list of distinct non-empty strings")
        # items
        if typ == "array":
            items = prop.get("items")
            if not isinstance(items, dict):
                err(f"{w}: array without items")
            else:
                if set(items) - {"type", "enum"} or items.get("type") not in ITEM_TYPES:
                    err(f"{w}: items must be {{type[, enum]}} with a primitive type")
                if "enum" in items and (items.get("type") != "string" or not isinstance(items["enum"], list)
                                        or not items["enum"]):
                    err(f"{w}: items enum only allowed on string items")
        elif "items" in prop:
            err(f"{w}: items on non-array parameter")
        # nested dicts
        if typ == "dict":
            if "properties" not in prop or "required" not in prop:
                err(f"{w}: dict without properties/required")
            else:
                check_props(prop["properties"], prop["required"], w)
        elif "properties" in prop or "required" in prop:
            err(f"{w}: properties/required on non-dict parameter")
        # default
        has_text = "Default:" in desc
        if "default" in prop:
            dv = prop["default"]
            if name in required:
                err(f"{w}: default on a required parameter")
            if typ in ("array", "dict") or not type_ok(dv, typ):
                err(f"{w}: default {dv!r} has the wrong type")
            if "enum" in prop and dv not in prop.get("enum", []):
                err(f"{w}: default {dv!r} not in enum")
            if not desc.endswith(f"Default: {render_default(dv)}."):
                err(f"{w}: description does not end with 'Default: {render_default(dv)}.'")
        elif has_text:
            err(f"{w}: description states a default but there is no default key")
        # date / time formats
        if is_date_name(name) and DATE_FMT not in desc:
            err(f"{w}: date parameter does not state {DATE_FMT!r}")
        if is_time_name(name) and TIME_FMT not in desc:
            err(f"{w}: time parameter does not state {TIME_FMT!r}")
        if (DATE_FMT in desc or TIME_FMT in desc) and not (
                typ == "string" or (typ == "array" and isinstance(prop.get("items"), dict)
                                    and prop["items"].get("type") == "string")):
            err(f"{w}: date/time format on a non-string parameter")


def check_function(f, where):
    if not isinstance(f, dict) or set(f) != {"name", "description", "parameters"}:
        err(f"{where}: function keys must be exactly name, description, parameters")
        return False
    name = f["name"]
    if not isinstance(name, str) or not FUNC_RE.match(name):
        err(f"{where}: function name {name!r} is not domain.verb_object snake_case")
        return False
    if not isinstance(f["description"], str) or not f["description"].strip():
        err(f"{where}: function {name} has no description")
    p = f["parameters"]
    if not isinstance(p, dict) or set(p) != {"type", "properties", "required"} or p.get("type") != "dict":
        err(f"{where}: {name}.parameters must be exactly {{type: dict, properties, required}}")
        return False
    check_props(p["properties"], p["required"], f"{where}:{name}")
    return True


# ------------------------------------------------------------------ answer checks
def check_value(v, prop, where):
    """Type/enum/format check of one acceptable (set) value."""
    typ = prop.get("type")
    desc = prop.get("description", "")
    if typ == "dict":
        return  # handled by check_param
    if not type_ok(v, typ):
        err(f"{where}: value {v!r} does not have type {typ}")
        return
    if typ == "string":
        if v == "":
            err(f"{where}: empty string as a set value")
        if "enum" in prop and v not in prop["enum"]:
            err(f"{where}: value {v!r} not in enum")
        if DATE_FMT in desc and not valid_date(v):
            err(f"{where}: {v!r} is not a real YYYY-MM-DD date")
        if TIME_FMT in desc and not valid_time(v):
            err(f"{where}: {v!r} is not a real HH:MM 24-hour time")
    if typ == "array":
        if not v:
            err(f"{where}: empty array as a set value")
        items = prop.get("items") or {}
        for e in v:
            if not type_ok(e, items.get("type")):
                err(f"{where}: array element {e!r} does not have type {items.get('type')}")
            elif "enum" in items and e not in items["enum"]:
                err(f"{where}: array element {e!r} not in items enum")
            elif DATE_FMT in desc and not valid_date(e):
                err(f"{where}: array element {e!r} is not a real date")
            elif TIME_FMT in desc and not valid_time(e):
                err(f"{where}: array element {e!r} is not a real time")


def check_param(name, prop, required, acc, where):
    w = f"{where}.{name}"
    if not isinstance(acc, list) or not acc:
        err(f"{w}: acceptable values must be a non-empty list")
        return
    unset = "" in acc
    if unset:
        if required:
            err(f"{w}: required parameter accepts \"\"")
            return
        expected = [""] + ([prop["default"]] if "default" in prop else [])
        if sorted(map(jdump, acc)) != sorted(map(jdump, expected)):
            err(f"{w}: unset optional parameter must accept exactly {expected!r}, got {acc!r}")
        return
    if len(set(map(jdump, acc))) != len(acc):
        err(f"{w}: duplicate acceptable values")
    if "default" in prop and any(jdump(a) == jdump(prop["default"]) for a in acc
                                 if type(a) is type(prop["default"])):
        err(f"{w}: set optional parameter accepts its default {prop['default']!r}")
    for v in acc:
        if prop.get("type") == "dict":
            if not isinstance(v, dict):
                err(f"{w}: dict value must be an object")
                continue
            sub = prop.get("properties", {})
            if set(v) != set(sub):
                err(f"{w}: dict answer keys {sorted(v)} differ from sub-properties {sorted(sub)}")
            for sk, sp in sub.items():
                if sk in v:
                    check_param(sk, sp, sk in prop.get("required", []), v[sk], w)
        else:
            check_value(v, prop, w)


# ------------------------------------------------------------------ literal checks
MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
    "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
    "september": 9, "sept": 9, "sep": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
    "december": 12, "dec": 12,
}
_M = "(" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_D = r"(\d{1,2})(?:st|nd|rd|th)?"
_Y = r"(\d{4})"
_SEP = r"\s*(?:-|–|—|to|through|thru|until|till|and)\s*"
RX_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
RX_MDY = re.compile(rf"\b{_M}\s+{_D},?\s+{_Y}\b")
RX_DMY = re.compile(rf"\b{_D}\s+(?:of\s+)?{_M},?\s+{_Y}\b")
RX_MD = re.compile(rf"\b{_M}\s+{_D}\b")
RX_DM = re.compile(rf"\b{_D}\s+(?:of\s+)?{_M}(?![a-z])")
RX_RANGE_MDDY = re.compile(rf"\b{_M}\s+{_D}{_SEP}{_D},?\s+{_Y}\b")
RX_RANGE_DDMY = re.compile(rf"\b{_D}{_SEP}{_D}\s+(?:of\s+)?{_M},?\s+{_Y}\b")
RX_YEAR = re.compile(r"\b(19\d\d|20\d\d)\b")


def _mkdate(y, m, d):
    try:
        return datetime.date(int(y), int(m), int(d)).isoformat()
    except ValueError:
        return None


def dates_in(text):
    t = text.lower()
    out = set()
    for m in RX_ISO.finditer(t):
        out.add(_mkdate(m.group(1), m.group(2), m.group(3)))
    for m in RX_MDY.finditer(t):
        out.add(_mkdate(m.group(3), MONTHS[m.group(1)], m.group(2)))
    for m in RX_DMY.finditer(t):
        out.add(_mkdate(m.group(3), MONTHS[m.group(2)], m.group(1)))
    for m in RX_RANGE_MDDY.finditer(t):
        mo = MONTHS[m.group(1)]
        out.add(_mkdate(m.group(4), mo, m.group(2)))
        out.add(_mkdate(m.group(4), mo, m.group(3)))
    for m in RX_RANGE_DDMY.finditer(t):
        mo = MONTHS[m.group(3)]
        out.add(_mkdate(m.group(4), mo, m.group(1)))
        out.add(_mkdate(m.group(4), mo, m.group(2)))
    # year-less mentions take the next year written after them (e.g. "June 3 to June 9, 2027")
    for rx, mi, di in ((RX_MD, 1, 2), (RX_DM, 2, 1)):
        for m in rx.finditer(t):
            y = RX_YEAR.search(t, m.end())
            if y:
                out.add(_mkdate(y.group(1), MONTHS[m.group(mi)], m.group(di)))
    out.discard(None)
    return out


RX_T_COLON = re.compile(r"(?<![\d:])(\d{1,2}):([0-5]\d)(?!\d)\s*(a\.?m\.?|p\.?m\.?)?(?![a-z])")
RX_T_AMPM = re.compile(r"(?<![\d:.])(\d{1,2})\s*(a\.?m\.?|p\.?m\.?)(?![a-z])")


def _hm(h, mi, ampm):
    h = int(h)
    mi = int(mi)
    if ampm:
        if not 1 <= h <= 12:
            return None
        pm = ampm.startswith("p")
        h = (h % 12) + (12 if pm else 0)
    if not (0 <= h <= 23 and 0 <= mi <= 59):
        return None
    return f"{h:02d}:{mi:02d}"


def times_in(text):
    t = text.lower()
    out = set()
    for m in RX_T_COLON.finditer(t):
        out.add(_hm(m.group(1), m.group(2), m.group(3)))
    for m in RX_T_AMPM.finditer(t):
        out.add(_hm(m.group(1), 0, m.group(2)))
    if re.search(r"\bnoon\b", t):
        out.add("12:00")
    if re.search(r"\bmidnight\b", t):
        out.add("00:00")
    out.discard(None)
    return out


UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen".split())}
TENS = {w: 10 * i for i, w in enumerate("_ _ twenty thirty forty fifty sixty seventy eighty ninety".split())
        if w != "_"}
ORDINALS = {w: i + 1 for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split())}
RX_NUM = re.compile(r"([-+−]?)(\d[\d,]*(?:\.\d+)?)(\s*(?:k\b|thousand\b|million\b))?")


def numbers_in(text):
    t = text.lower()
    out = set()
    for m in RX_NUM.finditer(t):
        raw = m.group(2).rstrip(",")
        if raw.count(",") and not re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", raw):
            parts = [p for p in raw.split(",") if p]
            vals = [float(p) for p in parts]
        else:
            vals = [float(raw.replace(",", ""))]
        mult = 1
        suf = (m.group(3) or "").strip()
        if suf in ("k", "thousand"):
            mult = 1000
        elif suf == "million":
            mult = 1000000
        start = m.start()
        signed = bool(m.group(1)) and (start == 0 or not t[start - 1].isalnum())
        for v in vals:
            for x in {v, v * mult}:
                out.add(x)
                if signed and m.group(1) in "-−":
                    out.add(-x)
    words = re.findall(r"[a-z]+", t)
    for i, w in enumerate(words):
        if w in UNITS:
            out.add(float(UNITS[w]))
        if w in ORDINALS:
            out.add(float(ORDINALS[w]))
        if w in TENS:
            out.add(float(TENS[w]))
            if i + 1 < len(words) and words[i + 1] in UNITS and 0 < UNITS[words[i + 1]] < 10:
                out.add(float(TENS[w] + UNITS[words[i + 1]]))
    if re.search(r"\ba dozen\b", t):
        out.add(12.0)
    return out


def _norm(s):
    return re.sub(r"\s+", " ", re.sub(r"[_\-]", " ", s.lower())).strip()


def _squash(s):
    return re.sub(r"[\s_\-]", "", s.lower())


def text_found(v, q):
    return _norm(v) in _norm(q) or _squash(v) in _squash(q)


def value_found(v, prop, q):
    """True if the value can be recognised in question q (booleans always True)."""
    typ = prop.get("type")
    desc = prop.get("description", "")
    if isinstance(v, bool):
        return True
    if isinstance(v, (int, float)):
        nums = numbers_in(q)
        return any(abs(n - v) < 1e-9 for n in nums)
    if isinstance(v, str):
        if DATE_FMT in desc:
            return v in dates_in(q)
        if TIME_FMT in desc:
            return v in times_in(q)
        return text_found(v, q)
    if isinstance(v, list):
        ip = {"type": (prop.get("items") or {}).get("type"), "description": desc}
        return all(value_found(e, ip, q) for e in v)
    if isinstance(v, dict) and typ == "dict":
        for sk, sp in prop.get("properties", {}).items():
            acc = v.get(sk, [""])
            if "" in acc or sp.get("type") == "boolean":
                continue
            if not any(value_found(a, sp, q) for a in acc):
                return False
        return True
    return False


def param_found(prop, acc, q):
    return any(value_found(a, prop, q) for a in acc)


# ------------------------------------------------------------------ question-text checks
RELATIVE = [
    re.compile(r"\b(today|tonight|tomorrow|tomorow|tommorow|tmrw|tmr|yesterday)\b", re.I),
    re.compile(r"\b(next|last|this|coming|past)\s+(week|weekend|month|year|quarter|monday|tuesday|wednesday|"
               r"thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|sat|sun)\b", re.I),
    re.compile(r"\bin\s+(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of)\s+"
               r"(days?|weeks?|months?|years?)\b", re.I),
    re.compile(r"\b(days?|weeks?|months?|years?)\s+(ago|from now)\b", re.I),
    re.compile(r"\b(end|start|beginning) of (the )?(week|month|year)\b", re.I),
]
AMBIGUOUS = [
    re.compile(r"\b\d{1,2}([/.\-])\d{1,2}\1\d{2,4}\b"),
    re.compile(r"\b\d{1,2}/\d{1,2}\b"),
]


# ------------------------------------------------------------------ main
def load_jsonl(root, rel):
    path = os.path.join(root, rel)
    rows = []
    try:
        with open(path, encoding="utf-8") as fh:
            for ln, line in enumerate(fh, 1):
                if not line.strip():
                    err(f"{rel}:{ln}: empty line")
                    continue
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as e:
                    err(f"{rel}:{ln}: line does not parse: {e}")
                    return None
    except OSError as e:
        err(f"{rel}: cannot read: {e}")
        return None
    return rows


def run(root):
    data = {k: load_jsonl(root, p) for k, p in DATA_FILES.items()}
    meta = None
    try:
        with open(os.path.join(root, META_FILE), encoding="utf-8") as fh:
            for ln, line in enumerate(fh, 1):
                if line.strip():
                    try:
                        json.loads(line)
                    except json.JSONDecodeError as e:
                        err(f"{META_FILE}:{ln}: line does not parse: {e}")
        with open(os.path.join(root, META_FILE), encoding="utf-8") as fh:
            meta = json.load(fh)
    except (OSError, json.JSONDecodeError) as e:
        err(f"{META_FILE}: cannot parse: {e}")
    if any(v is None for v in data.values()) or meta is None:
        return

    # ---- counts and ids
    expected = {"sq": ("blind7_simple", N_SIMPLE), "sa": ("blind7_simple", N_SIMPLE),
                "mq": ("blind7_multiple", N_MULTIPLE), "ma": ("blind7_multiple", N_MULTIPLE)}
    for k, (prefix, n) in expected.items():
        rows = data[k]
        if len(rows) != n:
            err(f"{DATA_FILES[k]}: {len(rows)} rows, expected {n}")
        for i, r in enumerate(rows):
            if not isinstance(r, dict) or r.get("id") != f"{prefix}_{i}":
                err(f"{DATA_FILES[k]}: row {i} has id {r.get('id') if isinstance(r, dict) else r!r}, "
                    f"expected {prefix}_{i}")
    for qk, ak in (("sq", "sa"), ("mq", "ma")):
        if [r.get("id") for r in data[qk]] != [r.get("id") for r in data[ak]]:
            err(f"ids differ between {DATA_FILES[qk]} and {DATA_FILES[ak]}")

    if not isinstance(meta, dict) or set(meta) != {"items"} or not isinstance(meta["items"], list):
        err(f"{META_FILE}: must be exactly {{\"items\": [...]}}")
        return
    mitems = meta["items"]
    qids = [r.get("id") for r in data["sq"] + data["mq"]]
    if [m.get("id") if isinstance(m, dict) else None for m in mitems] != qids:
        err(f"{META_FILE}: ids differ from the question files (or are out of order)")
    mby = {m.get("id"): m for m in mitems if isinstance(m, dict)}

    registry = {}
    all_domains = set()
    all_functions = set()
    seen_questions = {}
    clusters = {}
    kinds = {"cross": 0, "neighbour": 0}

    for cat, qk, ak in (("simple", "sq", "sa"), ("multiple", "mq", "ma")):
        styles = {"plain": 0, "informal": 0}
        for qrow, arow in zip(data[qk], data[ak]):
            iid = qrow.get("id")
            w = str(iid)
            # ---- row keys
            if set(qrow) != {"id", "question", "function"}:
                err(f"{w}: question row keys must be exactly id, question, function")
                continue
            if set(arow) != {"id", "ground_truth"}:
                err(f"{w}: answer row keys must be exactly id, ground_truth")
                continue
            qs = qrow["question"]
            if (not isinstance(qs, list) or len(qs) != 1 or not isinstance(qs[0], list) or len(qs[0]) != 1
                    or not isinstance(qs[0][0], dict) or set(qs[0][0]) != {"role", "content"}
                    or qs[0][0]["role"] != "user" or not isinstance(qs[0][0]["content"], str)
                    or not qs[0][0]["content"].strip()):
                err(f"{w}: question must be [[{{role: user, content: str}}]]")
                continue
            text = qs[0][0]["content"]
            key = re.sub(r"\s+", " ", text.strip().lower())
            if key in seen_questions:
                err(f"{w}: duplicate question (same as {seen_questions[key]})")
            seen_questions[key] = iid
            for rx in RELATIVE:
                m = rx.search(text)
                if m:
                    err(f"{w}: relative date expression {m.group(0)!r}")
            for rx in AMBIGUOUS:
                m = rx.search(text)
                if m:
                    err(f"{w}: ambiguous numeric date {m.group(0)!r}")

            # ---- functions
            fns = qrow["function"]
            if not isinstance(fns, list) or not fns:
                err(f"{w}: function must be a non-empty list")
                continue
            if cat == "simple" and len(fns) != 1:
                err(f"{w}: simple item offers {len(fns)} functions, expected 1")
            if cat == "multiple" and not 2 <= len(fns) <= 4:
                err(f"{w}: multiple item offers {len(fns)} functions, expected 2-4")
            ok = True
            for j, f in enumerate(fns):
                ok = check_function(f, f"{w}.function[{j}]") and ok
            if not ok:
                continue
            names = [f["name"] for f in fns]
            if len(set(names)) != len(names):
                err(f"{w}: the same function is offered twice")
            for f in fns:
                c = jdump(f)
                if f["name"] in registry and registry[f["name"]][0] != c:
                    err(f"{w}: function {f['name']} differs from its schema in {registry[f['name']][1]}")
                registry.setdefault(f["name"], (c, iid))
                all_functions.add(f["name"])
            doms = []
            for n in names:
                d = n.split(".")[0]
                if d not in doms:
                    doms.append(d)
            all_domains.update(doms)

            # ---- meta
            m = mby.get(iid)
            if m is None:
                err(f"{w}: no meta entry")
                continue
            if cat == "simple":
                want = {"id", "style", "domains", "literal_exempt"}
            elif m.get("kind") == "neighbour":
                want = {"id", "style", "domains", "literal_exempt", "kind", "cluster"}
            else:
                want = {"id", "style", "domains", "literal_exempt", "kind"}
            if set(m) != want:
                err(f"{w}: meta keys {sorted(m)} differ from {sorted(want)}")
            style = m.get("style")
            if style not in styles:
                err(f"{w}: meta style {style!r} invalid")
            else:
                styles[style] += 1
            if m.get("domains") != doms:
                err(f"{w}: meta domains {m.get('domains')!r} differ from offered functions' domains {doms!r}")
            if cat == "multiple":
                kind = m.get("kind")
                if kind not in kinds:
                    err(f"{w}: meta kind {kind!r} invalid")
                else:
                    kinds[kind] += 1
                if kind == "cross" and len(doms) != len(names):
                    err(f"{w}: cross item offers functions of the same domain")
                if kind == "neighbour":
                    if len(doms) != 1:
                        err(f"{w}: neighbour item offers functions of {len(doms)} domains")
                    cl = m.get("cluster")
                    if not isinstance(cl, int) or isinstance(cl, bool) or cl < 0:
                        err(f"{w}: cluster must be a non-negative integer")
                    else:
                        clusters.setdefault(cl, []).append((iid, sorted(names), None))

            # ---- ground truth
            gt = arow["ground_truth"]
            if not isinstance(gt, list) or len(gt) != 1 or not isinstance(gt[0], dict) or len(gt[0]) != 1:
                err(f"{w}: ground_truth must hold exactly one call")
                continue
            (fname, args), = gt[0].items()
            if fname not in names:
                err(f"{w}: answer calls {fname!r}, which is not offered")
                continue
            if cat == "multiple" and m.get("kind") == "neighbour" and isinstance(m.get("cluster"), int):
                lst = clusters[m["cluster"]]
                lst[-1] = (lst[-1][0], lst[-1][1], fname)
            schema = fns[names.index(fname)]["parameters"]
            props, req = schema["properties"], schema["required"]
            if not isinstance(args, dict):
                err(f"{w}: call arguments must be an object")
                continue
            if set(args) != set(props):
                err(f"{w}: answer parameters {sorted(args)} differ from declared {sorted(props)}")
            for pn, pp in props.items():
                if pn in args:
                    check_param(pn, pp, pn in req, args[pn], w)

            # ---- literal checks
            exempt = m.get("literal_exempt")
            if not isinstance(exempt, list) or not all(isinstance(e, str) for e in exempt) \
                    or len(set(exempt)) != len(exempt):
                err(f"{w}: literal_exempt must be a list of distinct parameter names")
                exempt = []
            for e in exempt:
                if e not in props:
                    err(f"{w}: literal_exempt names unknown parameter {e!r}")
                elif props[e].get("type") == "boolean":
                    err(f"{w}: literal_exempt names boolean parameter {e!r}")
                elif not isinstance(args.get(e), list) or "" in args.get(e, [""]):
                    err(f"{w}: literal_exempt names unset parameter {e!r}")
                elif param_found(props[e], args[e], text):
                    err(f"{w}: literal_exempt {e!r} is not needed (value found in the question)")
            for pn, pp in props.items():
                acc = args.get(pn)
                if pn in exempt or not isinstance(acc, list) or "" in acc or pp.get("type") == "boolean":
                    continue
                try:
                    found = param_found(pp, acc, text)
                except Exception as ex:  # malformed values are reported by check_param
                    found = False
                    err(f"{w}.{pn}: literal check failed on malformed value ({ex})")
                if not found:
                    err(f"{w}.{pn}: no acceptable value {acc!r} can be found in the question")

        total = sum(styles.values())
        for s, n in styles.items():
            if total and not 0.4 <= n / total <= 0.6:
                err(f"{cat}: style {s} is {n}/{total}, outside 40-60 %")

    # ---- kinds and clusters
    if kinds["cross"] != 30 or kinds["neighbour"] != 30:
        err(f"multiple: {kinds['cross']} cross + {kinds['neighbour']} neighbour items, expected 30 + 30")
    if len(clusters) != 15:
        err(f"multiple: {len(clusters)} neighbour clusters, expected 15")
    for cl, members in sorted(clusters.items()):
        if len(members) != 2:
            err(f"cluster {cl}: {len(members)} items, expected 2")
            continue
        if members[0][1] != members[1][1]:
            err(f"cluster {cl}: items offer different function sets")
        if members[0][2] == members[1][2]:
            err(f"cluster {cl}: both items expect the same function {members[0][2]!r}")

    if len(all_domains) < MIN_DOMAINS:
        err(f"only {len(all_domains)} domains, expected at least {MIN_DOMAINS}")
    if len(mitems) != len(qids):
        err(f"{META_FILE}: {len(mitems)} items, expected {len(qids)}")

    # ---- checksums
    try:
        with open(os.path.join(root, "SHA256SUMS"), encoding="utf-8") as fh:
            lines = [ln.rstrip("\n") for ln in fh if ln.strip()]
        listed = {}
        for ln in lines:
            mm = re.fullmatch(r"([0-9a-f]{64}) [ *](\S+)", ln)
            if not mm:
                err(f"SHA256SUMS: malformed line {ln!r}")
                continue
            listed[mm.group(2)] = mm.group(1)
        if set(listed) != set(DATA_FILES.values()):
            err(f"SHA256SUMS: lists {sorted(listed)}, expected the four data files")
        for p, h in listed.items():
            fp = os.path.join(root, p)
            if os.path.isfile(fp):
                with open(fp, "rb") as fh:
                    if hashlib.sha256(fh.read()).hexdigest() != h:
                        err(f"SHA256SUMS: checksum mismatch for {p}")
            else:
                err(f"SHA256SUMS: {p} missing")
    except OSError as e:
        err(f"SHA256SUMS: cannot read: {e}")

    return {"functions": len(all_functions), "domains": len(all_domains)}


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
    try:
        stats = run(root)
    except Exception as e:  # any crash is a failure, never a pass
        err(f"checker crashed: {type(e).__name__}: {e}")
        stats = None
    if ERRORS:
        for e in ERRORS:
            print("FAIL:", e)
        print(f"{len(ERRORS)} problem(s) found in {root}")
        return 1
    print(f"OK: {root}: {N_SIMPLE} simple + {N_MULTIPLE} multiple items, "
          f"{stats['functions']} distinct functions, {stats['domains']} domains; all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
