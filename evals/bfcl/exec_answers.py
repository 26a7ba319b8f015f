#!/usr/bin/env python3
"""Turns BFCL's executable categories' answers into possible answers its AST checker reads.

The package ships four categories it no longer runs (`data/unused_datasets`: `exec_simple`,
`exec_multiple`, `exec_parallel`, `exec_parallel_multiple`). Their questions and functions
have the form of `simple_python` and `multiple`; their answers are the calls BFCL executed
(`calc_binomial_probability(n=20, k=5, p=0.6)`), scored by comparing execution results. Here
each executed call becomes a possible answer in the AST form: every argument it gives, with
that one value (a whole number written as a float where the function declares a float; an
argument the function does not declare dropped, since no model offered the function could give
it); every optional parameter it leaves out, with "" (may be left out) and the default the
function declares, if any. That is stricter than comparing execution results
(`50` and `50.0` compare equal either way, but `"NYC"` for `"New York"` does not), and the
same for every mode compared.

Usage: exec_answers.py QUESTIONS ANSWERS OUT
"""

import ast
import json
import sys


ARITHMETIC = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
              ast.Mult: lambda a, b: a * b, ast.Div: lambda a, b: a / b,
              ast.Pow: lambda a, b: a ** b}


def value(node):
    """A literal, or arithmetic on literals (`p=1/6`, `amount=500*500`) as the number it is."""
    if isinstance(node, ast.BinOp) and type(node.op) in ARITHMETIC:
        return ARITHMETIC[type(node.op)](value(node.left), value(node.right))
    return ast.literal_eval(node)


def as_declared(v, schema):
    """`v` with whole numbers where the schema declares floats written as floats (`[0.1, 10]`
    for a list of floats is `[0.1, 10.0]`): Python ran both alike, the checker's type check
    does not take an int for a float inside a list."""
    kind = (schema or {}).get("type")
    if kind == "float" and isinstance(v, int) and not isinstance(v, bool):
        return float(v)
    if kind in ("array", "tuple") and isinstance(v, (list, tuple)):
        return [as_declared(x, schema.get("items")) for x in v]
    return v


def parameters(function):
    params = function.get("parameters") or {}
    return params.get("properties") or {}, set(params.get("required") or [])


def possible(call, functions):
    """The AST possible answer of one executed call, `{name: {param: [values]}}`."""
    node = ast.parse(call, mode="eval").body
    if not isinstance(node, ast.Call):
        raise ValueError(f"not a call: {call}")
    name = ast.unparse(node.func)
    function = next((f for f in functions if f["name"] == name), None)
    if function is None:
        raise ValueError(f"{name} is not among the question's functions")
    properties, required = parameters(function)
    order = list(properties)
    args = {}
    for i, arg in enumerate(node.args):
        args[order[i]] = [value(arg)]
    for keyword in node.keywords:
        args[keyword.arg] = [value(keyword.value)]
    # An argument the function does not declare: no model offered this function could give it.
    args = {k: [as_declared(v[0], properties[k])] for k, v in args.items() if k in properties}
    for param, schema in properties.items():
        if param in args or param in required:
            continue
        args[param] = [""] + ([schema["default"]] if "default" in schema else [])
    return {name: args}


def main():
    questions_path, answers_path, out_path = sys.argv[1:4]
    with open(questions_path, encoding="utf-8") as f:
        functions = {}
        for line in f:
            if line.strip():
                q = json.loads(line)
                functions[q["id"]] = q["function"]
    with open(answers_path, encoding="utf-8") as f, open(out_path, "w", encoding="utf-8") as out:
        for line in f:
            if not line.strip():
                continue
            a = json.loads(line)
            truth = [possible(call, functions[a["id"]]) for call in a["ground_truth"]]
            out.write(json.dumps({"id": a["id"], "ground_truth": truth}) + "\n")


if __name__ == "__main__":
    main()
