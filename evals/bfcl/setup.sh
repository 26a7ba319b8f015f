#!/usr/bin/env bash
# Installs the Berkeley Function Calling Leaderboard's pinned package (PyPI `bfcl-eval`) into a
# venv under evals/bfcl/.cache (git-ignored), and extracts the data the harness reads: the
# questions and the possible answers of the categories measured (`simple_python`, `multiple`,
# the held-out sets `live_simple` and `live_multiple`, and `simple_java` and `simple_javascript`),
# and the executable categories the package keeps but no longer runs (`exec_simple`,
# `exec_multiple`, `exec_parallel`, `exec_parallel_multiple`, under `data/unused_datasets`),
# whose executed calls evals/bfcl/exec_answers.py turns into possible answers for the AST
# checker. Nothing of BFCL is in this repository; everything comes from the package at run time.
# Our own suites in BFCL's format, each written blind by a session that never saw this
# repository (`blind_*` in evals/blind, `blind2_*` in evals/blind2, `blind3_*` in evals/blind3,
# `blind4_*` in evals/blind4, `blind5_*` in evals/blind5, `blind6_*` in evals/blind6, `blind7_*` in evals/blind7; their READMEs say how), are copied beside them on every run, so
# the same harness reads them.
#
# Usage: evals/bfcl/setup.sh        (idempotent; prints BFCL_HOME=<dir> when ready)
#
# Environment (optional):
#   BFCL_HOME     the cache directory (default evals/bfcl/.cache)
#   BFCL_PYTHON   the python that creates the venv (default python3)
#
# The package is installed without its dependencies: they are the model providers' SDKs and a
# retrieval stack (anthropic, openai, cohere, qwen-agent, sentence-transformers and so torch,
# faiss, …) for running models, which scoring never uses. The AST checker needs only the
# standard library, and `bfcl_eval.utils` needs `filelock` (pinned as bfcl-eval pins it).
# evals/bfcl/score.py says how the checker is loaded without the providers' registry.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
HOME_DIR="${BFCL_HOME:-$HERE/.cache}"
PYTHON="${BFCL_PYTHON:-python3}"
VENV="$HOME_DIR/venv"
DATA="$HOME_DIR/data"
PKGS=("bfcl-eval==2026.3.23" "filelock==3.20.0")
CATEGORIES=(simple_python multiple live_simple live_multiple simple_java simple_javascript)
EXEC_CATEGORIES=(exec_simple exec_multiple exec_parallel exec_parallel_multiple)
STAMP="$HOME_DIR/.installed"

log() { printf '[bfcl] %s\n' "$*" >&2; }
die() { printf '[bfcl] error: %s\n' "$*" >&2; exit 1; }

# Our own suites, each in evals/<suite>/data: the categories and the suite they are in.
BLIND_CATEGORIES=(blind_simple blind_multiple blind2_simple blind2_multiple blind3_simple blind3_multiple
  blind4_simple blind4_multiple blind5_simple blind5_multiple blind6_simple blind6_multiple blind7_simple blind7_multiple)

# Our own suites are copied whether or not BFCL's package is installed already (they may
# change with the repository, not with the package).
copy_blind() {
  mkdir -p "$DATA/possible_answer"
  for c in "${BLIND_CATEGORIES[@]}"; do
    local suite="$HERE/../${c%%_*}/data"
    cp "$suite/$c.json" "$DATA/$c.json"
    cp "$suite/possible_answer/$c.json" "$DATA/possible_answer/$c.json"
  done
}

want="${PKGS[*]} | ${CATEGORIES[*]} | ${EXEC_CATEGORIES[*]}"
if [[ -x "$VENV/bin/python" && -f "$STAMP" && "$(cat "$STAMP")" == "$want" ]]; then
  copy_blind
  echo "BFCL_HOME=$HOME_DIR"
  exit 0
fi

mkdir -p "$HOME_DIR"
if [[ ! -x "$VENV/bin/python" ]]; then
  log "creating venv $VENV"
  "$PYTHON" -m venv "$VENV"
fi
log "installing ${PKGS[*]} (without bfcl-eval's model-running dependencies)"
"$VENV/bin/pip" install --disable-pip-version-check --no-input -q --no-deps "${PKGS[@]}" </dev/null \
  || die "pip install failed (see above)"

pkg_dir="$("$VENV/bin/python" -c 'import bfcl_eval, os; print(os.path.dirname(bfcl_eval.__file__))')"
mkdir -p "$DATA/possible_answer"
for c in "${CATEGORIES[@]}"; do
  src="$pkg_dir/data/BFCL_v4_$c.json"
  answers="$pkg_dir/data/possible_answer/BFCL_v4_$c.json"
  [[ -f "$src" && -f "$answers" ]] || die "the package has no data for $c ($src)"
  cp "$src" "$DATA/$c.json"
  cp "$answers" "$DATA/possible_answer/$c.json"
done
unused="$pkg_dir/data/unused_datasets"
for c in "${EXEC_CATEGORIES[@]}"; do
  src="$unused/question/BFCL_v4_$c.json"
  answers="$unused/possible_answer/BFCL_v4_$c.json"
  [[ -f "$src" && -f "$answers" ]] || die "the package has no data for $c ($src)"
  cp "$src" "$DATA/$c.json"
  "$VENV/bin/python" "$HERE/exec_answers.py" "$src" "$answers" "$DATA/possible_answer/$c.json" \
    || die "the executed calls of $c do not read as possible answers (see above)"
done

copy_blind

# The checker loads (and scores a known right answer as right) before anything is run.
"$VENV/bin/python" "$HERE/score.py" --self-check --data "$DATA" >/dev/null \
  || die "BFCL's checker does not load (see above)"
echo "$want" >"$STAMP"
counts=()
for c in "${CATEGORIES[@]}" "${EXEC_CATEGORIES[@]}" "${BLIND_CATEGORIES[@]}"; do counts+=("$(grep -c "" "$DATA/$c.json") $c"); done
log "ready: ${counts[*]} questions in $DATA"
echo "BFCL_HOME=$HOME_DIR"
