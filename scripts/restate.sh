#!/usr/bin/env bash
# Installs, starts and stops the Restate server the durable-run tests (feature `restate`) run
# against: the pinned npm package @restatedev/restate-server, which ships the Linux binary, cached
# in the repo (ignored by git). node and npm are the only requirements.
#
# Usage: scripts/restate.sh install|start|stop|status|env
#        scripts/restate.sh cluster start|stop|status|env|clean
#   install  installs the pinned package into $RESTATE_HOME (idempotent: a stamp file records the
#            pinned version)
#   start    installs if needed, starts the server on loopback ports with its data under
#            $RESTATE_HOME/run, waits until it is healthy, and prints `RESTATE_INGRESS=...`
#   stop     stops a server this script started (by its pid file)
#   status   exits 0 when the admin API answers /health, else non-zero
#   env      prints the variables the tests read: RESTATE_INGRESS=<url> and RESTATE_ADMIN=<url>
#   cluster start   starts a three-node cluster of the same pinned binary on loopback (see
#                   cluster_node below: replicated log and metadata, replication 2, so one node
#                   may die), each node with its own ports and base dir under
#                   $RESTATE_HOME/cluster; starts only the nodes not running (a node killed by a
#                   test comes back with its data), waits until every node serves, prints env
#   cluster stop    stops the nodes this script started (by their pid files)
#   cluster status  exits 0 when every node's admin API and ingress answer
#   cluster env     prints RESTATE_CLUSTER_INGRESS and RESTATE_CLUSTER_ADMIN (the three nodes'
#                   URLs, comma-separated, node 1 first) and RESTATE_CLUSTER_DIR (its pid files:
#                   n1.pid, n2.pid, n3.pid)
#   cluster clean   stops the cluster and deletes its data
#
# Environment (optional):
#   RESTATE_HOME          cache dir (default <repo>/.restate)
#   RESTATE_INGRESS_PORT  ingress port (default 18080)
#   RESTATE_ADMIN_PORT    admin port (default 19070)
#   RESTATE_WAIT_SECS     how long start waits for health (default 60; the cluster: 120)
#   RESTATE_CLUSTER_NODE_PORT_BASE / _INGRESS_PORT_BASE / _ADMIN_PORT_BASE
#                         the cluster's ports: node i (1..3) uses base+i (defaults 25120, 28080,
#                         29070)
#   RESTATE_CLUSTER_PARTITIONS  partitions of the cluster (default 4: three nodes share 2 cores
#                         here; Restate's default is 24)
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
      "${SCRUB[@]}" setsid "$bin" </dev/null >"$LOG_FILE" 2>&1 &
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

# The variables this script prints for the tests (`env`, `cluster env`) are not the server's
# configuration, but their names are in its namespace: `RESTATE_ADMIN` would be read as the
# `admin` section and stop the server ("invalid type: found string"). A server started from a
# shell or a test that exported them (a test bringing a killed cluster node back) is started
# without them.
SCRUB=(env -u RESTATE_INGRESS -u RESTATE_ADMIN -u RESTATE_CLUSTER_INGRESS -u RESTATE_CLUSTER_ADMIN
  -u RESTATE_CLUSTER_DIR)

# --- The three-node cluster -------------------------------------------------------------------
# As Restate's cluster guide sets one up: every node runs every role (metadata server, admin,
# worker, log server, ingress); the log (Bifrost) and the metadata store are the replicated
# ones; data is replicated to 2 nodes, so the cluster takes writes with one node down; node 1
# alone may provision the cluster. Loopback only, each node with its own ports and base dir.

CLUSTER_DIR="$HOME_DIR/cluster"
C_NODE_BASE="${RESTATE_CLUSTER_NODE_PORT_BASE:-25120}"
C_INGRESS_BASE="${RESTATE_CLUSTER_INGRESS_PORT_BASE:-28080}"
C_ADMIN_BASE="${RESTATE_CLUSTER_ADMIN_PORT_BASE:-29070}"
C_PARTITIONS="${RESTATE_CLUSTER_PARTITIONS:-4}"
C_WAIT_SECS="${RESTATE_WAIT_SECS:-120}"
C_NODES=(1 2 3)

c_pid_file() { echo "$CLUSTER_DIR/n$1.pid"; }
c_ingress() { echo "http://127.0.0.1:$((C_INGRESS_BASE + $1))"; }
c_admin() { echo "http://127.0.0.1:$((C_ADMIN_BASE + $1))"; }

c_running_pid() {
  local f pid
  f="$(c_pid_file "$1")"
  [[ -f "$f" ]] || return 1
  pid="$(cat "$f" 2>/dev/null || true)"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || return 1
  echo "$pid"
}

# A node serves once its admin API is healthy and its ingress answers.
c_serving() {
  curl -fsS -m 2 "$(c_admin "$1")/health" >/dev/null 2>&1 \
    && curl -fsS -m 2 "$(c_ingress "$1")/restate/health" >/dev/null 2>&1
}

cluster_node() { # starts node $1
  local i="$1" bin addresses
  bin="$(server_bin)"
  addresses="$(printf '"http://127.0.0.1:%s",' $((C_NODE_BASE + 1)) $((C_NODE_BASE + 2)) $((C_NODE_BASE + 3)))"
  mkdir -p "$CLUSTER_DIR/n$i"
  log "starting cluster node n$i (ingress $(c_ingress "$i"), admin $(c_admin "$i")); log: $CLUSTER_DIR/n$i.log"
  RESTATE_NODE_NAME="n$i" \
    RESTATE_FORCE_NODE_ID="$i" \
    RESTATE_CLUSTER_NAME="agents-test-cluster" \
    RESTATE_AUTO_PROVISION="$([[ "$i" == 1 ]] && echo true || echo false)" \
    RESTATE_DEFAULT_REPLICATION=2 \
    RESTATE_DEFAULT_NUM_PARTITIONS="$C_PARTITIONS" \
    RESTATE_BIFROST__DEFAULT_PROVIDER=replicated \
    RESTATE_METADATA_SERVER__TYPE=replicated \
    RESTATE_METADATA_CLIENT__ADDRESSES="[${addresses%,}]" \
    RESTATE_BASE_DIR="$CLUSTER_DIR/n$i/data" \
    RESTATE_BIND_ADDRESS="127.0.0.1:$((C_NODE_BASE + i))" \
    RESTATE_ADVERTISED_ADDRESS="http://127.0.0.1:$((C_NODE_BASE + i))" \
    RESTATE_INGRESS__BIND_ADDRESS="127.0.0.1:$((C_INGRESS_BASE + i))" \
    RESTATE_ADMIN__BIND_ADDRESS="127.0.0.1:$((C_ADMIN_BASE + i))" \
    RESTATE_ADMIN__QUERY_ENGINE__PGSQL_BIND_ADDRESS="127.0.0.1:0" \
    RESTATE_ROCKSDB_TOTAL_MEMORY_SIZE="512 MiB" \
    RESTATE_DISABLE_TELEMETRY=true \
    RESTATE_LOG_DISABLE_ANSI_CODES=true \
    "${SCRUB[@]}" setsid "$bin" </dev/null >>"$CLUSTER_DIR/n$i.log" 2>&1 &
  echo $! >"$(c_pid_file "$i")"
}

cluster_start() {
  cmd_install
  mkdir -p "$CLUSTER_DIR"
  local i
  for i in "${C_NODES[@]}"; do
    if c_running_pid "$i" >/dev/null; then
      continue
    fi
    cluster_node "$i"
  done
  local waited=0
  for i in "${C_NODES[@]}"; do
    until c_serving "$i"; do
      if ! c_running_pid "$i" >/dev/null; then
        log "cluster node n$i exited; last log lines:"
        tail -n 40 "$CLUSTER_DIR/n$i.log" >&2 || true
        die "cluster node n$i failed to start"
      fi
      if ((waited >= C_WAIT_SECS)); then
        log "cluster node n$i does not serve after ${C_WAIT_SECS}s; last log lines:"
        tail -n 40 "$CLUSTER_DIR/n$i.log" >&2 || true
        die "the cluster did not come up ('$0 cluster stop' to stop it)"
      fi
      sleep 1
      waited=$((waited + 1))
    done
  done
  log "cluster serving after ~${waited}s"
  cluster_env
}

cluster_stop() {
  local i pid
  for i in "${C_NODES[@]}"; do
    if pid="$(c_running_pid "$i")"; then
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.2
      done
      kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null
      log "stopped cluster node n$i (pid $pid)"
    fi
    rm -f "$(c_pid_file "$i")"
  done
}

cluster_status() {
  local i ok=0
  for i in "${C_NODES[@]}"; do
    if c_serving "$i"; then
      log "n$i serving (ingress $(c_ingress "$i"), admin $(c_admin "$i"))"
    else
      log "n$i not serving"
      ok=1
    fi
  done
  return "$ok"
}

cluster_env() {
  local i ingress="" admin=""
  for i in "${C_NODES[@]}"; do
    ingress+="$(c_ingress "$i"),"
    admin+="$(c_admin "$i"),"
  done
  echo "RESTATE_CLUSTER_INGRESS=${ingress%,}"
  echo "RESTATE_CLUSTER_ADMIN=${admin%,}"
  echo "RESTATE_CLUSTER_DIR=$CLUSTER_DIR"
}

cmd_cluster() {
  case "${1:-}" in
    start) cluster_start ;;
    stop) cluster_stop ;;
    status) cluster_status ;;
    env) cluster_env ;;
    clean)
      cluster_stop
      rm -rf "$CLUSTER_DIR"
      ;;
    *)
      echo "usage: $0 cluster start|stop|status|env|clean" >&2
      exit 2
      ;;
  esac
}

case "${1:-}" in
  install) cmd_install ;;
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  env) cmd_env ;;
  cluster) cmd_cluster "${2:-}" ;;
  *)
    echo "usage: $0 install|start|stop|status|env|cluster start|stop|status|env|clean" >&2
    exit 2
    ;;
esac
