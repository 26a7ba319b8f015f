#!/usr/bin/env python3
"""Scores the recorded runs of the BFCL evaluation with BFCL's own AST checker.

Reads the harness's run log (JSON lines; each run carries its category, BFCL id, mode and the
calls the framework executed, already under BFCL's function names) and writes one verdict a
line: {"category", "id", "mode", "valid", "error_type", "error"}.

The answer scored is the first call the run executed (`--answer first`, the default): a BFCL
question of these categories is answered by one call, and what the model does after its call
ran is not part of the answer. `--answer all` scores every executed call, as BFCL would score
a response holding them all (more than one is then "wrong count").

The checker is BFCL's: `ast_checker` and `is_function_calling_format_output`, called as BFCL's
own runner calls them (`_evaluate_single_ast_entry`), with the category's language (Java for
`simple_java`, JavaScript for `simple_javascript`, Python for every other, as BFCL's runner
picks it) and the category's name. One module is stood in for: `bfcl_eval.constants.model_config` imports every
provider SDK BFCL can run models with, and the checker reads it for one thing, whether the
model's function names had their dots replaced (`underscore_to_dot`). The harness maps tool
names back to BFCL's dotted names itself, so the answer here is no, as it is for every model
BFCL runs that keeps dots.

Usage: score.py --data DIR [--answer first|all] LOG
       score.py --self-check --data DIR
"""

import argparse
import json
import os
import sys
import types

MODEL_NAME = "agents-prompted"  # no underscore: the checker turns "_" into "/" to look it up


class _Config:
    underscore_to_dot = False


def load_checker():
    stub = types.ModuleType("bfcl_eval.constants.model_config")
    stub.MODEL_CONFIG_MAPPING = {MODEL_NAME: _Config()}
    sys.modules["bfcl_eval.constants.model_config"] = stub
    from bfcl_eval.constants.enums import Language
    from bfcl_eval.eval_checker.ast_eval.ast_checker import ast_checker
    from bfcl_eval.utils import is_function_calling_format_output

    def check(functions, output, answer, category):
        if not is_function_calling_format_output(output):
            return {"valid": False, "error": ["not in function calling format"],
                    "error_type": "ast_decoder:decoder_wrong_output_format"}
        language = {"simple_java": Language.JAVA,
                    "simple_javascript": Language.JAVASCRIPT}.get(category, Language.PYTHON)
        return ast_checker(functions, output, answer, language, category, MODEL_NAME)

    return check


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def load_category(data, category):
    questions = {q["id"]: q for q in read_jsonl(f"{data}/{category}.json")}
    answers = {a["id"]: a for a in read_jsonl(f"{data}/possible_answer/{category}.json")}
    return questions, answers


def answer_of(run, which):
    calls = run.get("calls") or []
    if which == "first":
        calls = calls[:1]
    return [{c["name"]: c["arguments"]} for c in calls]


SELF_CHECKED = ("simple_python", "multiple", "live_simple", "live_multiple", "simple_java",
                "simple_javascript", "exec_simple", "exec_multiple", "blind_simple", "blind_multiple",
                "blind2_simple", "blind2_multiple", "blind3_simple", "blind3_multiple",
                "blind4_simple", "blind4_multiple", "blind5_simple", "blind5_multiple",
                "blind6_simple", "blind6_multiple",
                "blind7_simple", "blind7_multiple")
SOURCE_TEXT = ("simple_java", "simple_javascript")


def self_check(data, check):
    """In each category present, a known right answer (the first question's) is right, a wrong
    value is wrong, no call is wrong."""
    present = [c for c in SELF_CHECKED if os.path.exists(f"{data}/{c}.json")]
    results = {c: self_check_category(data, check, c) for c in present}
    ok = all(results.values())
    print(json.dumps({"self_check": ok, **results}))
    return 0 if ok else 1


def self_check_category(data, check, category):
    questions, answers = load_category(data, category)
    qid = next(iter(questions))
    q, truth = questions[qid], answers[qid]["ground_truth"]
    name, params = next(iter(truth[0].items()))
    given = first_possible(params)
    if category in SOURCE_TEXT:  # Java and JavaScript answers are the values' source text
        given = {k: source_text(v) for k, v in given.items()}
    right = {name: given}
    wrong = {name: {k: wrong_value(v) for k, v in given.items()}}
    return bool(check(q["function"], [right], truth, category)["valid"]
                and (not given or not check(q["function"], [wrong], truth, category)["valid"])
                and not check(q["function"], [], truth, category)["valid"])


def first_possible(params):
    """The first possible value of each argument given; a dict's own values are lists of
    possible values too (`live_multiple`'s nested objects), so they are taken the same way."""
    return {k: first_possible(v[0]) if isinstance(v[0], dict) else v[0]
            for k, v in params.items() if v and v[0] != ""}


def source_text(v):
    """A scalar as Java or JavaScript source writes it (`True` is `true`)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def wrong_value(v):
    """A value of the same kind that no possible answer holds."""
    if isinstance(v, bool):
        return not v
    if isinstance(v, (int, float)):
        return v + 1
    if isinstance(v, str):
        return v + " (wrong)"
    if isinstance(v, list):
        return v + [v[0]] if v else ["wrong"]
    return "wrong"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--data", required=True)
    p.add_argument("--answer", choices=["first", "all"], default="first")
    p.add_argument("--self-check", action="store_true")
    p.add_argument("log", nargs="?")
    args = p.parse_args()
    check = load_checker()
    if args.self_check:
        return self_check(args.data, check)
    if not args.log:
        p.error("the run log is required")
    categories = {}
    for run in read_jsonl(args.log):
        category = run["category"]
        if category not in categories:
            categories[category] = load_category(args.data, category)
        questions, answers = categories[category]
        q, a = questions[run["id"]], answers[run["id"]]
        try:
            r = check(q["function"], answer_of(run, args.answer), a["ground_truth"], category)
        except Exception as e:  # the checker raising is a wrong answer, as BFCL's runner counts it
            r = {"valid": False, "error": [repr(e)], "error_type": "checker:exception"}
        print(json.dumps({"category": category, "id": run["id"], "mode": run["mode"],
                          "valid": bool(r["valid"]), "error_type": r.get("error_type"),
                          "error": r.get("error", [])}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
