#!/usr/bin/env bash
# Runs the Python bindings' checks: the stubs are fresh, mypy --strict on the package, then
# pytest.
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

echo "== stubs (mvvm/_generated.pyi against the library's introspection)"
STUB="$(mktemp)"
"$VENV/bin/python" -m mvvm._stubgen --output "$STUB"
if ! diff -u "$HERE/mvvm/_generated.pyi" "$STUB"; then
    rm -f "$STUB"
    echo "run-tests.sh: bindings/python/mvvm/_generated.pyi is stale (it does not match the library's" >&2
    echo "introspection). Regenerate it:" >&2
    echo "    cd bindings/python && MVVM_LIBRARY=$MVVM_LIBRARY python3 -m mvvm._stubgen" >&2
    exit 1
fi
rm -f "$STUB"

echo "== mypy --strict"
(cd "$HERE" && "$VENV/bin/python" -m mypy --strict --no-incremental mvvm)
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
exit "$status"
