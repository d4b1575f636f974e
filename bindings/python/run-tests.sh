#!/usr/bin/env bash
# Runs the Python bindings' checks: the seeds' stub is fresh, mypy --strict on the packages
# (mvvm, mvvm_seeds), then pytest; then the PyGObject tests (mvvm.gtk) in .build/python-gtk-venv,
# Debian's python3 with its site packages (python3-gi, gir1.2-gtk-4.0), in a full run only.
#
#   swift build --product mvvm            # once, from the repository root
#   bindings/python/run-tests.sh [pytest args...]
#
# Environment:
#   MVVM_LIBRARY       libmvvm.so to test (default: <repo>/.build/debug, else .build/release)
#   MVVM_PYTHON_VENV   the venv to (re)use (default: <repo>/.build/python-venv)
#   MVVM_HYPOTHESIS_PROFILE  ci (default: derandomized, bounded) or long (make check-all)
#   PYTHON             the interpreter that creates the venv (default: python3; Debian's needs
#                      python3-venv, from `make deps`)
#   MVVM_SCREENSHOT_DIR  where the Tk example's screenshot goes (default: <repo>/.build/python-screenshots;
#                      the Tk test runs only if tkinter and xvfb-run are available)
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
MVVM_ROOT="$REPO"
# shellcheck source=../../scripts/env.sh
. "$REPO/scripts/env.sh"

if [[ -z "${MVVM_LIBRARY:-}" ]]; then
    for config in debug release; do
        if [[ -f "$REPO/.build/$config/libmvvm.so" ]]; then
            MVVM_LIBRARY="$REPO/.build/$config/libmvvm.so"
            break
        fi
    done
fi
if [[ -z "${MVVM_LIBRARY:-}" || ! -f "$MVVM_LIBRARY" ]]; then
    echo "run-tests.sh: libmvvm.so not found; run 'swift build --product mvvm' in $REPO or set MVVM_LIBRARY" >&2
    exit 2
fi
export MVVM_LIBRARY
echo "library: $MVVM_LIBRARY"
# The leak report on: every runtime the tests shut down reports what was never released, and
# the `runtime` fixture fails a test that left anything (docs/JOURNAL.md).
export MVVM_DEBUG_LEAKS=1

VENV="${MVVM_PYTHON_VENV:-$REPO/.build/python-venv}"
if [[ ! -x "$VENV/bin/python" ]]; then
    mvvm_require_deps python3-venv
    "${PYTHON:-python3}" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --upgrade pip >/dev/null
"$VENV/bin/python" -m pip install --quiet pytest mypy hypothesis
# A regular (non-editable) install: the tests import the installed package, py.typed included.
# Without a library inside (MVVM_WHEEL_LIBRARY=none, see setup.py): the tests drive the library
# MVVM_LIBRARY names (the debug build under `make test-python`); the shipped library inside
# the wheel is tested by `make test-dist`.
MVVM_WHEEL_LIBRARY=none "$VENV/bin/python" -m pip install --quiet --force-reinstall --no-deps "$HERE"
rm -rf "$HERE/build" "$HERE"/*.egg-info

echo "== stubs (mvvm_seeds/__init__.pyi against the library's introspection)"
# The command the stub's header names (the library by a placeholder path: the output never
# depends on the machine).
STUBGEN_ARGS=(--module mvvm_seeds --reexport mvvm_seeds.host)
STUBGEN_COMMAND="cd bindings/python && python3 -m mvvm._stubgen --library /path/to/libmvvm.so ${STUBGEN_ARGS[*]} --output mvvm_seeds/__init__.pyi"
if ! (cd "$HERE" && "$VENV/bin/python" -m mvvm._stubgen "${STUBGEN_ARGS[@]}" --command "$STUBGEN_COMMAND" \
        --check mvvm_seeds/__init__.pyi); then
    echo "run-tests.sh: bindings/python/mvvm_seeds/__init__.pyi is stale. Regenerate it:" >&2
    echo "    ${STUBGEN_COMMAND/\/path\/to\/libmvvm.so/$MVVM_LIBRARY}" >&2
    exit 1
fi

echo "== mypy --strict"
(cd "$HERE" && "$VENV/bin/python" -m mypy --strict --no-incremental mvvm mvvm_seeds)
echo "== mypy --strict (examples, tests)"
(cd "$HERE" && "$VENV/bin/python" -m mypy --strict --no-incremental examples tests)

# Hypothesis (the model-based tests in tests/model) keeps its caches under .build, not in the
# source tree; MVVM_HYPOTHESIS_PROFILE picks its settings (tests/model/model_support.py).
export HYPOTHESIS_STORAGE_DIRECTORY="${HYPOTHESIS_STORAGE_DIRECTORY:-$REPO/.build/hypothesis}"
export MVVM_SCREENSHOT_DIR="${MVVM_SCREENSHOT_DIR:-$REPO/.build/python-screenshots}"
echo "== pytest (Tk screenshots, if taken: $MVVM_SCREENSHOT_DIR/tk_host.png, tk_host_search.png)"
LOG="$(mktemp)"
trap 'rm -f "$LOG"' EXIT
set +e
(cd "$HERE/tests" && "$VENV/bin/python" -m pytest -p no:cacheprovider -q --rootdir "$HERE" "$@" .) 2>&1 | tee "$LOG"
status=${PIPESTATUS[0]}
set -e
echo "== summary: $(grep -E '^(=+ )?[0-9]+ (passed|failed|error)|no tests ran' "$LOG" | tail -1)"
[[ "$status" -eq 0 ]] || exit "$status"

# The PyGObject tests (mvvm.gtk) again, in Debian's python3 with its site packages: PyGObject
# and GTK 4's typelib come from Debian (python3-gi, gir1.2-gtk-4.0), not from PyPI, so the main
# venv skips them. Skipped, saying why, when that interpreter has no GTK 4 (make deps installs it).
GTK_TESTS=(test_gtk_list_model.py test_gtk_window.py)
if [[ $# -gt 0 ]]; then
    exit 0  # pytest arguments pick the tests; the GTK pass runs only in a full run
fi
GTK_PYTHON=/usr/bin/python3
if ! "$GTK_PYTHON" -c 'import gi; gi.require_version("Gtk", "4.0")' >/dev/null 2>&1; then
    echo "== PyGObject tests skipped: $GTK_PYTHON has no PyGObject with GTK 4 (make deps installs python3-gi, gir1.2-gtk-4.0)"
    exit 0
fi
GTK_VENV="$REPO/.build/python-gtk-venv"
if [[ ! -x "$GTK_VENV/bin/python" ]]; then
    "$GTK_PYTHON" -m venv --system-site-packages "$GTK_VENV"
fi
"$GTK_VENV/bin/python" -m pip install --quiet pytest hypothesis
MVVM_WHEEL_LIBRARY=none "$GTK_VENV/bin/python" -m pip install --quiet --force-reinstall --no-deps "$HERE"
rm -rf "$HERE/build" "$HERE"/*.egg-info
echo "== pytest, PyGObject with GTK 4 ($GTK_VENV: ${GTK_TESTS[*]}; screenshots under .build/gtk)"
set +e
(cd "$HERE/tests" && "$GTK_VENV/bin/python" -m pytest -p no:cacheprovider -q -rs --rootdir "$HERE" "${GTK_TESTS[@]}") 2>&1 | tee "$LOG"
status=${PIPESTATUS[0]}
set -e
echo "== summary (PyGObject): $(grep -E '^(=+ )?[0-9]+ (passed|failed|error|skipped)|no tests ran' "$LOG" | tail -1)"
exit "$status"
