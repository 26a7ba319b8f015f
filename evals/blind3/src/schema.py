"""Small helpers for writing BFCL-style function schemas by hand.

Written for the blind3 set (2026-12-07). Nothing here generates content:
every question, schema and answer is typed out in simple_items.py and
multiple_items.py; these helpers only save repeating the JSON boilerplate.
"""

_NO = object()


def _p(type_, desc, default=_NO, **extra):
    d = {"type": type_, "description": desc}
    d.update(extra)
    if default is not _NO:
        d["default"] = default
    return d


def S(desc, enum=None, default=_NO):
    """String parameter (optionally with enum and default)."""
    extra = {"enum": list(enum)} if enum else {}
    return _p("string", desc, default, **extra)


def I(desc, default=_NO):
    """Integer parameter."""
    if default is not _NO:
        assert type(default) is int, desc
    return _p("integer", desc, default)


def F(desc, default=_NO):
    """Float parameter."""
    if default is not _NO:
        assert type(default) is float, desc
    return _p("float", desc, default)


def B(desc, default=_NO):
    """Boolean parameter."""
    if default is not _NO:
        assert type(default) is bool, desc
    return _p("boolean", desc, default)


def A(item_type, desc, item_enum=None):
    """Array parameter with primitive items."""
    items = {"type": item_type}
    if item_enum:
        items["enum"] = list(item_enum)
    return _p("array", desc, items=items)


def D(desc, props, required):
    """Dict parameter with its own properties."""
    return _p("dict", desc, properties=props, required=list(required))


def fn(name, desc, props, required):
    return {
        "name": name,
        "description": desc,
        "parameters": {"type": "dict", "properties": props, "required": list(required)},
    }


def item(style, question, functions, answer, kind=None):
    """One test item.

    style: "plain" or "informal" (how the user message is written)
    question: the user's message
    functions: list of schemas offered
    answer: {function_name: {param: [acceptable values]}}
    kind: for multiple items, "cross" or "neighbour"
    """
    if not isinstance(functions, list):
        functions = [functions]
    return {"style": style, "question": question, "functions": functions,
            "answer": answer, "kind": kind}
