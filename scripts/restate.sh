#!/usr/bin/env bash
# Installs, starts and stops the Restate server the durable-run tests (feature `restate`) run
# against: the pinned npm package @restatedev/restate-server, which ships the Linux binary, cached
# in the repo (ignored by git). node and npm are the only requirements.
#
# Usage: scripts/restate.sh install|start|stop|status|env
#   install  installs the pinned package into $RESTATE_HOME (idempotent: a stamp file records the
#            pinned version)
#   start    installs if needed, starts the server on loopback ports with its data under
#            $RESTATE_HOME/run, waits until it is healthy, and prints `RESTATE_INGRESS=...`
#   stop     stops a server this script started (by its pid file)
#   status   exits 0 when the admin API answers /health, else non-zero
#   env      prints the variables the tests read: RESTATE_INGRESS=<url> and RESTATE_ADMIN=<url>
#
# Environment (optional):
#   RESTATE_HOME          cache dir (default <repo>/.restate)
#   RESTATE_INGRESS_PORT  ingress port (default 18080)
#   RESTATE_ADMIN_PORT    admin port (default 19070)
#   RESTATE_WAIT_SECS     how long start waits for health (default 60)
#
# Works non-interactively under `set -euo pipefail` (CI has no stdin/tty).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HOME_DIR="${RESTATE_HOME:-$REPO_ROOT/.restate}"
STAMP="$HOME_DIR/.restate-installed"
PKG="@restatedev/restate-server@1.7.12"
INGRESS_PORT="${RESTATE_INGRESS_PORT:-18080}"
ADMIN_PORT="${RESTATE_ADMIN_PORT:-19070}"
# The node-to-node port is bound too: keep it off the default (5122) so that a second server on
# the machine does not collide with ours.
NODE_PORT="${RESTATE_NODE_PORT:-15122}"
WAIT_SECS="${RESTATE_WAIT_SECS:-60}"
RUN_DIR="$HOME_DIR/run"
PID_FILE="$RUN_DIR/restate-server-$ADMIN_PORT.pid"
LOG_FILE="$RUN_DIR/restate-server-$ADMIN_PORT.log"
INGRESS_URL="http://127.0.0.1:$INGRESS_PORT"
ADMIN_URL="http://127.0.0.1:$ADMIN_PORT"

log() { printf '[restate] %s\n' "$*" >&2; }
die() { printf '[restate] error: %s\n' "$*" >&2; exit 1; }
# shellcheck source=scripts/service-lib.sh
source "$REPO_ROOT/scripts/service-lib.sh"

server_bin() { # the binary the npm package's platform dependency ships
  local bin
  bin="$(find "$HOME_DIR/node_modules/@restatedev" -type f -name restate-server -perm -u+x 2>/dev/null | head -n 1)"
  [[ -n "$bin" ]] || return 1
  echo "$bin"
}

healthy() {
  curl -fsS -m 2 "$ADMIN_URL/health" >/dev/null 2>&1
}

running_pid() {
  [[ -f "$PID_FILE" ]] || return 1
  local pid
  pid="$(cat "$PID_FILE" 2>/dev/null || true)"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || return 1
  echo "$pid"
}

cmd_install() {
  command -v node >/dev/null 2>&1 || die "node is not installed"
  command -v npm >/dev/null 2>&1 || die "npm is not installed"
  if [[ -f "$STAMP" && "$(cat "$STAMP")" == "$PKG" ]] && server_bin >/dev/null; then
    return 0
  fi
  mkdir -p "$HOME_DIR"
  # A package.json of our own makes $HOME_DIR the install prefix (npm would otherwise walk up
  # to the repo or $HOME looking for one).
  [[ -f "$HOME_DIR/package.json" ]] \
    || printf '{ "name": "agents-restate-server", "private": true }\n' >"$HOME_DIR/package.json"
  log "installing $PKG into $HOME_DIR"
  npm install --prefix "$HOME_DIR" --no-audit --no-fund --no-save --save-exact \
    --loglevel=error "$PKG" </dev/null \
    || die "npm install failed (see output above)"
  server_bin >/dev/null || die "installed, but no restate-server binary under $HOME_DIR/node_modules/@restatedev"
  echo "$PKG" >"$STAMP"
  log "installed $(server_bin)"
}

cmd_start() {
  if healthy; then
    if pid="$(running_pid)"; then
      log "already running (pid $pid); admin $ADMIN_URL"
    else
      log "something already answers $ADMIN_URL/health (not started by this script)"
    fi
    cmd_env
    return 0
  fi
  local pid
  if pid="$(running_pid)"; then
    log "pid $pid is alive but not healthy yet; waiting"
  else
    cmd_install
    local bin
    bin="$(server_bin)"
    mkdir -p "$RUN_DIR"
    log "starting $bin (ingress $INGRESS_URL, admin $ADMIN_URL); log: $LOG_FILE"
    # setsid: detach from our process group so the server outlives the caller's shell/CI step.
    # Loopback only; its data (the journal) lives under $RUN_DIR.
    RESTATE_BASE_DIR="$RUN_DIR/data" \
      RESTATE_INGRESS__BIND_ADDRESS="127.0.0.1:$INGRESS_PORT" \
      RESTATE_ADMIN__BIND_ADDRESS="127.0.0.1:$ADMIN_PORT" \
      RESTATE_BIND_ADDRESS="127.0.0.1:$NODE_PORT" \
      RESTATE_ADVERTISED_ADDRESS="http://127.0.0.1:$NODE_PORT" \
      RESTATE_ADMIN__QUERY_ENGINE__PGSQL_BIND_ADDRESS="127.0.0.1:0" \
      setsid "$bin" </dev/null >"$LOG_FILE" 2>&1 &
    echo $! >"$PID_FILE"
    pid="$(cat "$PID_FILE")"
  fi
  wait_healthy restate-server "$pid" "$PID_FILE" "$LOG_FILE" "$WAIT_SECS" healthy
  cmd_env
}

cmd_stop() {
  stop_by_pid_file "$PID_FILE" running_pid
}

cmd_status() {
  if healthy; then
    log "healthy at $ADMIN_URL (ingress $INGRESS_URL)"
    return 0
  fi
  log "not answering at $ADMIN_URL"
  return 1
}

cmd_env() {
  echo "RESTATE_INGRESS=$INGRESS_URL"
  echo "RESTATE_ADMIN=$ADMIN_URL"
}

case "${1:-}" in
  install) cmd_install ;;
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  env) cmd_env ;;
  *)
    echo "usage: $0 install|start|stop|status|env" >&2
    exit 2
    ;;
esac
