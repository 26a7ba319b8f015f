#!/usr/bin/env bash
# Runs every test of the workspace, the end-to-end suites against a real local model and real MCP
# servers included.
#
# It starts the local model server itself (scripts/local-llm.sh installs and caches what it
# needs) and requires it: with AGENTS_REQUIRE_LOCAL_LLM=1 the end-to-end tests fail instead of
# skipping when the server is unreachable. Set AGENTS_SKIP_LOCAL_LLM=1 to run without it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The C libraries an all-features build links (OpenSSL's headers, for `native-tls`).
scripts/system-deps.sh

# What this script started, stopped on exit (one trap for all of it).
cleanup=()
trap 'for c in "${cleanup[@]}"; do $c >/dev/null 2>&1 || true; done' EXIT

if [[ "${AGENTS_SKIP_LOCAL_LLM:-0}" != "1" ]]; then
  if ! scripts/local-llm.sh status >/dev/null 2>&1; then
    scripts/local-llm.sh start
    cleanup+=("scripts/local-llm.sh stop")
  fi
  export "$(scripts/local-llm.sh env)"
  export AGENTS_REQUIRE_LOCAL_LLM=1
fi

# The runtime's modules depend on each other without cycles (prints the graph on failure).
python3 scripts/module-deps.py agents-core/src >/dev/null || python3 scripts/module-deps.py agents-core/src

# Every integration-test file is a module of some test binary (cargo does not say when one is not).
python3 scripts/test-targets.py

# The real MCP servers the MCP end-to-end tests spawn (pinned npm packages, cached in
# .mcp-servers/). With AGENTS_MCP_SERVERS set, those tests fail instead of skipping when a server
# is missing.
scripts/mcp-servers.sh install
export AGENTS_MCP_SERVERS="$(scripts/mcp-servers.sh dir)"

# The Restate server the durable-run tests (agents-restate) run against (the pinned npm package,
# cached in .restate/). With AGENTS_REQUIRE_RESTATE=1 those tests fail instead of skipping when
# the server is unreachable. Set AGENTS_SKIP_RESTATE=1 to run without it.
if [[ "${AGENTS_SKIP_RESTATE:-0}" != "1" ]]; then
  if ! scripts/restate.sh status >/dev/null 2>&1; then
    scripts/restate.sh start >/dev/null
    cleanup+=("scripts/restate.sh stop")
  fi
  while IFS= read -r var; do export "$var"; done < <(scripts/restate.sh env)
  export AGENTS_REQUIRE_RESTATE=1
fi

# Phoenix, the LLM trace viewer the OpenTelemetry test exports to (tests/phoenix.rs; the pinned
# PyPI package, installed into .phoenix/). With AGENTS_REQUIRE_PHOENIX=1 that test fails instead
# of skipping when Phoenix is unreachable. Set AGENTS_SKIP_PHOENIX=1 to run without it.
if [[ "${AGENTS_SKIP_PHOENIX:-0}" != "1" ]]; then
  if ! scripts/phoenix.sh status >/dev/null 2>&1; then
    scripts/phoenix.sh start >/dev/null
    cleanup+=("scripts/phoenix.sh stop")
  fi
  while IFS= read -r var; do export "$var"; done < <(scripts/phoenix.sh env)
  export AGENTS_REQUIRE_PHOENIX=1
fi

# The three-node Restate cluster the cluster tests (agents-restate/tests/cluster.rs) run
# against: the same pinned binary, three nodes on loopback with their own ports and data under
# .restate/cluster. With AGENTS_REQUIRE_RESTATE_CLUSTER=1 those tests fail instead of skipping
# when it is unreachable. Set AGENTS_SKIP_RESTATE_CLUSTER=1 (or AGENTS_SKIP_RESTATE=1) to run
# without it.
if [[ "${AGENTS_SKIP_RESTATE_CLUSTER:-${AGENTS_SKIP_RESTATE:-0}}" != "1" ]]; then
  if ! scripts/restate.sh cluster status >/dev/null 2>&1; then
    scripts/restate.sh cluster start >/dev/null
    cleanup+=("scripts/restate.sh cluster stop")
  fi
  while IFS= read -r var; do export "$var"; done < <(scripts/restate.sh cluster env)
  export AGENTS_REQUIRE_RESTATE_CLUSTER=1
fi

# Unit, integration, UI (trybuild), example-build and doc tests of every crate (all of them,
# even after a failure, so that one run names every failing test).
cargo test --workspace --all-features --no-fail-fast

# HTTPS against a real TLS server under each TLS backend the run above did not build (it used
# the default, rustls with aws-lc-rs), and with none (agents-providers/tests/tls.rs).
for tls in rustls-ring native-tls rustls-no-provider ""; do
  cargo test -p agents-providers --no-default-features --features "openai${tls:+,$tls}" --test tls
done
