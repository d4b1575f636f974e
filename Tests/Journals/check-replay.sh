#!/usr/bin/env bash
# Golden journals (docs/JOURNAL.md): a recorded session of the seeds' app replays against the
# library built from this checkout, identically, 20 times in a row (its search is debounced
# on the main queue, its stopwatch ticks: both replay on the journal's clock); and a session
# recorded now from the C host replays too. A change of a ViewModel that alters what the host
# sees makes the golden journal fail with the first divergence (Examples/Notes shows that
# with an edited copy: Tests/Examples/check-notes.sh, step 7); re-record it then with
# `make record-journals` and commit it with the change.
#
#   Tests/Journals/check-replay.sh REPLAY_TOOL LIBRARY TERMINAL_HOST
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
replay=${1:?usage: check-replay.sh REPLAY_TOOL LIBRARY TERMINAL_HOST}
library=${2:?usage}
host=${3:?usage}
fail() { echo "check-replay: FAILED: $*" >&2; exit 1; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

for journal in "$here"/*.jsonl; do
    name=$(basename "$journal")
    for run in $(seq 20); do
        "$replay" "$journal" --library "$library" > "$tmp/report" 2>&1 || { cat "$tmp/report" >&2; fail "$name, replay $run of 20"; }
    done
    echo "check-replay: $name: $(head -1 "$tmp/report"), 20 times in a row"
done

# A session recorded now: the terminal host's scripted flow, then its replay.
MVVM_TRACE="$tmp/now.jsonl" "$host" > "$tmp/host.log" 2>&1 || { cat "$tmp/host.log" >&2; fail "the terminal host failed"; }
"$replay" "$tmp/now.jsonl" --library "$library" > "$tmp/report" 2>&1 || { cat "$tmp/report" >&2; fail "a journal recorded now did not replay"; }
echo "check-replay: a session recorded now ($(wc -l < "$tmp/now.jsonl") lines): $(head -1 "$tmp/report")"

# A journal that does not match the library fails with exit 1, naming the line.
sed 's/"signal":"user-selected","args":\[\([0-9]*\)\]/"signal":"user-selected","args":[999\1]/' "$tmp/now.jsonl" > "$tmp/edited.jsonl"
cmp -s "$tmp/now.jsonl" "$tmp/edited.jsonl" && fail "the edit found no user-selected signal to change"
set +e
"$replay" "$tmp/edited.jsonl" --library "$library" > "$tmp/report" 2>&1
status=$?
set -e
[ "$status" -eq 1 ] || { cat "$tmp/report" >&2; fail "an edited journal gave exit $status, not 1"; }
grep -q "^replay: diverged at journal line [0-9]*: another signal was emitted" "$tmp/report" \
    || { cat "$tmp/report" >&2; fail "the divergence report does not name the line"; }
echo "check-replay: an edited journal: exit 1, $(head -1 "$tmp/report")"
