#!/usr/bin/env python3
"""Checks each feature of each workspace crate on its own, warnings denied.

`cargo clippy --all-features` (CI) builds every feature at once, so an item used only under one
feature, or a `use` that one feature set leaves unused, passes there and warns for the user who
turns on that feature alone. This runs `cargo check` on every library of the workspace with no
default features, with each feature alone (on top of no defaults), and with the defaults, and
fails on any warning or error.

Warnings are read from cargo's output rather than turned into errors with `RUSTFLAGS`: changing
`RUSTFLAGS` rebuilds every dependency, which would double the build on a 2-core machine.

    python3 scripts/check-features.py             # every crate
    python3 scripts/check-features.py agents-providers
"""

import json
import subprocess
import sys


def packages():
    meta = json.loads(
        subprocess.check_output(
            ["cargo", "metadata", "--no-deps", "--format-version", "1"], text=True
        )
    )
    members = set(meta["workspace_members"])
    for package in meta["packages"]:
        if package["id"] not in members:
            continue
        if not any("lib" in t["kind"] or "proc-macro" in t["kind"] for t in package["targets"]):
            continue
        yield package["name"], sorted(f for f in package["features"] if f != "default")


def feature_sets(features):
    yield ["--no-default-features"]
    for feature in features:
        yield ["--no-default-features", "--features", feature]
    if features:
        yield []  # the defaults, as a user who names no feature gets them


def main():
    only = set(sys.argv[1:])
    failed = []
    for name, features in packages():
        if only and name not in only:
            continue
        for flags in feature_sets(features):
            label = f"{name} {' '.join(flags) or '(default features)'}"
            print(f"== cargo check -p {label}", flush=True)
            run = subprocess.run(
                ["cargo", "check", "--quiet", "--lib", "-p", name, *flags],
                capture_output=True,
                text=True,
            )
            output = run.stdout + run.stderr
            if run.returncode != 0 or "warning:" in output:
                print(output, flush=True)
                failed.append(label)
    if failed:
        print("\nwarnings or errors under these feature sets:", file=sys.stderr)
        for label in failed:
            print(f"  {label}", file=sys.stderr)
        sys.exit(1)
    print("every feature of every crate builds on its own without warnings")


if __name__ == "__main__":
    main()
