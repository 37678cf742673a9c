#!/usr/bin/env bash
# The promise of docs/LEAGUE.md, measured under load: an interrupted `accc sim` loses at most
# about a second of play.
#
#   scripts/crash-trial.sh [TRIALS] [ACCC]      (defaults: 20, target/release/accc)
#
# Each trial keeps both cores busy with another process (two shell loops), starts a
# 100-season `accc sim` on a fresh folder, kills it with SIGKILL at a random moment 1-10 s
# in, and then looks at what the file holds: it must load, and the play lost is what was
# played after its last save. That is measured as the save's age at the kill (the kill's time
# less the file's modification time), and in seasons as that age times the run's pace (the
# seasons the file holds over the time they took). Prints one line a trial and the worst.
set -euo pipefail
trials=${1:-20}
accc=${2:-target/release/accc}
[ -x "$accc" ] || { echo "no $accc: build it first (cargo build --release)" >&2; exit 2; }
busy=()
for _ in 1 2; do (while :; do :; done) & busy+=($!); done
trap 'kill "${busy[@]}" 2>/dev/null || true' EXIT
worst_age=0; worst_seasons=0
for t in $(seq 1 "$trials"); do
  dir=$(mktemp -d)
  start=$(date +%s.%N)
  "$accc" sim M --seed "$t" --saves-dir "$dir" --json >/dev/null 2>&1 &
  pid=$!
  sleep "$(awk -v r="$RANDOM" 'BEGIN { printf "%.2f", 1 + 9 * r / 32767 }')"
  kill -9 "$pid" 2>/dev/null || true
  killed=$(date +%s.%N)
  wait "$pid" 2>/dev/null || true
  if [ ! -e "$dir/M.acc" ]; then
    echo "trial $t: killed before the first save ($(awk -v a="$killed" -v b="$start" 'BEGIN { printf "%.2f", a - b }') s in)"
    rm -rf "$dir"; continue
  fi
  saved=$(stat -c %.9Y "$dir/M.acc")
  if ! json=$("$accc" export M --saves-dir "$dir"); then
    echo "trial $t: the file left by the kill does not load" >&2; exit 1
  fi
  years=$(grep -o '"year":[0-9]*' <<<"$json" | sort -u | wc -l || true)
  line=$(awk -v k="$killed" -v s="$saved" -v b="$start" -v y="$years" 'BEGIN {
    age = k - s; pace = y / (s - b); printf "%.2f %.1f %.1f", age, age * pace, pace }')
  read -r age seasons pace <<<"$line"
  echo "trial $t: save ${age} s old at the kill, ~${seasons} seasons lost (${years} seasons held, ${pace} a second)"
  worst_age=$(awk -v a="$age" -v w="$worst_age" 'BEGIN { print (a > w) ? a : w }')
  worst_seasons=$(awk -v a="$seasons" -v w="$worst_seasons" 'BEGIN { print (a > w) ? a : w }')
  rm -rf "$dir"
done
echo "worst of $trials: the save ${worst_age} s old at the kill, ~${worst_seasons} seasons lost"
