#!/usr/bin/env bash
# The promise of docs/LEAGUE.md, measured under load: an interrupted `accc sim` loses at most
# about a second of play.
#
#   scripts/crash-trial.sh [KILLS] [ACCC]      (defaults: 30, target/release/accc)
#   BUSY=0 scripts/crash-trial.sh ...          (no busy loops of its own; default 2)
#
# Each trial starts a 100-season `accc sim` on a fresh folder in a pseudo-terminal (`script`),
# so that it draws its progress bar ("N/100 seasons"), and kills it with SIGKILL at a random
# moment between 0.5 s and 12 s in (a run that ends first is counted as finished, not as a
# kill). It then looks at what the file holds: it must load (`accc export`), and the play lost
# is measured two ways:
# - seasons: the last season count the process had printed before the kill, less the seasons
#   the file holds (the bar is redrawn up to 20 times a second, so this is the least it had
#   played), and those seasons in seconds at the run's own pace (printed seasons over the time
#   to the kill);
# - the save's age at the kill: the kill's time less the file's modification time.
# While it runs, BUSY shell loops keep the cores busy on top of whatever else the machine is
# doing; the load average is printed at the start and the end. Prints one line a trial and
# the worst of each measure.
set -euo pipefail
kills=${1:-30}
accc=${2:-target/release/accc}
busy_n=${BUSY:-2}
[ -x "$accc" ] || { echo "no $accc: build it first (cargo build --release)" >&2; exit 2; }
command -v script >/dev/null || { echo "needs script(1) (util-linux)" >&2; exit 2; }
busy=()
for _ in $(seq 1 "$busy_n"); do (while :; do :; done) & busy+=($!); done
trap '[ ${#busy[@]} -eq 0 ] || kill "${busy[@]}" 2>/dev/null || true' EXIT
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores, $busy_n busy loops)"
worst_age=0; worst_seasons=0; worst_secs=0; done_kills=0; finished=0; t=0
while [ "$done_kills" -lt "$kills" ] && [ "$t" -lt $((kills * 3)) ]; do
  t=$((t + 1))
  dir=$(mktemp -d)
  start=$(date +%s.%N)
  script -qfec "stty cols 100 rows 30; exec $accc sim M --seed $t --saves-dir $dir" \
    "$dir/tty" >/dev/null 2>&1 &
  spid=$!
  at=$(awk -v r="$RANDOM" 'BEGIN { printf "%.2f", 0.5 + 11.5 * r / 32767 }')
  sleep "$at"
  pid=$(pgrep -P "$spid" || true)
  if [ -z "$pid" ] || ! kill -9 "$pid" 2>/dev/null; then
    wait "$spid" 2>/dev/null || true
    finished=$((finished + 1)); rm -rf "$dir"; continue
  fi
  killed=$(date +%s.%N)
  wait "$spid" 2>/dev/null || true
  printed=$(tr '\r' '\n' <"$dir/tty" | grep -ao '[0-9]*/100 seasons' | tail -1 | cut -d/ -f1 || true)
  printed=${printed:-0}
  if [ "$printed" -ge 100 ]; then finished=$((finished + 1)); rm -rf "$dir"; continue; fi
  done_kills=$((done_kills + 1))
  if [ ! -e "$dir/M.acc" ]; then
    echo "trial $t: killed at ${at} s, before the file was made (${printed} seasons printed)"
    rm -rf "$dir"; continue
  fi
  saved=$(stat -c %.9Y "$dir/M.acc")
  if ! json=$("$accc" export M --saves-dir "$dir"); then
    echo "trial $t: the file left by the kill does not load" >&2; exit 1
  fi
  held=$(grep -o '"year":[0-9]*' <<<"$json" | sort -u | wc -l || true)
  line=$(awk -v k="$killed" -v s="$saved" -v b="$start" -v h="$held" -v p="$printed" 'BEGIN {
    age = k - s; lost = p - h; if (lost < 0) lost = 0; pace = p / (k - b);
    secs = (pace > 0) ? lost / pace : 0;
    printf "%.2f %d %.2f %.1f", age, lost, secs, pace }')
  read -r age lost secs pace <<<"$line"
  echo "trial $t: killed at ${at} s: ${printed} seasons printed, ${held} held: ${lost} lost (${secs} s at ${pace} a second); the save ${age} s old"
  worst_age=$(awk -v a="$age" -v w="$worst_age" 'BEGIN { print (a > w) ? a : w }')
  worst_seasons=$(awk -v a="$lost" -v w="$worst_seasons" 'BEGIN { print (a > w) ? a : w }')
  worst_secs=$(awk -v a="$secs" -v w="$worst_secs" 'BEGIN { print (a > w) ? a : w }')
  rm -rf "$dir"
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "worst of $done_kills kills ($finished runs finished before their kill): ${worst_seasons} seasons lost (${worst_secs} s of play at the run's pace); the save at most ${worst_age} s old"
