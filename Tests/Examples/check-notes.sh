#!/usr/bin/env bash
# Examples/Notes built and run as a user would (`make test-example`), outside the repository:
#   1. the example's folder is copied to a temporary folder and its path dependency pointed at
#      this checkout (the only edit: `path: "../.."` becomes the checkout's path);
#   2. its own Makefile builds the shipped libnotes.so (release, -static-stdlib, the version
#      script notes.map: only mvvm_* and notes_* exported, checked with nm -D), runs
#      `make check-generated`: `notes-generate --check` and the Python stubs' check
#      (python/notes/__init__.pyi against the library's introspection); the committed
#      Include/notes.h, exports and stubs are fresh, and a hand edit of the header or the stubs
#      is caught, naming the file and the command; and compiles notes.h as C11 and C++;
#   3. the C host (Host/notes_host.c) is built against the shipped library and its headers
#      and run with the Swift toolchain hidden (an empty folder mounted over it in a private
#      mount namespace, a clean environment: see Tests/Dist/check-dist.sh);
#   4. the Python package is built as a wheel with no library inside (the user's own library is
#      named at run time), installed into a fresh venv with no index, and python/notes_demo.py drives libnotes.so through
#      mvvm.Runtime(library=...), toolchain hidden too; `mypy --strict` checks the demo against
#      the installed package and the app's stubs (mypy from the venv run-tests.sh uses); then
#      the package's tests of application libraries (bindings/python/tests/test_any_library.py,
#      test_host_interfaces.py)
#      run against it;
#   5. a record renamed without regenerating is refused by the schema check (C and Python);
#   6. a registration the registry refuses is reported by mvvm_init() and mvvm.Runtime();
#   7. the golden journal (Journals/notes_host.jsonl) replays 20 times, toolchain hidden, and
#      so do sessions of the C host and the Python demo recorded now; the golden journal fails
#      naming the divergence against a copy whose list sorts otherwise.
# Environment: PYTHON, the interpreter that makes the venvs (default: python3);
# MVVM_PYTHON_VENV, the venv mypy and pytest are installed into (default: the checkout's
# .build/python-venv).
#
#   Tests/Examples/check-notes.sh
#
# Environment: NOTES_SCRATCH, SwiftPM's build folder for the copy (default: the checkout's
# .build/examples-notes, kept between runs so that the framework's objects are reused).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
MVVM_ROOT="$root"
# shellcheck source=../../scripts/env.sh
. "$root/scripts/env.sh"
fail() { echo "check-notes: FAILED: $*" >&2; exit 1; }

scratch="${NOTES_SCRATCH:-$root/.build/examples-notes}"
python=$("${PYTHON:-python3}" -c 'import sys; print(sys.executable)')
# $tmp (outside the repository, removed on exit) and `hidden CMD...`: CMD with the toolchain
# hidden and a clean environment.
# shellcheck source=../Support/hidden_toolchain.sh
. "$root/Tests/Support/hidden_toolchain.sh"

# 1. The copy, pointed at this checkout.
app="$tmp/Notes"
echo "== 1. Examples/Notes copied to $app, its mvvm dependency pointed at $root"
tar -C "$root/Examples" --exclude=.build --exclude=ship -cf - Notes | tar -C "$tmp" -xf -
grep -q '^let mvvm = "\.\./\.\."$' "$app/Package.swift" || fail "Examples/Notes/Package.swift has no let mvvm = \"../..\" (its mvvm dependency)"
sed -i "s|^let mvvm = \"\\.\\./\\.\\.\"$|let mvvm = \"$root\"|" "$app/Package.swift"

# 2. The shipped library and the generated files, with the example's own Makefile.
echo "== 2. make ship (release, -static-stdlib, notes.map), make check-generated (header, exports, Python stubs)"
make -C "$app" --no-print-directory ship SWIFT="$SWIFT" MVVM="$root" SCRATCH="$scratch"
lib="$app/ship/lib/libnotes.so"
exports=$(nm -D --defined-only "$lib" | awk '{ print $3 }' | sort)
others=$(echo "$exports" | grep -Ev '^(mvvm|notes)_' || true)
[ -z "$others" ] || fail "libnotes.so exports more than mvvm_* and notes_*: $(echo "$others" | head -5 | tr '\n' ' ')"
grep -qx notes_note_list_new <<< "$exports" || fail "libnotes.so does not export notes_note_list_new"
grep -qx mvvm_init <<< "$exports" || fail "libnotes.so does not export mvvm_init"
echo "check-notes: libnotes.so exports $(echo "$exports" | grep -c '^mvvm_') mvvm_ and $(echo "$exports" | grep -c '^notes_') notes_ functions, nothing else"
check_generated() { make -C "$app" --no-print-directory check-generated SWIFT="$SWIFT" MVVM="$root" SCRATCH="$scratch" PYTHON="$python"; }
check_generated
# A hand edit of the generated header is caught, naming the file and the command.
cp "$app/Include/notes.h" "$tmp/notes.h.fresh"
echo "/* edited by hand */" >> "$app/Include/notes.h"
if (cd "$app" && "$scratch/release/notes-generate" --check) > "$tmp/stale.log" 2>&1; then
    fail "notes-generate --check passed with a hand-edited Include/notes.h"
fi
grep -q "Include/notes.h" "$tmp/stale.log" && grep -q "swift run notes-generate" "$tmp/stale.log" \
    || { cat "$tmp/stale.log" >&2; fail "notes-generate --check did not name the stale file and the command"; }
cp "$tmp/notes.h.fresh" "$app/Include/notes.h"
echo "check-notes: a hand edit of Include/notes.h is caught by notes-generate --check"
# A hand edit of the generated Python stubs is caught by make check-generated, naming the file
# and the command.
stub="$app/python/notes/__init__.pyi"
cp "$stub" "$tmp/notes.pyi.fresh"
echo "# edited by hand" >> "$stub"
if check_generated > "$tmp/stale-stub.log" 2>&1; then
    fail "make check-generated passed with a hand-edited python/notes/__init__.pyi"
fi
grep -q "python/notes/__init__.pyi is stale" "$tmp/stale-stub.log" && grep -q "Regenerate it: make generate" "$tmp/stale-stub.log" \
    || { cat "$tmp/stale-stub.log" >&2; fail "the stubs' check did not name the stale file and the command"; }
cp "$tmp/notes.pyi.fresh" "$stub"
echo "check-notes: a hand edit of python/notes/__init__.pyi is caught by make check-generated"

# The app's own XCTest tests (its ViewModels on the virtual-time scheduler, its stores), as
# its developer runs them in its package.
echo "== 2b. swift test in the copy (the app's XCTest tests)"
(cd "$app" && "$SWIFT" test --scratch-path "$scratch-tests" --disable-swift-testing) > "$tmp/swift-test.log" 2>&1 \
    || { tail -60 "$tmp/swift-test.log" >&2; fail "the Notes app's tests failed"; }
echo "check-notes: $(grep -E 'Executed [0-9]+ tests' "$tmp/swift-test.log" | tail -1 | sed 's/^[[:space:]]*//')"

# The generated header compiles cleanly as C11 and C++ beside mvvm.h.
"$CLANG" -x c $MVVM_C_WARN -pedantic -fsyntax-only -I"$app/ship/include" "$app/ship/include/notes.h"
"$CLANG" -x c++ $MVVM_CXX_WARN -pedantic -fsyntax-only -I"$app/ship/include" "$app/ship/include/notes.h"
echo "check-notes: notes.h compiles as C11 and C++ (-Wall -Wextra -Werror -pedantic)"
# Its plug-in table holds every function of notes.h, names and types matching.
PREFIX=notes_ CLANG="$CLANG" "$root/Tests/ABICheck/check-api-table.sh" "$app/ship/include/notes.h" notes_api notes_get_api \
    struct_size,abi_version,get_framework_api "$app/ship/include/mvvm.h"


# 3. The C host against the shipped library, toolchain hidden.
echo "== 3. the C host, built against ship/, run with $toolchain hidden"
cc_bin=$(command -v cc || command -v "$CLANG") || fail "no C compiler"
make -C "$app" --no-print-directory host HOST_CC="$cc_bin"
# (ldd's output in a variable: `ldd | grep -q` fails under pipefail when grep quits early.)
libraries=$(ldd "$app/ship/notes_host")
grep -q "$app/ship/lib/libnotes.so" <<< "$libraries" || fail "notes_host does not load ship/lib/libnotes.so: $libraries"
hidden "$app/ship/notes_host" "$tmp/host-notes.json" > "$tmp/host.log" 2>&1 || { cat "$tmp/host.log" >&2; fail "notes_host failed"; }
tail -1 "$tmp/host.log"

# 4. Python: a fresh venv, the package without a bundled library, the demo and the tests.
echo "== 4. Python: a fresh venv, mvvm installed, notes_demo.py and test_any_library.py, $toolchain hidden"
# The package as a wheel without a library inside (MVVM_WHEEL_LIBRARY=none), built from a copy
# by the venv `make wheel` uses (setuptools >= 70.1), then installed with no index.
wheel_venv="$root/.build/python-wheel-venv"
[ -x "$wheel_venv/bin/python" ] || "$python" -m venv "$wheel_venv"
PIP_DISABLE_PIP_VERSION_CHECK=1 "$wheel_venv/bin/python" -m pip install --quiet 'setuptools>=70.1' \
    || fail "setuptools >= 70.1 could not be installed into $wheel_venv"
cp -r "$root/bindings/python" "$tmp/python-package"
MVVM_WHEEL_LIBRARY=none PIP_DISABLE_PIP_VERSION_CHECK=1 "$wheel_venv/bin/python" -m pip wheel --quiet --no-deps \
    --no-build-isolation --wheel-dir "$tmp/wheel" "$tmp/python-package" || fail "the package's wheel could not be built"
"$python" -m venv "$tmp/venv"
PIP_DISABLE_PIP_VERSION_CHECK=1 "$tmp/venv/bin/pip" install --quiet --no-index "$tmp"/wheel/mvvm-*.whl \
    || fail "pip install of the package's wheel into a fresh venv failed"
hidden "$tmp/venv/bin/python" "$app/python/notes_demo.py" "$lib" "$tmp/python-notes.json" > "$tmp/python.log" 2>&1 \
    || { cat "$tmp/python.log" >&2; fail "notes_demo.py failed"; }
tail -1 "$tmp/python.log"
# The demo type-checks with the typed module notes (python/notes/__init__.pyi) and the package
# as installed in $tmp/venv (--python-executable: its site-packages, py.typed included). mypy
# and pytest are installed as run-tests.sh installs them, into the same venv.
mypy_venv="${MVVM_PYTHON_VENV:-$root/.build/python-venv}"
[ -x "$mypy_venv/bin/python" ] || "$python" -m venv "$mypy_venv"
PIP_DISABLE_PIP_VERSION_CHECK=1 "$mypy_venv/bin/python" -m pip install --quiet mypy pytest \
    || fail "mypy and pytest could not be installed into $mypy_venv"
(cd "$app/python" && "$mypy_venv/bin/python" -m mypy --strict --no-incremental --cache-dir "$tmp/mypy-cache" \
    --python-executable "$tmp/venv/bin/python" notes_demo.py) || fail "mypy --strict failed on python/notes_demo.py"
# The package's tests of application libraries, against libnotes.so (pytest from that venv: the
# system's interpreter need not have it; the package from the checkout).
(cd "$tmp" && NOTES_LIBRARY="$lib" MVVM_LIBRARY="$lib" PYTHONPATH="$root/bindings/python" \
    "$mypy_venv/bin/python" -m pytest -q -p no:cacheprovider "$root/bindings/python/tests/test_any_library.py" \
        "$root/bindings/python/tests/test_host_interfaces.py") \
    || fail "test_any_library.py or test_host_interfaces.py failed against libnotes.so"

# Steps 5 and 6 edit the copy, rebuild its debug library (incrementally, in the tests' scratch
# folder) and check what a C host and a Python host are told.
# rebuild_edited WHAT: the edited copy's debug library, or fail saying WHAT did not build.
rebuild_edited() {
    (cd "$app" && "$SWIFT" build --product notes --scratch-path "$scratch-tests") > "$tmp/edited-build.log" 2>&1 \
        || { tail -30 "$tmp/edited-build.log" >&2; fail "$1 did not build"; }
}
# run_c_check NAME FAILURE: $tmp/NAME.c, built against the headers and the edited library, must exit 0.
run_c_check() {
    # shellcheck disable=SC2086 # the shared flags split into words
    "$CLANG" $MVVM_C_WARN -I"$app/ship/include" "$tmp/$1.c" -L"$scratch-tests/debug" -lnotes \
        -Wl,-rpath,"$scratch-tests/debug" -o "$tmp/$1"
    "$tmp/$1" > "$tmp/$1.log" 2>&1 || { cat "$tmp/$1.log" >&2; fail "$2"; }
    echo "check-notes: $(cat "$tmp/$1.log")"
}
# run_python_check NAME FAILURE: $tmp/NAME.py, given the edited library, with the copy's module
# notes importable, must exit 0.
run_python_check() {
    (cd "$tmp" && PYTHONPATH="$app/python" "$tmp/venv/bin/python" "$tmp/$1.py" "$scratch-tests/debug/libnotes.so") \
        > "$tmp/$1_py.log" 2>&1 || { cat "$tmp/$1_py.log" >&2; fail "$2"; }
    echo "check-notes: $(cat "$tmp/$1_py.log")"
}

# 5. A record changed without regenerating: the library's schema hash is no longer the
#    header's, and a host's one-line check says so, naming both hashes (mvvm.h, "THE SCHEMA
#    HASH"). The copy's Note record (an @Record) gets another C name (its struct would be
#    notes_stored_note); the debug library is rebuilt, the header is not.
echo "== 5. Note's record renamed, the header not regenerated: notes_check_schema() refuses"
record="$app/Sources/NotesApp/Models/Note.swift"
grep -qx '@Record' "$record" || fail "$record has no @Record to rename"
sed -i 's/^@Record$/@Record(name: "StoredNote")/' "$record"
rebuild_edited "the edited Notes library"
cat > "$tmp/schema_check.c" <<'C'
#include <stdio.h>
#include <string.h>
#include "notes.h"
int main(void) {
    mvvm_status status = notes_check_schema();
    const char *message = mvvm_last_error_message();
    printf("%s: %s\n", mvvm_status_name(status), message);
    return status == MVVM_E_SCHEMA && strstr(message, NOTES_SCHEMA_HASH) != NULL ? 0 : 1;
}
C
run_c_check schema_check "notes_check_schema() did not refuse the edited library"
# And Python: the module notes, whose stubs (python/notes/_schema.py) are of the header's build,
# refuses the edited library when its first class is used.
cat > "$tmp/schema_check.py" <<'PY'
import sys

import mvvm

with mvvm.Runtime(library=sys.argv[1]):
    import notes

    try:
        notes.NoteList
    except mvvm.SchemaMismatchError as exc:
        print(f"python: {type(exc).__name__}: {exc}")
        sys.exit(0)
    sys.exit("python: the edited library was not refused")
PY
run_python_check schema_check "the module notes did not refuse the edited library"

# 6. A registration the registry refuses (the app registers its enum twice) is reported, not a
#    crash: mvvm_init() answers MVVM_E_STATE naming the refusal, and so does mvvm.Runtime().
echo "== 6. a refused registration: mvvm_init() and mvvm.Runtime() say why"
registration="$app/Sources/NotesApp/Registration.swift"
grep -q 'enums: \[DraftState.self\]' "$registration" || fail "$registration registers no DraftState"
sed -i 's/enums: \[DraftState.self\]/enums: [DraftState.self, DraftState.self]/' "$registration"
rebuild_edited "the Notes library registering DraftState twice"
cat > "$tmp/refused.c" <<'C'
#include <stdio.h>
#include <string.h>
#include "notes.h"
int main(void) {
    mvvm_status status = mvvm_init();
    const char *message = mvvm_last_error_message();
    printf("%s: %s\n", mvvm_status_name(status), message);
    return status == MVVM_E_STATE && strstr(message, "A second enum named DraftState") != NULL ? 0 : 1;
}
C
run_c_check refused "mvvm_init() did not report the refused registration"
cat > "$tmp/refused.py" <<'PY'
import sys

import mvvm

try:
    mvvm.Runtime(library=sys.argv[1])
except mvvm.StateError as exc:
    print(f"python: {type(exc).__name__}: {exc}")
    sys.exit(0 if "A second enum named DraftState" in str(exc) else 1)
sys.exit("python: the refused registration was not reported")
PY
run_python_check refused "mvvm.Runtime() did not report the refused registration"

# 7. Journals (docs/JOURNAL.md). The golden journal (Journals/notes_host.jsonl: the C host's
#    session, `make record-journal`) replays against the shipped library with mvvm-replay,
#    toolchain hidden, 20 times in a row (its search is debounced: replay runs on the
#    journal's clock), in a folder as the session started in it (no notes.json; the corrupt
#    file the host writes before opening it). A session of the C host recorded now replays
#    too, and so does one of the Python demo, with the package's mvvm-replay. Then a
#    ViewModel of the copy is changed (pinned notes sort last): the golden journal no longer
#    replays against that library, and the report names the divergence.
echo "== 7. journals: the golden one, the C host's and the Python demo's replay; a changed ViewModel diverges"
replay_tool="$tmp/mvvm-replay"
# shellcheck disable=SC2086 # the shared flags split into words
"$CLANG" $MVVM_C_WARN -I"$app/ship/include" "$root/bindings/c/tools/mvvm-replay.c" -ldl -o "$replay_tool"
golden="$app/Journals/notes_host.jsonl"
[ -f "$golden" ] || fail "no golden journal $golden (make record-journal)"
as_at_start() { rm -rf "$tmp/session" && mkdir "$tmp/session" && printf '{ not json' > "$tmp/session/notes.json.corrupt"; }
for run in $(seq 20); do
    as_at_start
    (cd "$tmp/session" && hidden "$replay_tool" "$golden" --library "$app/ship/lib/libnotes.so") > "$tmp/replay.log" 2>&1 \
        || { cat "$tmp/replay.log" >&2; fail "the golden journal did not replay (run $run of 20)"; }
done
echo "check-notes: the golden journal ($(wc -l < "$golden") lines): $(head -1 "$tmp/replay.log"), 20 times in a row"
as_at_start
(cd "$tmp/session" && rm notes.json.corrupt && hidden env MVVM_TRACE="$tmp/host.jsonl" "$app/ship/notes_host" notes.json) \
    > "$tmp/journal-host.log" 2>&1 || { cat "$tmp/journal-host.log" >&2; fail "notes_host failed while journaling"; }
as_at_start
(cd "$tmp/session" && hidden "$replay_tool" "$tmp/host.jsonl" --library "$app/ship/lib/libnotes.so") > "$tmp/replay.log" 2>&1 \
    || { cat "$tmp/replay.log" >&2; fail "the C host's journal recorded now did not replay"; }
echo "check-notes: the C host's journal recorded now: $(head -1 "$tmp/replay.log")"
rm -f "$tmp/demo-notes.json"
hidden env MVVM_TRACE="$tmp/demo.jsonl" PYTHONPATH="$app/python" "$tmp/venv/bin/python" "$app/python/notes_demo.py" "$lib" \
    "$tmp/demo-notes.json" > "$tmp/journal-demo.log" 2>&1 || { cat "$tmp/journal-demo.log" >&2; fail "notes_demo.py failed while journaling"; }
rm -f "$tmp/demo-notes.json"
hidden "$tmp/venv/bin/mvvm-replay" "$tmp/demo.jsonl" --library "$lib" > "$tmp/replay-demo.log" 2>&1 \
    || { cat "$tmp/replay-demo.log" >&2; fail "the Python demo's journal did not replay"; }
echo "check-notes: the Python demo's journal: $(head -1 "$tmp/replay-demo.log")"
# The changed ViewModel, on the copy as it was before steps 5 and 6.
cp -R "$root/Examples/Notes/Sources/NotesApp/." "$app/Sources/NotesApp/"
order="$app/Sources/NotesApp/Models/NoteOrder.swift"
grep -q 'if a.pinned != b.pinned { return a.pinned }' "$order" || fail "$order does not sort pinned notes first"
sed -i 's/if a.pinned != b.pinned { return a.pinned }/if a.pinned != b.pinned { return b.pinned }/' "$order"
rebuild_edited "the Notes library whose list sorts pinned notes last"
as_at_start
set +e
(cd "$tmp/session" && "$replay_tool" "$golden" --library "$scratch-tests/debug/libnotes.so") > "$tmp/replay-changed.log" 2>&1
status=$?
set -e
[ "$status" -eq 1 ] || { cat "$tmp/replay-changed.log" >&2; fail "the journal against the changed ViewModel gave exit $status, not 1"; }
grep -q '^replay: diverged at journal line [0-9]*: ' "$tmp/replay-changed.log" \
    || { cat "$tmp/replay-changed.log" >&2; fail "the report does not name the divergence"; }
echo "check-notes: against the changed ViewModel: exit 1, $(head -1 "$tmp/replay-changed.log")"
echo "check-notes: passed"
