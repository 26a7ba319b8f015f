"""Small helpers that build BFCL-style JSON-schema boilerplate.

Every function is registered once in REGISTRY (name -> schema) together with
its domain in DOMAIN, so that a function name used by several items always has
exactly the same schema.
"""
import itertools

REGISTRY = {}
DOMAIN = {}

_NO = object()


def _fmt_default(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return "'%s'" % v
    return repr(v)


def _prop(type_, desc, enum=None, default=_NO):
    d = {"type": type_, "description": desc}
    if enum is not None:
        assert type_ == "string", "enum only on strings"
        d["enum"] = list(enum)
    if default is not _NO:
        d["description"] = desc.rstrip() + " Default is %s." % _fmt_default(default)
        d["default"] = default
    return d


def S(desc, enum=None, default=_NO):
    return _prop("string", desc, enum, default)


def I(desc, default=_NO):
    return _prop("integer", desc, None, default)


def FL(desc, default=_NO):
    if default is not _NO:
        default = float(default)
    return _prop("float", desc, None, default)


def B(desc, default=_NO):
    return _prop("boolean", desc, None, default)


def item(type_, enum=None):
    d = {"type": type_}
    if enum is not None:
        assert type_ == "string"
        d["enum"] = list(enum)
    return d


def A(items, desc):
    return {"type": "array", "items": items, "description": desc}


def D(props, desc, required):
    return {"type": "dict", "description": desc, "properties": props,
            "required": list(required)}


def fn(name, domain, desc, props, required):
    for r in required:
        assert r in props, (name, r)
    schema = {
        "name": name,
        "description": desc,
        "parameters": {"type": "dict", "properties": props,
                       "required": list(required)},
    }
    if name in REGISTRY:
        assert REGISTRY[name] == schema, "conflicting schema for " + name
    REGISTRY[name] = schema
    DOMAIN[name] = domain
    return name


def P(*elems):
    """All orderings of an unordered list answer."""
    return [list(p) for p in itertools.permutations(elems)]
