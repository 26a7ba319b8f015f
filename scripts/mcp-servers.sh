#!/usr/bin/env bash
# Installs the real MCP servers the end-to-end MCP tests run against, from npm, pinned and cached:
#   - @modelcontextprotocol/server-everything   (echo, add, a long-running tool, list changes, ...)
#   - @modelcontextprotocol/server-filesystem   (file tools confined to allowed roots)
# and the official MCP Inspector, whose command-line mode (`--cli`) is the client none of us wrote
# that tests our own server (examples/mcp_server.rs):
#   - @modelcontextprotocol/inspector
# All run with `node`; node and npm are the only requirements. (The Inspector declares node 22;
# its `--cli` mode, all we use, runs on the machines' node 20, which tests/facade/mcp_inspector.rs checks.)
#
# Usage: scripts/mcp-servers.sh install|path|check|dir
#   install  installs the pinned packages into $MCP_SERVERS_HOME (idempotent: a stamp file records
#            the pinned versions; a second run with the same pins does nothing)
#   path     prints one line per server: `<name>=<node entry point>`
#   check    exits non-zero (naming what is missing) unless every server is installed
#   dir      prints $MCP_SERVERS_HOME (what scripts/test.sh exports as AGENTS_MCP_SERVERS)
#
# Environment (optional):
#   MCP_SERVERS_HOME   cache dir (default <repo>/.mcp-servers, ignored by git)
#
# Works non-interactively under `set -euo pipefail` (CI has no stdin/tty).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HOME_DIR="${MCP_SERVERS_HOME:-$REPO_ROOT/.mcp-servers}"
STAMP="$HOME_DIR/.mcp-servers-installed"

# Pinned versions (bump deliberately; the stamp file records them).
PKGS=(
  "@modelcontextprotocol/server-everything@2026.8.31"
  "@modelcontextprotocol/server-filesystem@2026.8.31"
  "@modelcontextprotocol/inspector@2.12.0"
)
# name (as the tests know it) -> entry point under node_modules (each package's `bin`).
SERVERS=(
  "everything=@modelcontextprotocol/server-everything/dist/index.js"
  "filesystem=@modelcontextprotocol/server-filesystem/dist/index.js"
  "inspector=@modelcontextprotocol/inspector/clients/launcher/build/index.js"
)

log() { printf '[mcp-servers] %s\n' "$*" >&2; }
die() { printf '[mcp-servers] error: %s\n' "$*" >&2; exit 1; }

entry_point() { # name=relative -> absolute path
  echo "$HOME_DIR/node_modules/${1#*=}"
}

missing() { # prints each missing entry point; non-zero if any
  local s bad=0
  for s in "${SERVERS[@]}"; do
    if [[ ! -f "$(entry_point "$s")" ]]; then
      echo "${s%%=*}: $(entry_point "$s")"
      bad=1
    fi
  done
  return "$bad"
}

cmd_install() {
  command -v node >/dev/null 2>&1 || die "node is not installed"
  command -v npm >/dev/null 2>&1 || die "npm is not installed"
  local want="${PKGS[*]}"
  if [[ -f "$STAMP" && "$(cat "$STAMP")" == "$want" ]] && missing >/dev/null; then
    return 0
  fi
  mkdir -p "$HOME_DIR"
  # A package.json of our own makes $HOME_DIR the install prefix (npm would otherwise walk up
  # to the repo or $HOME looking for one).
  [[ -f "$HOME_DIR/package.json" ]] \
    || printf '{ "name": "agents-mcp-servers", "private": true }\n' >"$HOME_DIR/package.json"
  log "installing ${PKGS[*]} into $HOME_DIR"
  npm install --prefix "$HOME_DIR" --no-audit --no-fund --no-save --save-exact \
    --loglevel=error "${PKGS[@]}" </dev/null \
    || die "npm install failed (see output above)"
  local gone
  if ! gone="$(missing)"; then
    die "installed, but entry points are missing: $gone"
  fi
  echo "$want" >"$STAMP"
  log "installed"
}

cmd_path() {
  local s
  for s in "${SERVERS[@]}"; do
    echo "${s%%=*}=$(entry_point "$s")"
  done
}

cmd_check() {
  local gone
  if ! gone="$(missing)"; then
    die "not installed (run '$0 install'): $gone"
  fi
  log "all servers installed under $HOME_DIR"
}

case "${1:-}" in
  install) cmd_install ;;
  path) cmd_path ;;
  check) cmd_check ;;
  dir) echo "$HOME_DIR" ;;
  *)
    echo "usage: $0 install|path|check|dir" >&2
    exit 2
    ;;
esac
