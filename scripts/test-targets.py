#!/usr/bin/env python3
"""Every integration-test file of the workspace is compiled into some test binary.

    scripts/test-targets.py

The crates declare their test binaries by hand (`autotests = false`): a few binaries per crate,
each a `tests/<name>/main.rs` that declares the files beside it as modules. Cargo is silent about
a file nobody declares, so a new test file would never run. This checks, for each crate:
a `tests/*.rs` file is the `path` of a `[[test]]` target, and a `tests/<dir>/*.rs` file beside a
target's `main.rs` is declared in it (`mod name;`). Directories without a `main.rs` (shared
helpers, fixtures) are modules of the binaries that include them, not checked here.
Prints what is left out and exits 1 if anything is.
"""
import pathlib
import re
import sys
import tomllib

root = pathlib.Path(__file__).resolve().parent.parent
workspace = tomllib.loads((root / "Cargo.toml").read_text())
crates = [root] + [root / m for m in workspace["workspace"]["members"]]

missing = []
for crate in crates:
    tests = crate / "tests"
    if not tests.is_dir():
        continue
    manifest = tomllib.loads((crate / "Cargo.toml").read_text())
    targets = manifest.get("test", [])
    # A target without `path` is `tests/<name>.rs`.
    paths = {(crate / t.get("path", f"tests/{t['name']}.rs")).resolve() for t in targets}
    for file in sorted(tests.glob("*.rs")):
        if file.resolve() not in paths:
            missing.append(f"{file.relative_to(root)}: no [[test]] target has it as its path")
    for main in sorted(tests.glob("*/main.rs")):
        if main.resolve() not in paths:
            missing.append(f"{main.relative_to(root)}: no [[test]] target has it as its path")
        declared = set(re.findall(r"^\s*(?:pub\s+)?mod\s+(\w+)\s*;", main.read_text(), re.M))
        for file in sorted(main.parent.glob("*.rs")):
            if file.name != "main.rs" and file.stem not in declared:
                missing.append(f"{file.relative_to(root)}: not declared in {main.relative_to(root)}")

for line in missing:
    print(line)
if missing:
    print("test files left out of every test binary (see scripts/test-targets.py)")
    sys.exit(1)
