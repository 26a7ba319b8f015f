#!/usr/bin/env python3
"""Make broken copies of the built set under tmp/ (one defect each) and confirm
that check.py rejects every one with the expected message.  Removes tmp/ at the end."""
import copy
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TMP = os.path.join(HERE, "tmp")
FILES = {
    "sq": "data/blind6_simple.json",
    "sa": "data/possible_answer/blind6_simple.json",
    "mq": "data/blind6_multiple.json",
    "ma": "data/possible_answer/blind6_multiple.json",
}


def load():
    d = {}
    for k, p in FILES.items():
        with open(os.path.join(HERE, p), encoding="utf-8") as f:
            d[k] = [json.loads(l) for l in f if l.strip()]
    with open(os.path.join(HERE, "meta/blind6_meta.json"), encoding="utf-8") as f:
        d["meta"] = json.load(f)
    return d


def save(d, root, raw_append=None):
    for k, p in FILES.items():
        path = os.path.join(root, p)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            for r in d[k]:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
            if raw_append and raw_append[0] == k:
                f.write(raw_append[1] + "\n")
    os.makedirs(os.path.join(root, "meta"), exist_ok=True)
    with open(os.path.join(root, "meta/blind6_meta.json"), "w", encoding="utf-8") as f:
        json.dump(d["meta"], f, ensure_ascii=False, indent=1)


def run(root):
    p = subprocess.run([sys.executable, os.path.join(HERE, "check.py"), "--root", root],
                       capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


# ---------------------------------------------------------------- helpers
def idx(d, q, fname, right=False):
    """Index of the first row in question set q offering (or, with right, answering) fname."""
    a = {"sq": "sa", "mq": "ma"}[q]
    for i, row in enumerate(d[q]):
        if right:
            if fname in d[a][i]["ground_truth"][0]:
                return i
        elif any(f["name"] == fname for f in row["function"]):
            return i
    raise KeyError(fname)


def all_fns(d, fname):
    for q in ("sq", "mq"):
        for row in d[q]:
            for f in row["function"]:
                if f["name"] == fname:
                    yield f


def args(d, a, i):
    (fn, ar), = d[a][i]["ground_truth"][0].items()
    return ar


def meta_of(d, iid):
    for m in d["meta"]["items"]:
        if m["id"] == iid:
            return m
    raise KeyError(iid)


# ---------------------------------------------------------------- mutations
def m_id_order(d):
    for k in ("sq", "sa"):
        d[k][0]["id"], d[k][1]["id"] = d[k][1]["id"], d[k][0]["id"]


def m_answer_id(d):
    d["sa"][3]["id"] = "blind6_simple_4"


def m_extra_row_key(d):
    d["sq"][0]["extra"] = 1


def m_bad_type(d):
    for f in all_fns(d, "finance.convert_currency"):
        f["parameters"]["properties"]["amount"]["type"] = "number"


def m_camel_param(d):
    i = idx(d, "sq", "manufacturing.get_machine_status")
    for f in all_fns(d, "manufacturing.get_machine_status"):
        p = f["parameters"]
        p["properties"] = {"machineId": p["properties"]["machine_id"]}
        p["required"] = ["machineId"]
    ar = args(d, "sa", i)
    ar["machineId"] = ar.pop("machine_id")


def m_enum_on_int(d):
    for f in all_fns(d, "travel.search_flights"):
        f["parameters"]["properties"]["passengers"]["enum"] = ["1", "2", "3"]


def m_default_key_removed(d):
    for f in all_fns(d, "travel.search_flights"):
        del f["parameters"]["properties"]["passengers"]["default"]


def m_default_mismatch(d):
    for f in all_fns(d, "travel.search_flights"):
        f["parameters"]["properties"]["passengers"]["default"] = 2


def m_inconsistent_schema(d):
    f = next(iter(all_fns(d, "finance.convert_currency")))
    f["description"] = "Convert money."


def m_date_format_missing(d):
    for f in all_fns(d, "astronomy.get_moon_phase"):
        p = f["parameters"]["properties"]["date"]
        p["description"] = p["description"].replace(" Format: YYYY-MM-DD.", "")


def m_bad_date_value(d):
    i = idx(d, "sq", "astronomy.get_moon_phase")
    args(d, "sa", i)["date"] = ["2027-02-30"]


def m_bad_time_value(d):
    i = idx(d, "sq", "real_estate.schedule_viewing")
    args(d, "sa", i)["viewing_time"] = ["25:10"]


def m_required_order(d):
    for f in all_fns(d, "health.calculate_bmi"):
        f["parameters"]["required"].reverse()


def m_simple_two_functions(d):
    d["sq"][5]["function"].append(copy.deepcopy(d["sq"][6]["function"][0]))


def m_multiple_five_functions(d):
    fl = d["mq"][0]["function"]
    for k in (3, 5, 7):
        fl.append(copy.deepcopy(d["sq"][k]["function"][0]))


def m_answer_not_offered(d):
    gt = d["sa"][0]["ground_truth"][0]
    gt["travel.book_train"] = gt.pop("travel.search_flights")


def m_missing_param(d):
    del args(d, "sa", 0)["return_date"]


def m_required_empty(d):
    args(d, "sa", 0)["origin"].append("")


def m_unset_optional_wrong(d):
    i = idx(d, "mq", "devops.rollback_deployment", right=True)
    args(d, "ma", i)["namespace"] = [""]


def m_set_optional_default(d):
    args(d, "sa", 0)["cabin_class"].append("economy")


def m_int_as_float(d):
    args(d, "sa", 0)["passengers"] = [3.0]


def m_enum_out(d):
    i = idx(d, "sq", "science.get_element_info")
    args(d, "sa", i)["property"] = ["colour"]


def m_value_not_in_question(d):
    args(d, "sa", 0)["origin"] = ["LAX"]


def m_unneeded_exemption(d):
    meta_of(d, "blind6_simple_0")["literal_exempt"] = ["origin"]


def m_missing_exemption(d):
    i = idx(d, "sq", "language.check_grammar")
    meta_of(d, "blind6_simple_%d" % i)["literal_exempt"] = []


def m_relative_date(d):
    d["sq"][4]["question"][0][0]["content"] += " If not possible, tomorrow works too."


def m_ambiguous_date(d):
    d["sq"][4]["question"][0][0]["content"] += " (Or 03/04/2027.)"


def m_bad_style(d):
    meta_of(d, "blind6_simple_0")["style"] = "casual"


def m_cross_same_domain(d):
    i = next(k for k, m in enumerate(d["meta"]["items"][80:]) if m["kind"] == "cross")
    row = d["mq"][i]
    names = [f["name"] for f in row["function"]]
    right = next(iter(d["ma"][i]["ground_truth"][0]))
    dom = right.split(".")[0]
    other = next(f for r in d["sq"] for f in r["function"]
                 if f["name"].split(".")[0] == dom and f["name"] not in names)
    j = next(k for k, n in enumerate(names) if n != right)
    row["function"][j] = copy.deepcopy(other)
    doms = []
    for f in row["function"]:
        x = f["name"].split(".")[0]
        if x not in doms:
            doms.append(x)
    meta_of(d, row["id"])["domains"] = doms


def m_cluster_size(d):
    ms = [m for m in d["meta"]["items"] if m.get("kind") == "neighbour"]
    ms[0]["cluster"] = ms[2]["cluster"]


def m_cluster_functions(d):
    ms = [m for m in d["meta"]["items"] if m.get("kind") == "neighbour"]
    for m in ms:
        i = int(m["id"].rsplit("_", 1)[1])
        row = d["mq"][i]
        right = next(iter(d["ma"][i]["ground_truth"][0]))
        if len(row["function"]) >= 3:
            row["function"] = [f for f in row["function"] if f["name"] == right] + \
                [f for f in row["function"] if f["name"] != right][:len(row["function"]) - 2]
            return
    raise RuntimeError("no neighbour item with 3 functions")


def m_duplicate_question(d):
    i = idx(d, "mq", "finance.convert_currency", right=True)
    j = idx(d, "sq", "finance.convert_currency")
    d["mq"][i]["question"] = copy.deepcopy(d["sq"][j]["question"])
    d["ma"][i]["ground_truth"] = copy.deepcopy(d["sa"][j]["ground_truth"])


def m_dict_subkey_missing(d):
    i = idx(d, "sq", "logistics.create_shipment")
    del args(d, "sa", i)["sender"][0]["address"]


def m_array_not_wrapped(d):
    i = idx(d, "sq", "cooking.find_recipes")
    ar = args(d, "sa", i)
    ar["ingredients"] = ar["ingredients"][0]


def m_bool_as_string(d):
    i = idx(d, "sq", "gaming.create_lobby")
    args(d, "sa", i)["private"] = ["true"]


def m_disallowed_prop_key(d):
    for f in all_fns(d, "astronomy.get_moon_phase"):
        f["parameters"]["properties"]["date"]["format"] = "date"


def m_kind_count(d):
    m = next(m for m in d["meta"]["items"] if m.get("kind") == "cross")
    m["kind"] = "neighbour"
    m["cluster"] = 99


def m_bad_function_name(d):
    d["sq"][0]["function"][0]["name"] = "Travel.SearchFlights"
    gt = d["sa"][0]["ground_truth"][0]
    gt["Travel.SearchFlights"] = gt.pop("travel.search_flights")


def m_meta_domains(d):
    meta_of(d, "blind6_simple_0")["domains"] = ["finance"]


def m_meta_extra_key(d):
    meta_of(d, "blind6_simple_0")["kind"] = "cross"


CASES = [
    ("bad_json", None, "does not parse"),
    ("id_order", m_id_order, "out of order"),
    ("answer_id", m_answer_id, "answer id"),
    ("extra_row_key", m_extra_row_key, "question row keys"),
    ("bad_type", m_bad_type, "bad type"),
    ("camel_param", m_camel_param, "not snake_case"),
    ("enum_on_int", m_enum_on_int, "enum on non-string"),
    ("default_key_removed", m_default_key_removed, "has no default key"),
    ("default_mismatch", m_default_mismatch, "disagrees with default"),
    ("inconsistent_schema", m_inconsistent_schema, "differs from its schema"),
    ("date_format_missing", m_date_format_missing, "date property"),
    ("bad_date_value", m_bad_date_value, "not a real YYYY-MM-DD"),
    ("bad_time_value", m_bad_time_value, "not a real HH:MM"),
    ("required_order", m_required_order, "required does not follow property order"),
    ("simple_two_functions", m_simple_two_functions, "must offer between 1 and 1"),
    ("multiple_five_functions", m_multiple_five_functions, "must offer between 2 and 4"),
    ("answer_not_offered", m_answer_not_offered, "not offered"),
    ("missing_param", m_missing_param, "every declared parameter"),
    ("required_empty", m_required_empty, "accepts empty string"),
    ("unset_optional_wrong", m_unset_optional_wrong, "unset optional"),
    ("set_optional_default", m_set_optional_default, "accepts its default"),
    ("int_as_float", m_int_as_float, "does not match type integer"),
    ("enum_out", m_enum_out, "not in enum"),
    ("value_not_in_question", m_value_not_in_question, "not found in the question"),
    ("unneeded_exemption", m_unneeded_exemption, "unneeded exemption"),
    ("missing_exemption", m_missing_exemption, "not found in the question"),
    ("relative_date", m_relative_date, "relative date"),
    ("ambiguous_date", m_ambiguous_date, "ambiguous numeric date"),
    ("bad_style", m_bad_style, "bad style"),
    ("cross_same_domain", m_cross_same_domain, "two functions from one domain"),
    ("cluster_size", m_cluster_size, "items, expected 2"),
    ("cluster_functions", m_cluster_functions, "offer different functions"),
    ("duplicate_question", m_duplicate_question, "duplicates"),
    ("dict_subkey_missing", m_dict_subkey_missing, "every sub-key"),
    ("array_not_wrapped", m_array_not_wrapped, "does not match type array"),
    ("bool_as_string", m_bool_as_string, "does not match type boolean"),
    ("disallowed_prop_key", m_disallowed_prop_key, "disallowed keys"),
    ("kind_count", m_kind_count, "expected 30 cross"),
    ("bad_function_name", m_bad_function_name, "bad function name"),
    ("meta_domains", m_meta_domains, "meta domains"),
    ("meta_extra_key", m_meta_extra_key, "meta keys must be exactly"),
]


def main():
    if os.path.exists(TMP):
        shutil.rmtree(TMP)
    ok = True
    try:
        base = load()
        root = os.path.join(TMP, "unmodified")
        save(base, root)
        rc, out = run(root)
        if rc != 0:
            print("FAIL unmodified copy rejected:\n" + out)
            ok = False
        else:
            print("ok   unmodified copy accepted")
        for name, fn, expect in CASES:
            d = copy.deepcopy(base)
            root = os.path.join(TMP, name)
            if fn is None:
                save(d, root, raw_append=("sq", "{not json"))
            else:
                fn(d)
                save(d, root)
            rc, out = run(root)
            if rc != 0 and expect in out:
                print("ok   %-24s rejected (%s)" % (name, expect))
            else:
                ok = False
                print("FAIL %-24s rc=%d, expected message %r not seen:\n%s" % (name, rc, expect, out))
        print("%d broken-copy cases" % len(CASES))
    finally:
        shutil.rmtree(TMP, ignore_errors=True)
    print("SELFTEST " + ("PASSED" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
