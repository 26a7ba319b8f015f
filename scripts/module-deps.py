#!/usr/bin/env python3
"""Which top-level modules of a crate use which, and whether any use each other in a cycle.

    scripts/module-deps.py [agents-core/src]

Reads every `.rs` file under the crate's `src`, takes the module a file belongs to (the first
path component: `agent/llm/run.rs` -> `agent`), and collects every `crate::<module>` it names.
Prints one line per module with what it depends on, then the cycles (strongly connected groups
of more than one module), and exits 1 if there is any.
"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "agents-core/src")
modules = {p.stem if p.is_file() else p.name for p in root.iterdir()
           if (p.suffix == ".rs" and p.stem not in ("lib", "main")) or p.is_dir()}
deps = {m: set() for m in modules}
for file in root.rglob("*.rs"):
    rel = file.relative_to(root)
    owner = rel.parts[0] if len(rel.parts) > 1 else rel.stem
    if owner not in deps:
        continue
    text = file.read_text()
    # Tests inside a file may reach anywhere; they are not part of the structure.
    text = text.split("#[cfg(test)]")[0]
    # Comments (doc links included) are not dependencies.
    text = "\n".join(line.split("//")[0] for line in text.splitlines())
    for used in re.findall(r"crate::(\w+)", text):
        if used in modules and used != owner:
            deps[owner].add(used)
        elif used not in modules:
            # `crate::Name` re-exported at the root: not a module edge.
            pass

for m in sorted(deps):
    print(f"{m:12} -> {', '.join(sorted(deps[m])) or '(nothing)'}")

# Tarjan's strongly connected components.
index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]
def visit(v):
    index[v] = low[v] = counter[0]; counter[0] += 1
    stack.append(v); on.add(v)
    for w in deps[v]:
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        group = []
        while True:
            w = stack.pop(); on.discard(w); group.append(w)
            if w == v:
                break
        if len(group) > 1:
            sccs.append(sorted(group))
sys.setrecursionlimit(10000)
for v in sorted(deps):
    if v not in index:
        visit(v)
if sccs:
    print("cycles:")
    for group in sccs:
        print("  " + " <-> ".join(group))
    sys.exit(1)
print("no cycles")
