#!/usr/bin/env python3
"""Show that check.py catches errors.

Makes deliberately broken copies of the data under /work/blind5/tmp/<kind>/,
runs check.py on each and requires a non-zero exit and the expected error
code in its output.  An unmodified copy must pass.  tmp/ is removed at the end.
"""
import copy
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TMP = os.path.join(HERE, "tmp")
FILES = {
    "sq": "data/blind5_simple.json",
    "mq": "data/blind5_multiple.json",
    "sa": "data/possible_answer/blind5_simple.json",
    "ma": "data/possible_answer/blind5_multiple.json",
}
META = "meta/blind5_meta.json"


def load():
    d = {}
    for k, rel in FILES.items():
        with open(os.path.join(HERE, rel), encoding="utf-8") as f:
            d[k] = [json.loads(line) for line in f if line.strip()]
    with open(os.path.join(HERE, META), encoding="utf-8") as f:
        d["meta"] = json.load(f)
    return d


def write(root, d):
    for k, rel in FILES.items():
        p = os.path.join(root, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w", encoding="utf-8") as f:
            for row in d[k]:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
    p = os.path.join(root, META)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w", encoding="utf-8") as f:
        json.dump(d["meta"], f, ensure_ascii=False, indent=1)


def props(item, j=0):
    return item["function"][j]["parameters"]["properties"]


def call(ans):
    return next(iter(ans["ground_truth"][0].values()))


def meta_item(d, iid):
    return next(m for m in d["meta"]["items"] if m["id"] == iid)


# ---------------------------------------------------------------- mutations
def m_malformed(d, root):
    write(root, d)
    p = os.path.join(root, FILES["sq"])
    lines = open(p, encoding="utf-8").read().split("\n")
    lines[4] = lines[4][:-1]
    open(p, "w", encoding="utf-8").write("\n".join(lines))
    return True


def m_id_order(d):
    d["sq"][3]["id"], d["sq"][4]["id"] = d["sq"][4]["id"], d["sq"][3]["id"]


def m_extra_key(d):
    d["sq"][0]["note"] = "x"


def m_bad_type(d):
    props(d["sq"][2])["weight_kg"]["type"] = "number"


def m_bad_fn_name(d):
    d["sq"][8]["function"][0]["name"] = "chemMolarMass"
    gt = d["sa"][8]["ground_truth"][0]
    d["sa"][8]["ground_truth"][0] = {"chemMolarMass": gt.pop("chem.molar_mass")}


def m_bad_param_name(d):
    p = props(d["sq"][8])
    p["Formula"] = p.pop("formula")
    d["sq"][8]["function"][0]["parameters"]["required"] = ["Formula"]
    c = call(d["sa"][8])
    c["Formula"] = c.pop("formula")


def m_enum_on_integer(d):
    props(d["sq"][0])["passengers"]["enum"] = ["1", "2"]


def m_default_mismatch(d):
    props(d["sq"][0])["cabin_class"]["default"] = "first"


def m_default_undeclared(d):
    props(d["sq"][13])["bitrate_kbps"]["description"] += " Default: 4000."


def m_required_empty(d):
    call(d["sa"][2])["weight_kg"] = [""]


def m_optional_unset_wrong(d):
    assert call(d["sa"][21])["public"] == ["", False]
    call(d["sa"][21])["public"] = [""]


def m_value_type(d):
    call(d["sa"][0])["passengers"] = ["3"]


def m_float_as_int(d):
    call(d["sa"][2])["weight_kg"] = [72]


def m_not_in_enum(d):
    call(d["sa"][0])["cabin_class"] = ["platinum"]


def m_literal_missing(d):
    call(d["sa"][8])["formula"] = ["C12H22O11"]


def m_wrong_number(d):
    call(d["sa"][5])["target_servings"] = [12]


def m_wrong_date(d):
    call(d["sa"][0])["departure_date"] = ["2027-04-03"]


def m_relative_date(d):
    d["sq"][4]["question"][0][0]["content"] += " Tomorrow works."


def m_ambiguous_date(d):
    d["sq"][5]["question"][0][0]["content"] += " (sent 05/03/2027)"


def m_schema_conflict(d):
    fd = next(f for f in d["mq"][0]["function"] if f["name"] == "weather.get_forecast")
    fd["description"] = "Changed description."


def m_too_few_functions(d):
    d["mq"][0]["function"] = d["mq"][0]["function"][:1]


def m_answer_not_offered(d):
    gt = d["ma"][0]["ground_truth"][0]
    d["ma"][0]["ground_truth"][0] = {"flights.search_one_way": next(iter(gt.values()))}


def m_missing_param(d):
    del call(d["sa"][0])["cabin_class"]


def m_dict_subkey_missing(d):
    del call(d["sa"][43])["options"][0]["parallel_jobs"]


def m_cross_count(d):
    m = meta_item(d, "blind5_multiple_0")
    m["kind"] = "neighbour"
    m["cluster"] = 99
    m["domains"] = m["domains"][:1]


def m_cluster_wrong(d):
    ns = [m for m in d["meta"]["items"] if m.get("kind") == "neighbour"]
    first0 = next(m for m in ns if m["cluster"] == 0)
    first0["cluster"] = 1


def m_duplicate_question(d):
    d["sq"][1]["question"] = copy.deepcopy(d["sq"][0]["question"])


def m_date_format_missing(d):
    p = props(d["sq"][44])["service_date"]
    p["description"] = p["description"].replace(" Format: YYYY-MM-DD.", "")


def m_required_order(d):
    r = d["sq"][0]["function"][0]["parameters"]["required"]
    r.reverse()


def m_unneeded_exempt(d):
    meta_item(d, "blind5_simple_0")["literal_exempt"] = ["origin"]


def m_missing_exempt(d):
    meta_item(d, "blind5_simple_72")["literal_exempt"] = []


def m_array_elem_type(d):
    call(d["sa"][65])["traveler_ages"] = [[41, "39", 9]]


def m_cross_domain_repeat(d):
    m = meta_item(d, "blind5_multiple_0")
    m["domains"][1] = m["domains"][0]


def m_style_invalid(d):
    meta_item(d, "blind5_simple_3")["style"] = "casual"


def m_optional_default_set(d):
    call(d["sa"][0])["passengers"] = [1]


def m_item_count(d):
    d["sq"].pop()
    d["sa"].pop()
    d["meta"]["items"] = [m for m in d["meta"]["items"] if m["id"] != "blind5_simple_79"]


MUTATIONS = [
    ("malformed_json", "parse", m_malformed),
    ("id_order", "id", m_id_order),
    ("extra_item_key", "keys", m_extra_key),
    ("bad_type", "type", m_bad_type),
    ("bad_function_name", "naming", m_bad_fn_name),
    ("bad_param_name", "naming", m_bad_param_name),
    ("enum_on_integer", "enum", m_enum_on_integer),
    ("default_mismatch", "default", m_default_mismatch),
    ("default_in_description_only", "default", m_default_undeclared),
    ("required_empty", "required_empty", m_required_empty),
    ("optional_unset_wrong", "optional_unset", m_optional_unset_wrong),
    ("value_type_str_for_int", "valtype", m_value_type),
    ("value_type_int_for_float", "valtype", m_float_as_int),
    ("value_not_in_enum", "enum", m_not_in_enum),
    ("string_not_in_question", "literal", m_literal_missing),
    ("number_not_in_question", "literal", m_wrong_number),
    ("date_not_in_question", "literal", m_wrong_date),
    ("relative_date", "relative_date", m_relative_date),
    ("ambiguous_numeric_date", "ambiguous_date", m_ambiguous_date),
    ("repeated_function_differs", "repeated_function", m_schema_conflict),
    ("too_few_functions", "function_count", m_too_few_functions),
    ("answer_function_not_offered", "answer_function", m_answer_not_offered),
    ("answer_param_missing", "answer_params", m_missing_param),
    ("dict_subkey_missing", "answer_params", m_dict_subkey_missing),
    ("cross_neighbour_count", "meta", m_cross_count),
    ("cluster_broken", "cluster", m_cluster_wrong),
    ("duplicate_question", "duplicate", m_duplicate_question),
    ("date_format_missing", "datetime_format", m_date_format_missing),
    ("required_order", "required_order", m_required_order),
    ("unneeded_literal_exempt", "exempt", m_unneeded_exempt),
    ("missing_literal_exempt", "literal", m_missing_exempt),
    ("array_element_type", "valtype", m_array_elem_type),
    ("cross_domain_repeated", "domains", m_cross_domain_repeat),
    ("invalid_style", "meta", m_style_invalid),
    ("optional_set_to_default", "optional_default_set", m_optional_default_set),
    ("item_count", "count", m_item_count),
]


def run(root):
    r = subprocess.run([sys.executable, os.path.join(HERE, "check.py"), root],
                       capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def main():
    if os.path.exists(TMP):
        shutil.rmtree(TMP)
    os.makedirs(TMP)
    base = load()
    failures = 0
    try:
        root = os.path.join(TMP, "control")
        write(root, base)
        rc, out = run(root)
        print(f"control (unmodified copy): rc={rc} {'PASS' if rc == 0 else 'UNEXPECTED FAIL'}")
        if rc != 0:
            print(out)
            failures += 1
        for kind, code, mut in MUTATIONS:
            d = copy.deepcopy(base)
            root = os.path.join(TMP, kind)
            if mut.__code__.co_argcount == 2:
                mut(d, root)
            else:
                mut(d)
                write(root, d)
            rc, out = run(root)
            caught = rc != 0 and f"ERROR {code}:" in out
            print(f"{kind:32s} expect {code:22s} rc={rc} {'CAUGHT' if caught else 'MISSED'}")
            if not caught:
                print(out)
                failures += 1
    finally:
        shutil.rmtree(TMP)
    print(f"{len(MUTATIONS)} broken-copy kinds, {len(MUTATIONS) - failures} caught; "
          f"tmp removed: {not os.path.exists(TMP)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
