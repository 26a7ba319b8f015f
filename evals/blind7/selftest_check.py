#!/usr/bin/env python3
"""Self-test of check.py.

Copies the built set into tmp/<case>/, breaks each copy in one specific way
(re-writing SHA256SUMS afterwards unless the checksum itself is the breakage)
and confirms that check.py rejects every broken copy and accepts the
unbroken one.  Exits non-zero if any expectation fails.
"""
import copy
import hashlib
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))
TMP = os.path.join(ROOT, "tmp")
CHECK = os.path.join(ROOT, "check.py")
FILES = {
    "sq": "data/blind7_simple.json",
    "mq": "data/blind7_multiple.json",
    "sa": "data/possible_answer/blind7_simple.json",
    "ma": "data/possible_answer/blind7_multiple.json",
}
META = "meta/blind7_meta.json"
DATE_FMT = " Format: YYYY-MM-DD."
TIME_FMT = " Format: HH:MM, 24-hour."


class SetCopy:
    def __init__(self, root):
        self.root = root
        self.d = {}
        for k, p in FILES.items():
            with open(os.path.join(root, p), encoding="utf-8") as fh:
                self.d[k] = [json.loads(x) for x in fh if x.strip()]
        with open(os.path.join(root, META), encoding="utf-8") as fh:
            self.meta = json.load(fh)
        self.raw_appends = []
        self.after_sha = None

    # ---- access helpers
    def pairs(self):
        for qk, ak in (("sq", "sa"), ("mq", "ma")):
            for q, a in zip(self.d[qk], self.d[ak]):
                yield q, a

    def meta_of(self, iid):
        return next(m for m in self.meta["items"] if m["id"] == iid)

    @staticmethod
    def call(a):
        (fname, args), = a["ground_truth"][0].items()
        return fname, args

    def schema(self, q, fname):
        return next(f for f in q["function"] if f["name"] == fname)["parameters"]

    def occurrences(self, name):
        return [f for q in self.d["sq"] + self.d["mq"] for f in q["function"] if f["name"] == name]

    def find_schema_param(self, pred):
        """First (function name, param name, prop) whose prop satisfies pred."""
        for q in self.d["sq"] + self.d["mq"]:
            for f in q["function"]:
                p = f["parameters"]
                for n, prop in p["properties"].items():
                    if pred(n, prop, n in p["required"]):
                        return f["name"], n, prop
        raise LookupError("no schema parameter matches")

    def find_answer_param(self, pred):
        """First (question row, answer row, param name, prop, args) whose answer satisfies pred."""
        for q, a in self.pairs():
            fname, args = self.call(a)
            s = self.schema(q, fname)
            for n, prop in s["properties"].items():
                if pred(n, prop, n in s["required"], args[n], q):
                    return q, a, n, prop, args
        raise LookupError("no answer parameter matches")

    def set_prop_everywhere(self, fname, pname, fn):
        for f in self.occurrences(fname):
            fn(f["parameters"]["properties"][pname])

    def refresh_domains(self, q):
        doms = []
        for f in q["function"]:
            d = f["name"].split(".")[0]
            if d not in doms:
                doms.append(d)
        self.meta_of(q["id"])["domains"] = doms

    # ---- write back
    def save(self, resha=True):
        for k, p in FILES.items():
            with open(os.path.join(self.root, p), "w", encoding="utf-8") as fh:
                for r in self.d[k]:
                    fh.write(json.dumps(r, ensure_ascii=False) + "\n")
        for p, text in self.raw_appends:
            with open(os.path.join(self.root, p), "a", encoding="utf-8") as fh:
                fh.write(text)
        with open(os.path.join(self.root, META), "w", encoding="utf-8") as fh:
            fh.write(json.dumps(self.meta, ensure_ascii=False) + "\n")
        if resha:
            with open(os.path.join(self.root, "SHA256SUMS"), "w", encoding="utf-8") as fh:
                for p in FILES.values():
                    with open(os.path.join(self.root, p), "rb") as dfh:
                        fh.write(f"{hashlib.sha256(dfh.read()).hexdigest()}  {p}\n")
        if self.after_sha:
            self.after_sha(self.root)


def is_found_text(v, q):
    t = q["question"][0][0]["content"].lower()
    return isinstance(v, str) and v.lower() in t


# ------------------------------------------------------------------ mutations
def m_bad_json_line(c):
    c.raw_appends.append((FILES["sq"], "{not json\n"))


def m_missing_item(c):
    iid = c.d["sq"][-1]["id"]
    c.d["sq"].pop()
    c.d["sa"].pop()
    c.meta["items"] = [m for m in c.meta["items"] if m["id"] != iid]


def m_ids_out_of_order(c):
    for k in ("sq", "sa"):
        c.d[k][0], c.d[k][1] = c.d[k][1], c.d[k][0]
    it = c.meta["items"]
    it[0], it[1] = it[1], it[0]


def m_id_mismatch(c):
    c.d["sa"][5]["id"] = "blind7_simple_999"


def m_extra_row_key(c):
    c.d["sq"][3]["extra"] = 1


def m_question_role(c):
    c.d["mq"][2]["question"][0][0]["role"] = "assistant"


def m_extra_property_key(c):
    fn, pn, _ = c.find_schema_param(lambda n, p, r: p["type"] == "string")
    c.set_prop_everywhere(fn, pn, lambda p: p.__setitem__("format", "text"))


def m_bad_type(c):
    fn, pn, _ = c.find_schema_param(lambda n, p, r: p["type"] == "integer")
    c.set_prop_everywhere(fn, pn, lambda p: p.__setitem__("type", "number"))


def m_missing_description(c):
    fn, pn, _ = c.find_schema_param(lambda n, p, r: p["type"] == "string" and r)
    c.set_prop_everywhere(fn, pn, lambda p: p.pop("description"))


def m_enum_on_integer(c):
    fn, pn, _ = c.find_schema_param(lambda n, p, r: p["type"] == "integer")
    c.set_prop_everywhere(fn, pn, lambda p: p.__setitem__("enum", ["1", "2"]))


def m_array_without_items(c):
    fn, pn, _ = c.find_schema_param(lambda n, p, r: p["type"] == "array")
    c.set_prop_everywhere(fn, pn, lambda p: p.pop("items"))


def m_items_on_string(c):
    fn, pn, _ = c.find_schema_param(lambda n, p, r: p["type"] == "string")
    c.set_prop_everywhere(fn, pn, lambda p: p.__setitem__("items", {"type": "string"}))


def m_dict_without_properties(c):
    fn, pn, _ = c.find_schema_param(lambda n, p, r: p["type"] == "dict")
    c.set_prop_everywhere(fn, pn, lambda p: p.pop("properties"))


def m_default_without_text(c):
    fn, pn, _ = c.find_schema_param(lambda n, p, r: "default" in p)

    def f(p):
        p["description"] = p["description"].split(" Default:")[0]
    c.set_prop_everywhere(fn, pn, f)


def m_text_without_default(c):
    fn, pn, _ = c.find_schema_param(lambda n, p, r: "default" in p and p["type"] != "boolean")
    c.set_prop_everywhere(fn, pn, lambda p: p.pop("default"))


def m_default_not_in_enum(c):
    fn, pn, _ = c.find_schema_param(lambda n, p, r: "default" in p and "enum" in p)

    def f(p):
        p["default"] = "zzz"
        p["description"] = p["description"].split(" Default:")[0] + " Default: zzz."
    c.set_prop_everywhere(fn, pn, f)


def m_default_wrong_type(c):
    fn, pn, _ = c.find_schema_param(lambda n, p, r: "default" in p and p["type"] == "integer")

    def f(p):
        p["default"] = str(p["default"])
    c.set_prop_everywhere(fn, pn, f)


def m_required_order(c):
    q = next(q for q in c.d["sq"] if len(q["function"][0]["parameters"]["required"]) >= 2)
    name = q["function"][0]["name"]
    for f in c.occurrences(name):
        f["parameters"]["required"].reverse()


def m_camel_case_param(c):
    q, a, pn, _, args = c.find_answer_param(lambda n, p, r, acc, q: "_" in n)
    fname, _ = c.call(a)
    new = pn.split("_")[0] + "".join(w.title() for w in pn.split("_")[1:])
    for f in c.occurrences(fname):
        props = f["parameters"]["properties"]
        f["parameters"]["properties"] = {(new if k == pn else k): v for k, v in props.items()}
        f["parameters"]["required"] = [new if k == pn else k for k in f["parameters"]["required"]]
    for qq, aa in c.pairs():
        fn2, args2 = c.call(aa)
        if fn2 == fname:
            aa["ground_truth"][0][fname] = {(new if k == pn else k): v for k, v in args2.items()}


def m_function_name_without_dot(c):
    fname, _ = c.call(c.d["sa"][0])
    new = fname.replace(".", "")
    for f in c.occurrences(fname):
        f["name"] = new
    for q, a in c.pairs():
        fn2, args2 = c.call(a)
        if fn2 == fname:
            a["ground_truth"][0] = {new: args2}


def m_schema_conflict(c):
    counts = {}
    for q in c.d["sq"] + c.d["mq"]:
        for f in q["function"]:
            counts[f["name"]] = counts.get(f["name"], 0) + 1
    name = next(n for n, k in counts.items() if k >= 2)
    c.occurrences(name)[-1]["description"] += " Changed."


def m_date_format_missing(c):
    fn, pn, _ = c.find_schema_param(lambda n, p, r: n.endswith("date"))
    c.set_prop_everywhere(fn, pn, lambda p: p.__setitem__("description", p["description"].replace(DATE_FMT, "")))


def m_time_format_missing(c):
    fn, pn, _ = c.find_schema_param(lambda n, p, r: n.endswith("time"))
    c.set_prop_everywhere(fn, pn, lambda p: p.__setitem__("description", p["description"].replace(TIME_FMT, "")))


def m_invalid_answer_date(c):
    q, a, pn, _, args = c.find_answer_param(
        lambda n, p, r, acc, q: "YYYY-MM-DD" in p["description"] and "" not in acc)
    args[pn] = ["2027-02-30"]


def m_invalid_answer_time(c):
    q, a, pn, _, args = c.find_answer_param(
        lambda n, p, r, acc, q: "HH:MM" in p["description"] and "" not in acc)
    args[pn] = ["25:10"]


def m_simple_two_functions(c):
    other = copy.deepcopy(c.d["sq"][10]["function"][0])
    c.d["sq"][0]["function"].append(other)
    c.refresh_domains(c.d["sq"][0])


def m_multiple_five_functions(c):
    q = c.d["mq"][4]
    have = {f["name"].split(".")[0] for f in q["function"]}
    for src in c.d["sq"]:
        f = src["function"][0]
        d = f["name"].split(".")[0]
        if len(q["function"]) >= 5:
            break
        if d not in have:
            q["function"].append(copy.deepcopy(f))
            have.add(d)
    c.refresh_domains(q)


def m_answer_not_offered(c):
    fname, args = c.call(c.d["ma"][7])
    c.d["ma"][7]["ground_truth"][0] = {"weather.no_such_function": args}


def m_two_calls(c):
    c.d["sa"][2]["ground_truth"].append(copy.deepcopy(c.d["sa"][2]["ground_truth"][0]))


def m_missing_param(c):
    fname, args = c.call(c.d["sa"][6])
    del args[next(iter(args))]


def m_extra_param(c):
    fname, args = c.call(c.d["sa"][8])
    args["surprise"] = ["x"]


def m_required_accepts_empty(c):
    q, a, pn, _, args = c.find_answer_param(lambda n, p, r, acc, q: r and p["type"] == "string")
    args[pn] = args[pn] + [""]


def m_unset_optional_without_default(c):
    q, a, pn, _, args = c.find_answer_param(lambda n, p, r, acc, q: "default" in p and "" in acc)
    args[pn] = [""]


def m_unset_optional_extra_value(c):
    q, a, pn, _, args = c.find_answer_param(
        lambda n, p, r, acc, q: "default" not in p and "" in acc and p["type"] == "string")
    args[pn] = ["", "something"]


def m_set_optional_accepts_default(c):
    q, a, pn, p, args = c.find_answer_param(lambda n, p, r, acc, q: "default" in p and "" not in acc)
    args[pn] = args[pn] + [p["default"]]


def m_int_as_string(c):
    q, a, pn, _, args = c.find_answer_param(lambda n, p, r, acc, q: p["type"] == "integer" and "" not in acc)
    args[pn] = [str(v) for v in args[pn]]


def m_float_as_int(c):
    q, a, pn, _, args = c.find_answer_param(
        lambda n, p, r, acc, q: p["type"] == "float" and "" not in acc and all(float(v).is_integer() for v in acc))
    args[pn] = [int(v) for v in args[pn]]


def m_array_not_nested(c):
    q, a, pn, _, args = c.find_answer_param(lambda n, p, r, acc, q: p["type"] == "array" and "" not in acc)
    args[pn] = list(args[pn][0])


def m_enum_outside(c):
    q, a, pn, _, args = c.find_answer_param(lambda n, p, r, acc, q: "enum" in p and "" not in acc)
    args[pn] = ["zzz"]


def m_dict_subkey_missing(c):
    q, a, pn, _, args = c.find_answer_param(lambda n, p, r, acc, q: p["type"] == "dict" and "" not in acc)
    sub = args[pn][0]
    del sub[next(iter(sub))]


def m_value_not_in_question(c):
    q, a, pn, _, args = c.find_answer_param(
        lambda n, p, r, acc, q: p["type"] == "string" and "enum" not in p and "Format:" not in p["description"]
        and "" not in acc)
    args[pn] = ["Zanzibar Quokka"]


def m_number_not_in_question(c):
    q, a, pn, _, args = c.find_answer_param(lambda n, p, r, acc, q: p["type"] == "integer" and "" not in acc)
    args[pn] = [987654]


def m_date_not_in_question(c):
    q, a, pn, _, args = c.find_answer_param(
        lambda n, p, r, acc, q: "YYYY-MM-DD" in p["description"] and "" not in acc)
    args[pn] = ["2031-01-13"]


def m_unneeded_exemption(c):
    q, a, pn, _, args = c.find_answer_param(
        lambda n, p, r, acc, q: p["type"] == "string" and "" not in acc and is_found_text(acc[0], q))
    c.meta_of(q["id"])["literal_exempt"].append(pn)


def m_exemption_unknown_param(c):
    c.meta["items"][11]["literal_exempt"].append("no_such_param")


def m_exemption_boolean_param(c):
    q, a, pn, _, args = c.find_answer_param(lambda n, p, r, acc, q: p["type"] == "boolean" and "" not in acc)
    c.meta_of(q["id"])["literal_exempt"].append(pn)


def m_exemption_unset_param(c):
    q, a, pn, _, args = c.find_answer_param(lambda n, p, r, acc, q: p["type"] == "string" and "" in acc)
    c.meta_of(q["id"])["literal_exempt"].append(pn)


def m_relative_date(c):
    c.d["sq"][12]["question"][0][0]["content"] += " Please do it tomorrow."


def m_relative_weekday(c):
    c.d["mq"][12]["question"][0][0]["content"] += " Ideally by next Friday."


def m_ambiguous_numeric_date(c):
    c.d["mq"][3]["question"][0][0]["content"] += " (reference 03/04/2027)"


def m_duplicate_question(c):
    c.d["mq"][0]["question"][0][0]["content"] = c.d["sq"][0]["question"][0][0]["content"]


def m_bad_style(c):
    c.meta["items"][0]["style"] = "casual"


def m_style_imbalance(c):
    n = 0
    for m in c.meta["items"][:80]:
        if m["style"] == "plain" and n < 12:
            m["style"] = "informal"
            n += 1


def m_meta_extra_key(c):
    c.meta["items"][20]["note"] = "x"


def m_meta_domains_mismatch(c):
    m = next(m for m in c.meta["items"] if len(m["domains"]) >= 2)
    m["domains"] = list(reversed(m["domains"]))


def m_kind_count(c):
    m = next(m for m in c.meta["items"] if m.get("kind") == "cross")
    m["kind"] = "neighbour"
    m["cluster"] = 99


def m_cluster_split(c):
    m = next(m for m in c.meta["items"] if m.get("kind") == "neighbour")
    m["cluster"] = 77


def m_cluster_same_answer(c):
    ms = [m for m in c.meta["items"] if m.get("kind") == "neighbour" and m["cluster"] == 0]
    idx = [int(m["id"].rsplit("_", 1)[1]) for m in ms]
    c.d["ma"][idx[1]]["ground_truth"] = copy.deepcopy(c.d["ma"][idx[0]]["ground_truth"])


def m_cluster_different_sets(c):
    ms = [m for m in c.meta["items"] if m.get("kind") == "neighbour" and m["cluster"] == 1]
    idx = int(ms[1]["id"].rsplit("_", 1)[1])
    q = c.d["mq"][idx]
    fname, _ = c.call(c.d["ma"][idx])
    dom = fname.split(".")[0]
    pool = {f["name"]: f for qq in c.d["sq"] + c.d["mq"] for f in qq["function"]}
    offered = {f["name"] for f in q["function"]}
    extra = next(f for n, f in sorted(pool.items()) if n.split(".")[0] == dom and n not in offered) \
        if any(n.split(".")[0] == dom and n not in offered for n in pool) else None
    if extra is None:  # drop a non-answer function instead
        q["function"] = [f for f in q["function"] if f["name"] == fname or f is not q["function"][-1]]
    else:
        q["function"].append(copy.deepcopy(extra))


def m_cross_same_domain(c):
    pool = {f["name"]: f for qq in c.d["sq"] + c.d["mq"] for f in qq["function"]}
    for q, a in zip(c.d["mq"], c.d["ma"]):
        m = c.meta_of(q["id"])
        if m.get("kind") != "cross":
            continue
        fname, _ = c.call(a)
        dom = fname.split(".")[0]
        offered = {f["name"] for f in q["function"]}
        same = [n for n in sorted(pool) if n.split(".")[0] == dom and n not in offered]
        if same:
            i = next(i for i, f in enumerate(q["function"]) if f["name"] != fname)
            q["function"][i] = copy.deepcopy(pool[same[0]])
            c.refresh_domains(q)
            return
    raise LookupError("no cross item can be given a same-domain distractor")


def m_neighbour_two_domains(c):
    pool = {f["name"]: f for qq in c.d["sq"] for f in qq["function"]}
    for q, a in zip(c.d["mq"], c.d["ma"]):
        m = c.meta_of(q["id"])
        if m.get("kind") != "neighbour":
            continue
        fname, _ = c.call(a)
        dom = fname.split(".")[0]
        other = next(n for n in sorted(pool) if n.split(".")[0] != dom)
        i = next(i for i, f in enumerate(q["function"]) if f["name"] != fname)
        q["function"][i] = copy.deepcopy(pool[other])
        c.refresh_domains(q)
        return


def m_sha_mismatch(c):
    def after(root):
        p = os.path.join(root, "SHA256SUMS")
        with open(p, encoding="utf-8") as fh:
            text = fh.read()
        text = ("0" if text[0] != "0" else "1") + text[1:]
        with open(p, "w", encoding="utf-8") as fh:
            fh.write(text)
    c.after_sha = after


def m_sha_stale(c):
    c.d["sq"][0]["question"][0][0]["content"] += " "
    c.stale = True


MUTATIONS = [(name[2:], fn) for name, fn in sorted(globals().items()) if name.startswith("m_") and callable(fn)]
NO_RESHA = {"sha_stale"}


def run_check(path):
    r = subprocess.run([sys.executable, CHECK, path], capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def main():
    for p in list(FILES.values()) + [META, "SHA256SUMS"]:
        if not os.path.isfile(os.path.join(ROOT, p)):
            print("missing", p, "- run build.py first")
            return 2
    if os.path.isdir(TMP):
        shutil.rmtree(TMP)
    os.makedirs(TMP)

    def fresh(name):
        dst = os.path.join(TMP, name)
        for sub in ("data", "meta"):
            shutil.copytree(os.path.join(ROOT, sub), os.path.join(dst, sub))
        shutil.copy(os.path.join(ROOT, "SHA256SUMS"), dst)
        return dst

    failures = 0
    base = fresh("clean")
    rc, out = run_check(base)
    if rc != 0:
        failures += 1
        print("FAIL clean copy rejected:\n" + out)
    else:
        print("ok   clean copy accepted")

    for name, fn in MUTATIONS:
        dst = fresh(name)
        c = SetCopy(dst)
        try:
            fn(c)
        except Exception as e:
            failures += 1
            print(f"FAIL {name}: could not build broken copy: {type(e).__name__}: {e}")
            continue
        c.save(resha=name not in NO_RESHA)
        rc, out = run_check(dst)
        first = next((ln for ln in out.splitlines() if ln.startswith("FAIL:")), out.strip()[:120])
        if rc == 0:
            failures += 1
            print(f"FAIL {name}: check.py accepted the broken copy")
        else:
            print(f"ok   {name}: rejected ({first[6:120]})")
    print(f"{len(MUTATIONS)} kinds of broken copies; {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
