#!/usr/bin/env python3
"""Validator for the blind6 function-calling set.  Exit 0 only if every check passes.

Usage: python3 check.py [--root DIR] [--quiet]
Every error line starts with a tag in square brackets, e.g. [schema], [answer].
"""
import datetime
import json
import os
import re
import sys

CATS = (("simple", 80), ("multiple", 60))
ROW_Q_KEYS = {"id", "question", "function"}
ROW_A_KEYS = {"id", "ground_truth"}
FN_KEYS = {"name", "description", "parameters"}
TYPES = {"string", "integer", "float", "boolean", "array", "dict"}
PROP_KEYS = {"type", "description", "enum", "items", "properties", "required", "default"}
ITEM_KEYS = {"type", "description", "enum", "items", "properties", "required"}
SNAKE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$")
FN_NAME = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)*(?:\.[a-z][a-z0-9]*(?:_[a-z0-9]+)*)+$")
DATE_TXT = "Format: YYYY-MM-DD."
TIME_TXT = "Format: HH:MM, 24-hour."
DEFAULT_RE = re.compile(r"Default: (.+)\.$")

MONTHS = {}
for i, m in enumerate(["january", "february", "march", "april", "may", "june", "july", "august",
                       "september", "october", "november", "december"], 1):
    MONTHS[m] = i
    MONTHS[m[:3]] = i
MONTHS["sept"] = 9
MON = "(" + "|".join(sorted(MONTHS, key=len, reverse=True)) + ")"

WEEKDAY = "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
RELATIVE = [
    re.compile(r"\b(?:today|tomorrow|tmrw|tmr|yesterday|tonight|overmorrow)\b"),
    re.compile(r"\b(?:next|last|this|coming)\s+(?:week|month|year|weekend|morning|afternoon|evening|night|"
               + WEEKDAY + r")\b"),
    re.compile(r"\bin\s+(?:a|an|one|two|three|four|five|six|seven|\d+)\s+(?:days?|weeks?|months?|years?)\b"),
    re.compile(r"\b(?:from now|ago|day after|week after)\b"),
]
AMBIG = re.compile(r"(?<![\w/-])(?<!\d\.)\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}(?![\w/-])(?!\.\d)")

UNITW = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen".split())}
TENSW = {w: 10 * i for i, w in enumerate("_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()) if w != "_"}
SCALEW = {"hundred": 100, "thousand": 1000, "million": 1000000}

ERRORS = []


def err(tag, where, msg):
    ERRORS.append("[%s] %s: %s" % (tag, where, msg))


# ------------------------------------------------------------------ text helpers
def norm(s):
    s = s.lower()
    s = re.sub(r"[_\-\u2010-\u2015]", " ", s)
    return re.sub(r"\s+", " ", s).strip()


def real_date(y, m, d):
    try:
        return datetime.date(int(y), int(m), int(d)).isoformat()
    except ValueError:
        return None


def dates_in(q):
    t = q.lower()
    out = set()
    for m in re.finditer(r"(?<![\w-])(\d{4})-(\d{2})-(\d{2})(?![\w-])", t):
        d = real_date(*m.groups())
        if d:
            out.add(d)

    def year_after(pos):
        m = re.search(r"\b((?:19|20)\d{2})\b", t[pos:])
        return m.group(1) if m else None

    # "March 4-9, 2027"
    for m in re.finditer(r"\b" + MON + r"\.?\s+(\d{1,2})(?:st|nd|rd|th)?\s*(?:-|\u2013|to|through|until)\s*(\d{1,2})"
                         r"(?:st|nd|rd|th)?\b,?\s+(\d{4})\b", t):
        for dd in (m.group(2), m.group(3)):
            d = real_date(m.group(4), MONTHS[m.group(1)], dd)
            if d:
                out.add(d)
    for m in re.finditer(r"\b" + MON + r"\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4})\b)?", t):
        y = m.group(3) or year_after(m.end())
        if y:
            d = real_date(y, MONTHS[m.group(1)], m.group(2))
            if d:
                out.add(d)
    for m in re.finditer(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?" + MON + r"\b\.?(?:,?\s+(\d{4})\b)?", t):
        y = m.group(3) or year_after(m.end())
        if y:
            d = real_date(y, MONTHS[m.group(2)], m.group(1))
            if d:
                out.add(d)
    return out


def times_in(q):
    t = q.lower()
    out = set()
    ampm = r"(a\.?m\.?|p\.?m\.?)"

    def conv(h, mi, ap):
        h, mi = int(h), int(mi)
        if mi > 59:
            return None
        if ap:
            if not 1 <= h <= 12:
                return None
            if ap.startswith("p") and h != 12:
                h += 12
            if ap.startswith("a") and h == 12:
                h = 0
        elif h > 23:
            return None
        return "%02d:%02d" % (h, mi)

    for m in re.finditer(r"(?<![\d:])(\d{1,2}):(\d{2})(?![\d:])\s*" + ampm + "?", t):
        v = conv(m.group(1), m.group(2), m.group(3))
        if v:
            out.add(v)
    for m in re.finditer(r"(?<![\d:.])(\d{1,2})\s*" + ampm + r"(?![a-z])", t):
        v = conv(m.group(1), 0, m.group(2))
        if v:
            out.add(v)
    if re.search(r"\bnoon\b", t):
        out.add("12:00")
    if re.search(r"\bmidnight\b", t):
        out.add("00:00")
    return out


def words_value(tokens):
    total, cur = 0, 0
    for w in tokens:
        if w in UNITW:
            cur += UNITW[w]
        elif w in TENSW:
            cur += TENSW[w]
        elif w == "hundred":
            cur = max(cur, 1) * 100
        else:
            total += max(cur, 1) * SCALEW[w]
            cur = 0
    return total + cur


def numbers_in(q):
    t = q.lower()
    out = set()
    for m in re.finditer(r"(?<![\w.,])(-?)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?", t):
        s = m.group(1) + m.group(2).replace(",", "") + (m.group(3) or "")
        out.add(float(s))
    toks = re.findall(r"[a-z]+|[^a-z\s-]", t)
    run = []
    for w in toks + ["."]:
        if w in UNITW or w in TENSW or w in SCALEW:
            run.append(w)
            out.add(float(words_value([w])))
        elif w == "and" and run and run[-1] in SCALEW:
            continue
        else:
            if run:
                out.add(float(words_value(run)))
            run = []
    return out


def is_date_prop(name, prop):
    return bool(re.search(r"(?:^|_)date(?:$|_)", name or "")) or DATE_TXT in prop.get("description", "")


def is_time_prop(name, prop):
    return bool(re.search(r"(?:^|_)time(?:$|_)", name or "")) or TIME_TXT in prop.get("description", "")


# ------------------------------------------------------------------ schema checks
def type_ok(t, v):
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


def check_prop(prop, name, where, top, required):
    if not isinstance(prop, dict):
        err("schema", where, "property %s is not an object" % name)
        return
    allowed = PROP_KEYS if top else ITEM_KEYS
    extra = set(prop) - allowed
    if extra:
        err("schema", where, "property %s has disallowed keys %s" % (name, sorted(extra)))
    t = prop.get("type")
    if t not in TYPES:
        err("schema", where, "property %s has bad type %r" % (name, t))
        return
    if top or name is not None:
        if not isinstance(prop.get("description"), str) or not prop.get("description"):
            err("schema", where, "property %s lacks a description" % name)
    desc = prop.get("description", "") or ""
    if "enum" in prop:
        if t != "string":
            err("schema", where, "enum on non-string property %s" % name)
        e = prop["enum"]
        if not isinstance(e, list) or not e or not all(isinstance(x, str) and x for x in e) or len(set(e)) != len(e):
            err("schema", where, "bad enum on %s" % name)
    if ("items" in prop) != (t == "array"):
        err("schema", where, "items must be present exactly for arrays (%s)" % name)
    if "items" in prop:
        check_prop(prop["items"], None, where + "/" + str(name) + "[]", False, True)
    if t == "dict":
        if "properties" not in prop or "required" not in prop:
            err("schema", where, "dict property %s needs properties and required" % name)
        else:
            check_props(prop["properties"], prop["required"], where + "/" + str(name), top=False)
    elif "properties" in prop or "required" in prop:
        err("schema", where, "properties/required on non-dict %s" % name)
    # date / time formats
    if name is not None and is_date_prop(name, prop):
        if t != "string" or DATE_TXT not in desc:
            err("format", where, "date property %s must be a string stating '%s'" % (name, DATE_TXT))
    if name is not None and is_time_prop(name, prop):
        if t != "string" or TIME_TXT not in desc:
            err("format", where, "time property %s must be a string stating '%s'" % (name, TIME_TXT))
    # defaults
    m = DEFAULT_RE.search(desc)
    if "default" in prop:
        if not top or required:
            err("default", where, "default on required or nested property %s" % name)
        d = prop["default"]
        if not type_ok(t, d):
            err("default", where, "default of %s has wrong type" % name)
        if "enum" in prop and d not in prop["enum"]:
            err("default", where, "default of %s not in enum" % name)
        if not m:
            err("default", where, "default key on %s but description lacks 'Default: X.'" % name)
        else:
            shown = m.group(1)
            if isinstance(d, str):
                ok = shown == d
            else:
                try:
                    v = json.loads(shown)
                    ok = v == d and type(v) is type(d)
                except ValueError:
                    ok = False
            if not ok:
                err("default", where, "description default %r disagrees with default %r on %s" % (shown, d, name))
    elif m or "Default:" in desc:
        err("default", where, "description states a default but %s has no default key" % name)


def check_props(props, required, where, top):
    if not isinstance(props, dict) or not props:
        err("schema", where, "properties must be a non-empty object")
        return
    if not isinstance(required, list) or len(set(required)) != len(required):
        err("schema", where, "required must be a list without duplicates")
        return
    for r in required:
        if r not in props:
            err("schema", where, "required names unknown property %s" % r)
    if [p for p in props if p in required] != [r for r in required if r in props]:
        err("order", where, "required does not follow property order")
    if not top and set(required) != set(props):
        err("schema", where, "nested dict properties must all be required")
    for pname, prop in props.items():
        if not SNAKE.match(pname):
            err("name", where, "parameter name %r is not snake_case" % pname)
        check_prop(prop, pname, where, top, pname in required)


def check_function(fn, where):
    if not isinstance(fn, dict) or set(fn) != FN_KEYS:
        err("schema", where, "function keys must be exactly %s" % sorted(FN_KEYS))
        return False
    if not isinstance(fn["name"], str) or not FN_NAME.match(fn["name"]):
        err("name", where, "bad function name %r" % fn.get("name"))
    if not isinstance(fn["description"], str) or not fn["description"]:
        err("schema", where, "function description missing")
    p = fn["parameters"]
    if not isinstance(p, dict) or set(p) != {"type", "properties", "required"} or p.get("type") != "dict":
        err("schema", where, "parameters must be {type: dict, properties, required}")
        return False
    check_props(p["properties"], p["required"], where + ":" + str(fn["name"]), top=True)
    return True


# ------------------------------------------------------------------ answer checks
def check_value(v, prop, where, pname):
    t = prop.get("type")
    if not type_ok(t, v):
        err("type", where, "value %r of %s does not match type %s" % (v, pname, t))
        return
    if t == "string":
        if "enum" in prop and v not in prop["enum"]:
            err("enum", where, "value %r of %s not in enum" % (v, pname))
        if is_date_prop(pname, prop) or DATE_TXT in prop.get("description", ""):
            if not re.match(r"^\d{4}-\d{2}-\d{2}$", v) or not real_date(v[:4], v[5:7], v[8:]):
                err("format", where, "value %r of %s is not a real YYYY-MM-DD date" % (v, pname))
        if is_time_prop(pname, prop) or TIME_TXT in prop.get("description", ""):
            if not re.match(r"^([01]\d|2[0-3]):[0-5]\d$", v):
                err("format", where, "value %r of %s is not a real HH:MM time" % (v, pname))
    elif t == "array":
        for el in v:
            check_value(el, prop.get("items", {}), where, pname + "[]")
    elif t == "dict":
        sub = prop.get("properties", {})
        if set(v) != set(sub):
            err("answer", where, "dict value of %s must list every sub-key %s" % (pname, sorted(sub)))
            return
        for k, vals in v.items():
            if not isinstance(vals, list) or not vals:
                err("answer", where, "sub-key %s.%s must map to a non-empty list" % (pname, k))
                continue
            for x in vals:
                if x == "":
                    err("answer", where, "sub-key %s.%s accepts empty string" % (pname, k))
                else:
                    check_value(x, sub[k], where, pname + "." + k)


def appears(v, prop, q, pname):
    t = prop.get("type")
    if t == "string":
        if is_date_prop(pname, prop):
            return v in dates_in(q)
        if is_time_prop(pname, prop):
            return v in times_in(q)
        return norm(v) in norm(q)
    if t in ("integer", "float"):
        return any(abs(x - v) < 1e-9 for x in numbers_in(q))
    if t == "array":
        return all(appears(el, prop.get("items", {}), q, pname) for el in v)
    if t == "dict":
        sub = prop.get("properties", {})
        return all(any(appears(x, sub[k], q, k) for x in vals) for k, vals in v.items() if k in sub)
    return True


def check_answer(row, offered, q, exempt, where):
    if not isinstance(row, dict) or set(row) != ROW_A_KEYS:
        err("keys", where, "answer row keys must be exactly %s" % sorted(ROW_A_KEYS))
        return None
    gt = row["ground_truth"]
    if not isinstance(gt, list) or len(gt) != 1 or not isinstance(gt[0], dict) or len(gt[0]) != 1:
        err("answer", where, "ground_truth must hold exactly one call")
        return None
    (fname, args), = gt[0].items()
    if fname not in offered:
        err("answer", where, "answer calls %s which is not offered" % fname)
        return None
    schema = offered[fname]["parameters"]
    props, req = schema["properties"], schema["required"]
    if not isinstance(args, dict) or set(args) != set(props):
        err("answer", where, "answer must list every declared parameter exactly (missing %s, extra %s)" % (
            sorted(set(props) - set(args or {})), sorted(set(args or {}) - set(props))))
        return fname
    set_params = []
    for pname, prop in props.items():
        vals = args[pname]
        if not isinstance(vals, list) or not vals:
            err("answer", where, "%s must map to a non-empty list" % pname)
            continue
        if pname in req:
            if "" in vals:
                err("answer", where, "required parameter %s accepts empty string" % pname)
                continue
            set_params.append(pname)
        else:
            if "" in vals:
                expect = [""] + ([prop["default"]] if "default" in prop else [])
                if vals != expect or any(type(a) is not type(b) for a, b in zip(vals, expect)):
                    err("optional", where, "unset optional %s must accept exactly %r" % (pname, expect))
                continue
            if "default" in prop and any(x == prop["default"] and type(x) is type(prop["default"]) for x in vals):
                err("optional", where, "set optional %s accepts its default" % pname)
            set_params.append(pname)
        for x in vals:
            check_value(x, prop, where, pname)
    # literal presence
    for e in exempt:
        if e not in props:
            err("exempt", where, "literal_exempt names unknown parameter %s" % e)
        elif e not in set_params:
            err("exempt", where, "literal_exempt names unset parameter %s" % e)
    for pname in set_params:
        prop = props[pname]
        if prop.get("type") == "boolean":
            if pname in exempt:
                err("exempt", where, "unneeded exemption for boolean %s" % pname)
            continue
        ok = any(appears(x, prop, q, pname) for x in args[pname])
        if pname in exempt:
            if ok:
                err("exempt", where, "unneeded exemption: %s already appears in the question" % pname)
        elif not ok:
            err("literal", where, "value of %s (%r) not found in the question" % (pname, args[pname]))
    return fname


# ------------------------------------------------------------------ main
def load_jsonl(path, tag):
    rows = []
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except OSError as e:
        err("file", path, str(e))
        return rows
    if lines and lines[-1] == "":
        lines.pop()
    for n, line in enumerate(lines, 1):
        try:
            rows.append(json.loads(line))
        except ValueError as e:
            err("json", "%s:%d" % (path, n), "does not parse: %s" % e)
            rows.append(None)
    return rows


def main():
    root = os.path.dirname(os.path.abspath(__file__))
    args = sys.argv[1:]
    quiet = "--quiet" in args
    if "--root" in args:
        root = args[args.index("--root") + 1]
    try:
        with open(os.path.join(root, "meta/blind6_meta.json"), encoding="utf-8") as f:
            meta = json.load(f)
    except (OSError, ValueError) as e:
        err("json", "meta", "meta file does not load: %s" % e)
        meta = {"items": []}
    if not isinstance(meta, dict) or set(meta) != {"items"} or not isinstance(meta["items"], list):
        err("meta", "meta", "meta must be {items: [...]}")
        meta = {"items": []}
    meta_by_id = {}
    for m in meta["items"]:
        if isinstance(m, dict) and "id" in m:
            meta_by_id[m["id"]] = m
    meta_ids = [m.get("id") if isinstance(m, dict) else None for m in meta["items"]]

    seen_fn = {}
    all_domains = set()
    questions_seen = {}
    expected_meta_ids = []
    summary = {}
    cluster_items = {}
    for cat, count in CATS:
        qrows = load_jsonl(os.path.join(root, "data/blind6_%s.json" % cat), cat)
        arows = load_jsonl(os.path.join(root, "data/possible_answer/blind6_%s.json" % cat), cat)
        if len(qrows) != count:
            err("count", cat, "expected %d question rows, found %d" % (count, len(qrows)))
        if len(arows) != len(qrows):
            err("ids", cat, "question and answer files differ in length")
        styles = {"plain": 0, "informal": 0}
        kinds = {"cross": 0, "neighbour": 0}
        for i, row in enumerate(qrows):
            iid = "blind6_%s_%d" % (cat, i)
            expected_meta_ids.append(iid)
            if row is None:
                continue
            if not isinstance(row, dict) or set(row) != ROW_Q_KEYS:
                err("keys", iid, "question row keys must be exactly %s" % sorted(ROW_Q_KEYS))
                continue
            if row["id"] != iid:
                err("ids", iid, "id %r out of order" % row["id"])
            arow = arows[i] if i < len(arows) else None
            if isinstance(arow, dict) and arow.get("id") != iid:
                err("ids", iid, "answer id %r does not match" % arow.get("id"))
            qq = row["question"]
            if (not isinstance(qq, list) or len(qq) != 1 or not isinstance(qq[0], list) or len(qq[0]) != 1
                    or not isinstance(qq[0][0], dict) or set(qq[0][0]) != {"role", "content"}
                    or qq[0][0]["role"] != "user" or not isinstance(qq[0][0]["content"], str)
                    or not qq[0][0]["content"].strip()):
                err("keys", iid, "question must be [[{role: user, content: text}]]")
                continue
            q = qq[0][0]["content"]
            key = re.sub(r"\s+", " ", q.strip().lower())
            if key in questions_seen:
                err("dup", iid, "question duplicates %s" % questions_seen[key])
            questions_seen[key] = iid
            for rx in RELATIVE:
                m = rx.search(q.lower())
                if m:
                    err("relative", iid, "relative date expression %r" % m.group(0))
            m = AMBIG.search(q)
            if m:
                err("ambiguous", iid, "ambiguous numeric date %r" % m.group(0))
            fns = row["function"]
            lo, hi = (1, 1) if cat == "simple" else (2, 4)
            if not isinstance(fns, list) or not lo <= len(fns) <= hi:
                err("count", iid, "must offer between %d and %d functions" % (lo, hi))
                continue
            offered = {}
            for fn in fns:
                if not check_function(fn, iid):
                    continue
                name = fn["name"]
                if name in offered:
                    err("schema", iid, "function %s offered twice" % name)
                offered[name] = fn
                canon = json.dumps(fn, sort_keys=True)
                if name in seen_fn and seen_fn[name][0] != canon:
                    err("consistency", iid, "function %s differs from its schema in %s" % (name, seen_fn[name][1]))
                seen_fn.setdefault(name, (canon, iid))
            domains = []
            for name in offered:
                d = name.split(".")[0]
                if d not in domains:
                    domains.append(d)
            all_domains.update(domains)
            m = meta_by_id.get(iid)
            if m is None:
                err("meta", iid, "no meta entry")
                continue
            want = {"id", "style", "domains", "literal_exempt"}
            if cat == "multiple":
                want.add("kind")
                if m.get("kind") == "neighbour":
                    want.add("cluster")
            if set(m) != want:
                err("meta", iid, "meta keys must be exactly %s" % sorted(want))
            if m.get("style") not in styles:
                err("meta", iid, "bad style %r" % m.get("style"))
            else:
                styles[m["style"]] += 1
            if m.get("domains") != domains:
                err("meta", iid, "meta domains %r do not match offered functions %r" % (m.get("domains"), domains))
            ex = m.get("literal_exempt")
            if not isinstance(ex, list) or not all(isinstance(x, str) for x in ex) or len(set(ex)) != len(ex):
                err("meta", iid, "literal_exempt must be a list of distinct names")
                ex = []
            right = check_answer(arow, offered, q, ex, iid)
            if cat == "multiple":
                kind = m.get("kind")
                if kind not in kinds:
                    err("meta", iid, "bad kind %r" % kind)
                else:
                    kinds[kind] += 1
                if kind == "cross" and len(domains) != len(offered):
                    err("domain", iid, "cross item offers two functions from one domain")
                if kind == "neighbour":
                    if len(domains) != 1:
                        err("domain", iid, "neighbour item spans several domains")
                    c = m.get("cluster")
                    if not isinstance(c, int) or isinstance(c, bool):
                        err("cluster", iid, "cluster must be an integer")
                    else:
                        cluster_items.setdefault(c, []).append((iid, sorted(offered), right))
        n = sum(styles.values())
        if n and not 0.4 <= styles["plain"] / n <= 0.6:
            err("style", cat, "styles unbalanced %r" % styles)
        summary[cat] = {"items": len(qrows), "styles": styles}
        if cat == "multiple":
            summary[cat]["kinds"] = kinds
            if kinds != {"cross": 30, "neighbour": 30}:
                err("kind", cat, "expected 30 cross and 30 neighbour items, found %r" % kinds)
    if len(cluster_items) != 15:
        err("cluster", "multiple", "expected 15 clusters, found %d" % len(cluster_items))
    for c, members in sorted(cluster_items.items()):
        if len(members) != 2:
            err("cluster", "cluster %d" % c, "has %d items, expected 2" % len(members))
            continue
        (i1, f1, r1), (i2, f2, r2) = members
        if f1 != f2:
            err("cluster", "cluster %d" % c, "items %s and %s offer different functions" % (i1, i2))
        if r1 == r2:
            err("cluster", "cluster %d" % c, "items %s and %s expect the same function" % (i1, i2))
    if meta_ids != expected_meta_ids:
        err("meta", "meta", "meta ids do not match the data ids in order")
    if len(all_domains) < 40:
        err("domain", "all", "only %d domains (need at least 40)" % len(all_domains))
    summary["domains"] = len(all_domains)
    summary["distinct_functions"] = len(seen_fn)
    summary["clusters"] = len(cluster_items)
    if ERRORS:
        for e in ERRORS:
            print(e)
        print("FAIL: %d error(s)" % len(ERRORS))
        return 1
    if not quiet:
        print(json.dumps(summary, sort_keys=True))
        print("OK: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
