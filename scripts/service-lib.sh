# Shared by scripts/local-llm.sh, scripts/restate.sh and scripts/phoenix.sh (sourced, not run):
# waiting for a server a script launched, and stopping one by its pid file. The sourcing script
# defines `log` and `die`.

# wait_healthy NAME PID PID_FILE LOG_FILE WAIT_SECS HEALTHY_FN: returns once HEALTHY_FN succeeds;
# dies with the log's last lines when the process exits first or WAIT_SECS pass.
wait_healthy() {
  local name="$1" pid="$2" pid_file="$3" log_file="$4" wait_secs="$5" healthy="$6"
  local waited=0
  until "$healthy"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      log "$name exited during startup; last log lines:"
      tail -n 40 "$log_file" >&2 || true
      rm -f "$pid_file"
      die "$name failed to start"
    fi
    if ((waited >= wait_secs)); then
      log "not healthy after ${wait_secs}s; last log lines:"
      tail -n 40 "$log_file" >&2 || true
      die "$name did not become healthy (pid $pid still running; '$0 stop' to kill it)"
    fi
    sleep 1
    waited=$((waited + 1))
  done
  log "healthy after ~${waited}s (pid $pid)"
}

# stop_by_pid_file PID_FILE RUNNING_PID_FN: stops the process RUNNING_PID_FN prints (SIGTERM,
# then SIGKILL after 10 s), and removes the pid file.
stop_by_pid_file() {
  local pid_file="$1" running="$2" pid
  if pid="$("$running")"; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
    if kill -0 "$pid" 2>/dev/null; then
      log "pid $pid ignored SIGTERM; sending SIGKILL"
      kill -9 "$pid" 2>/dev/null || true
    fi
    log "stopped pid $pid"
  else
    log "not running (no live pid in $pid_file)"
  fi
  rm -f "$pid_file"
}
