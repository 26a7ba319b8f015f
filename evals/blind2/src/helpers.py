"""Small constructors used by the hand-written item files."""


def S(desc, enum=None):
    d = {"type": "string", "description": desc}
    if enum is not None:
        d["enum"] = list(enum)
    return d


def I(desc):
    return {"type": "integer", "description": desc}


def F(desc):
    return {"type": "float", "description": desc}


def B(desc):
    return {"type": "boolean", "description": desc}


def A(item_type, desc):
    return {"type": "array", "items": {"type": item_type}, "description": desc}


def D(desc, props, required):
    return {"type": "dict", "description": desc, "properties": props, "required": list(required)}


def fn(name, desc, props, required):
    return {
        "name": name,
        "description": desc,
        "parameters": {"type": "dict", "properties": props, "required": list(required)},
    }
