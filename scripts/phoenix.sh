#!/usr/bin/env bash
# Installs, starts and stops Arize Phoenix, the LLM trace viewer the OpenTelemetry test and
# example export to (docs/events.md, "Seeing runs in a trace viewer"). Everything comes from PyPI:
# the pinned `arize-phoenix` with every dependency pinned in scripts/phoenix-constraints.txt,
# installed into a venv in the repo (ignored by git). The wheels are kept in a per-machine cache
# outside the repo, so a fresh checkout (CI) installs without downloading them again.
#
# Usage: scripts/phoenix.sh install|start|stop|status|env|log
#   install  installs the pinned package into $PHOENIX_HOME/venv (idempotent: a stamp file
#            records the pinned version and constraints)
#   start    installs if needed, starts Phoenix on loopback (its data under $PHOENIX_HOME/run),
#            waits until it answers /healthz, and prints the `env` lines
#   stop     stops a Phoenix this script started (by its pid file)
#   status   exits 0 when Phoenix answers /healthz, else non-zero
#   env      prints PHOENIX_URL=<url> (UI, REST API) and
#            OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=<url>/v1/traces (OTLP over HTTP/protobuf)
#   log      prints the last lines of the server's log
#
# Environment (all optional):
#   PHOENIX_HOME        state dir: venv, pid, log, data (default <repo>/.phoenix)
#   PHOENIX_WHEELS      wheel cache (default ${XDG_CACHE_HOME:-$HOME/.cache}/agents-phoenix/wheels)
#   PHOENIX_PORT        HTTP port on 127.0.0.1: UI, REST API, OTLP/HTTP (default 16006)
#   PHOENIX_GRPC_PORT   OTLP/gRPC port on 127.0.0.1 (default 14317)
#   PHOENIX_WAIT        seconds to wait for /healthz after launch (default 300)
#   PHOENIX_PYTHON      python used to create the venv (default python3)
#
# Works non-interactively under `set -euo pipefail` (CI has no stdin/tty).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HOME_DIR="${PHOENIX_HOME:-$REPO_ROOT/.phoenix}"
WHEELS="${PHOENIX_WHEELS:-${XDG_CACHE_HOME:-$HOME/.cache}/agents-phoenix/wheels}"
PORT="${PHOENIX_PORT:-16006}"
GRPC_PORT="${PHOENIX_GRPC_PORT:-14317}"
WAIT_SECS="${PHOENIX_WAIT:-300}"
PYTHON="${PHOENIX_PYTHON:-python3}"
CONSTRAINTS="$REPO_ROOT/scripts/phoenix-constraints.txt"

# Pinned (bump deliberately, with the constraints file; the stamp records both).
PKG="arize-phoenix==20.26.1"

VENV="$HOME_DIR/venv"
STAMP="$VENV/.phoenix-installed"
RUN_DIR="$HOME_DIR/run"
PID_FILE="$RUN_DIR/phoenix-$PORT.pid"
LOG_FILE="$RUN_DIR/phoenix-$PORT.log"
URL="http://127.0.0.1:$PORT"

# Phoenix binds its OTLP/gRPC server to every interface ([::]) whatever PHOENIX_HOST says; this
# launcher binds it to loopback before starting the server as `phoenix serve` would.
LAUNCHER='
import sys
import grpc.aio._server as server

bind = server.Server.add_insecure_port

def loopback(self, address):
    host, _, port = address.rpartition(":")
    if host != "[::]":
        raise SystemExit(f"unexpected gRPC bind address {address!r}: not binding it")
    return bind(self, "127.0.0.1:" + port)

server.Server.add_insecure_port = loopback
from phoenix.server.main import main
sys.argv = ["phoenix", "serve"]
sys.exit(main())
'

log() { printf '[phoenix] %s\n' "$*" >&2; }
die() { printf '[phoenix] error: %s\n' "$*" >&2; exit 1; }
# shellcheck source=scripts/service-lib.sh
source "$REPO_ROOT/scripts/service-lib.sh"

healthy() { curl -fsS -m 3 "$URL/healthz" >/dev/null 2>&1; }

running_pid() { # prints the pid if the pid file names a live Phoenix
  [[ -f "$PID_FILE" ]] || return 1
  local pid
  pid="$(cat "$PID_FILE" 2>/dev/null || true)"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || return 1
  # A stale pid file whose pid now belongs to another process.
  if [[ -r "/proc/$pid/cmdline" ]] && ! tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q "phoenix"; then
    return 1
  fi
  echo "$pid"
}

cmd_install() {
  local want
  want="$PKG $(sha256sum "$CONSTRAINTS" | cut -c1-16)"
  if [[ -x "$VENV/bin/python" && -f "$STAMP" && "$(cat "$STAMP")" == "$want" ]]; then
    return 0
  fi
  command -v "$PYTHON" >/dev/null 2>&1 || die "$PYTHON is not installed"
  mkdir -p "$HOME_DIR" "$WHEELS"
  if [[ ! -x "$VENV/bin/python" ]]; then
    log "creating venv $VENV"
    "$PYTHON" -m venv "$VENV"
  fi
  local pip=("$VENV/bin/pip" --disable-pip-version-check --no-input -q)
  # Wheels first (downloaded once per machine; a package without a wheel is built once), then
  # the venv from them alone.
  if ! "${pip[@]}" install --no-index --find-links "$WHEELS" -c "$CONSTRAINTS" "$PKG" </dev/null >/dev/null 2>&1; then
    log "downloading $PKG and its pinned dependencies into $WHEELS (once per machine)"
    "${pip[@]}" wheel --wheel-dir "$WHEELS" -c "$CONSTRAINTS" "$PKG" </dev/null \
      || die "pip wheel $PKG failed (see output above)"
    log "installing $PKG into $VENV"
    "${pip[@]}" install --no-index --find-links "$WHEELS" -c "$CONSTRAINTS" "$PKG" </dev/null \
      || die "pip install $PKG failed (see output above)"
  fi
  "$VENV/bin/python" -c 'import phoenix.server.main, grpc.aio._server' \
    || die "installed, but phoenix does not import"
  echo "$want" >"$STAMP"
  log "installed $PKG"
}

cmd_start() {
  if healthy; then
    local pid
    if pid="$(running_pid)"; then
      log "already running (pid $pid) at $URL"
    else
      log "something already answers $URL/healthz (not started by this script)"
    fi
    cmd_env
    return 0
  fi
  local pid
  if pid="$(running_pid)"; then
    log "pid $pid is alive but not healthy yet; waiting"
  else
    cmd_install
    mkdir -p "$RUN_DIR/data"
    log "starting Phoenix at $URL (OTLP/gRPC 127.0.0.1:$GRPC_PORT); log: $LOG_FILE"
    # Loopback only, no telemetry, nothing fetched from the internet, no assistant (it would
    # call out to a model provider). setsid: the server outlives the caller's shell/CI step.
    PHOENIX_HOST=127.0.0.1 \
      PHOENIX_PORT="$PORT" \
      PHOENIX_GRPC_PORT="$GRPC_PORT" \
      PHOENIX_WORKING_DIR="$RUN_DIR/data" \
      PHOENIX_TELEMETRY_ENABLED=false \
      PHOENIX_ALLOW_EXTERNAL_RESOURCES=false \
      PHOENIX_DISABLE_AGENT_ASSISTANT=true \
      PHOENIX_ENABLE_MCP_SERVER=false \
      setsid "$VENV/bin/python" -c "$LAUNCHER" </dev/null >"$LOG_FILE" 2>&1 &
    echo $! >"$PID_FILE"
    pid="$(cat "$PID_FILE")"
  fi
  wait_healthy Phoenix "$pid" "$PID_FILE" "$LOG_FILE" "$WAIT_SECS" healthy
  cmd_env
}

cmd_stop() {
  stop_by_pid_file "$PID_FILE" running_pid
}

cmd_status() {
  if healthy; then
    log "healthy at $URL"
    return 0
  fi
  log "not answering at $URL"
  return 1
}

cmd_env() {
  echo "PHOENIX_URL=$URL"
  echo "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=$URL/v1/traces"
}

case "${1:-}" in
  install) cmd_install ;;
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  env) cmd_env ;;
  log) tail -n "${2:-50}" "$LOG_FILE" ;;
  *)
    echo "usage: $0 install|start|stop|status|env|log [N]" >&2
    exit 2
    ;;
esac
