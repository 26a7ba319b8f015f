#!/usr/bin/env bash
# Build time of a small user crate: the same travel assistant on `agents` (ours/) and on rig
# (rig/), each in a target directory of its own, in one run. For each: a cold build (empty target
# directory, dependencies already downloaded), then an incremental build after editing the agent
# declaration (its prompt text). Prints a Markdown table; see README.md.
#
#   benches/build-peers/run.sh                 # debug builds, what `cargo run` does first
#   ROUNDS=3 benches/build-peers/run.sh        # three rounds, order alternating, fastest kept
#   PROFILE=release benches/build-peers/run.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="${BUILD_PEERS_DIR:-$here/target}"
rounds="${ROUNDS:-1}"
profile="${PROFILE:-dev}"
peers=(ours rig)

# The edit: one more sentence in the agent's prompt (the same text in both programs).
before='You help travellers. Use the tools.'
after='You help travellers. Use the tools, then answer in one sentence.'

# Whatever happens, the sources go back as they were.
restore() { for p in "${peers[@]}"; do [[ -f "$work/$p.main.rs" ]] && cp "$work/$p.main.rs" "$here/$p/src/main.rs"; done; }
trap restore EXIT
mkdir -p "$work"

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

build() { # peer, log file
  CARGO_TARGET_DIR="$work/$1" cargo build --profile "$profile" \
    --manifest-path "$here/$1/Cargo.toml" >"$2" 2>&1
}

declare -A cold inc crates
echo "toolchain: $(rustc --version); nproc $(nproc); load at start: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for p in "${peers[@]}"; do
  # Downloads are not build time.
  cargo fetch --manifest-path "$here/$p/Cargo.toml" >/dev/null 2>&1
  cp "$here/$p/src/main.rs" "$work/$p.main.rs"
done

for ((round = 0; round < rounds; round++)); do
  order=("${peers[@]}")
  ((round % 2 == 1)) && order=(rig ours)
  for p in "${order[@]}"; do
    rm -rf "${work:?}/$p"
    t0=$(now); build "$p" "$work/$p.cold.log"; t1=$(now)
    c=$(secs "$t0" "$t1")
    n=$(grep -c '^ *Compiling ' "$work/$p.cold.log" || true)
    sed -i "s/$before/$after/" "$here/$p/src/main.rs"
    grep -q "$after" "$here/$p/src/main.rs" || { echo "the edit did not apply to $p" >&2; exit 1; }
    t0=$(now); build "$p" "$work/$p.inc.log"; t1=$(now)
    i=$(secs "$t0" "$t1")
    cp "$work/$p.main.rs" "$here/$p/src/main.rs"
    echo "round $((round + 1)) $p: cold ${c}s ($n crates), incremental ${i}s" >&2
    if [[ -z "${cold[$p]:-}" ]] || awk -v a="$c" -v b="${cold[$p]}" 'BEGIN { exit !(a < b) }'; then
      cold[$p]=$c
    fi
    if [[ -z "${inc[$p]:-}" ]] || awk -v a="$i" -v b="${inc[$p]}" 'BEGIN { exit !(a < b) }'; then
      inc[$p]=$i
    fi
    crates[$p]=$n
  done
done
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

echo "| user crate on | cold build (s) | crates compiled | incremental, agent edited (s) |"
echo "|---|---:|---:|---:|"
echo "| agents (default features) | ${cold[ours]} | ${crates[ours]} | ${inc[ours]} |"
echo "| rig-core + rig-agent 0.44 | ${cold[rig]} | ${crates[rig]} | ${inc[rig]} |"
awk -v a="${cold[ours]}" -v b="${cold[rig]}" \
  'BEGIN { printf "\ncold build, agents / rig: %.2f\n", a / b }'
