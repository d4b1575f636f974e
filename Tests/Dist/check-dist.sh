#!/usr/bin/env bash
# The shipped artifacts work where no Swift toolchain is installed (`make test-dist`).
#
#   Tests/Dist/check-dist.sh ARCHIVE DIST_DIR
#       ARCHIVE   dist/mvvm-<version>-linux-<arch>.tar.gz (`make dist`)
#       DIST_DIR  the folder holding mvvm-<version>-py3-none-<platform>.whl (`make wheel`)
#
# Every step runs in a private mount namespace where an empty folder is mounted over the
# toolchain (MVVM_TOOLCHAIN_DIR from scripts/env.sh: /opt/swift here), with a clean
# environment (env -i: no MVVM_* variable, no LD_LIBRARY_PATH, PATH=/usr/local/bin:/usr/bin:/bin),
# in temporary folders outside the repository:
#   1. C: the archive unpacked; bindings/c/examples/pkgconfig_smoke.c built with nothing but
#      `pkg-config --cflags --libs mvvm` (the system's cc, inside the namespace; the toolchain's
#      clang, outside, only when there is no cc) and run;
#   2. Python: a fresh venv, the wheel installed with pip (--no-index: no network), and
#      Tests/Dist/wheel_smoke.py run from a temporary folder (import mvvm, a user list, a
#      detail save);
#   3. exports: `nm -D --defined-only` of both libraries (the archive's, the installed wheel's)
#      lists exactly the mvvm_ functions Include/mvvm.h and Include/mvvm_seeds.h declare.
# The namespace needs `unshare --mount` (root) or `unshare --user --map-root-user --mount`
# (unprivileged user namespaces); when neither is permitted the test FAILS, saying so.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
MVVM_ROOT="$root"
# shellcheck source=../../scripts/env.sh
. "$root/scripts/env.sh"

archive="${1:?usage: check-dist.sh ARCHIVE DIST_DIR}"
dist="${2:?usage: check-dist.sh ARCHIVE DIST_DIR}"
fail() { echo "check-dist: FAILED: $*" >&2; exit 1; }

version=$(sed -n 's/^#define MVVM_VERSION_STRING "\(.*\)"$/\1/p' "$MVVM_INCLUDE_DIR/mvvm.h")
[ -f "$archive" ] || fail "$archive not found (make dist)"
wheels=("$dist"/mvvm-"$version"-py3-none-*.whl)
[ -f "${wheels[0]}" ] || fail "no mvvm-$version-py3-none-*.whl in $dist (make wheel)"
[ "${#wheels[@]}" -eq 1 ] || fail "more than one wheel for $version in $dist: ${wheels[*]}"
wheel="${wheels[0]}"
# The interpreter that makes the venv, resolved outside (a pyenv shim needs its environment).
python=$("${PYTHON:-python3}" -c 'import sys; print(sys.executable)')
# $tmp (outside the repository, removed on exit) and `hidden CMD...`: CMD with the toolchain
# hidden and a clean environment.
# shellcheck source=../Support/hidden_toolchain.sh
. "$root/Tests/Support/hidden_toolchain.sh"
# shellcheck disable=SC2016 # expanded by the inner shell
hidden sh -c '[ -z "$(ls -A "$1")" ] || { echo "$1 is not empty" >&2; exit 1; }
    if command -v swift; then echo "swift is on PATH" >&2; exit 1; fi
    if env | grep -E "^(MVVM_|LD_LIBRARY_PATH=)"; then echo "set in the environment" >&2; exit 1; fi' \
    sh "$toolchain" || fail "the toolchain is still visible inside the namespace, or MVVM_*/LD_LIBRARY_PATH is set"
echo "check-dist: toolchain hidden: $toolchain is empty inside '${hide[*]}', swift is not on PATH, no MVVM_* or LD_LIBRARY_PATH"

# 1. The archive, from a C host built with its pkg-config alone.
echo "== 1. $(basename "$archive"): a C host built with pkg-config alone, toolchain hidden"
mkdir "$tmp/c"
tar -xzf "$archive" -C "$tmp/c"
prefix="$tmp/c/$(basename "$archive" .tar.gz)"
for file in lib/libmvvm.so include/mvvm.h include/mvvm_seeds.h lib/pkgconfig/mvvm.pc README.md; do
    [ -f "$prefix/$file" ] || fail "the archive lacks $file"
done
mkdir "$tmp/c/host"
cp "$root/bindings/c/examples/pkgconfig_smoke.c" "$tmp/c/host/"
# Inner script: $1 host folder, $2 unpacked prefix, $3 compiler ("" = built already), $4 flags.
# shellcheck disable=SC2016 # expanded by the inner shell
c_host='set -e; cd "$1"; export PKG_CONFIG_PATH="$2/lib/pkgconfig"
    got=$(pkg-config --variable=prefix mvvm); [ "$(cd "$got" && pwd -P)" = "$(cd "$2" && pwd -P)" ] \
        || { echo "mvvm.pc resolves its prefix to $got, not $2" >&2; exit 1; }
    flags=$(pkg-config --cflags --libs mvvm)
    if [ -n "$3" ]; then echo "pkg-config --cflags --libs mvvm: $flags"; $3 $4 pkgconfig_smoke.c $flags -o smoke; fi
    so=$(ldd ./smoke | sed -n "s/^[[:space:]]*libmvvm.so => \(.*\) (0x.*/\1/p")
    [ -n "$so" ] && [ "$(readlink -f "$so")" = "$(readlink -f "$2/lib/libmvvm.so")" ] \
        || { echo "the host does not load $2/lib/libmvvm.so:" >&2; ldd ./smoke >&2; exit 1; }
    echo "the host loads $(readlink -f "$so")"
    if ldd ./smoke | grep -E "not found|libswift|libFoundation|libdispatch"; then echo "unresolved or Swift runtime libraries" >&2; exit 1; fi
    ./smoke'
if command -v cc > /dev/null; then
    hidden sh -c "$c_host" sh "$tmp/c/host" "$prefix" cc "$MVVM_C_WARN" || fail "the C host from the archive"
else
    echo "check-dist: no system cc: the host is built outside the namespace with $CLANG, run inside"
    (cd "$tmp/c/host" && export PKG_CONFIG_PATH="$prefix/lib/pkgconfig" \
        && "$CLANG" $MVVM_C_WARN pkgconfig_smoke.c $(pkg-config --cflags --libs mvvm) -o smoke)
    hidden sh -c "$c_host" sh "$tmp/c/host" "$prefix" "" "" || fail "the C host from the archive"
fi

# 2. The wheel, in a fresh venv, driven from outside the repository.
echo "== 2. $(basename "$wheel"): pip install into a fresh venv, import mvvm from a temporary folder, toolchain hidden"
mkdir "$tmp/py" "$tmp/py/work"
cp "$here/wheel_smoke.py" "$tmp/py/"
# shellcheck disable=SC2016 # expanded by the inner shell
hidden sh -c 'set -e; "$1" -m venv "$2/venv"
    "$2/venv/bin/python" -m pip install --quiet --no-index --no-deps --disable-pip-version-check "$3"
    cd "$2/work" && "$2/venv/bin/python" "$2/wheel_smoke.py"' \
    sh "$python" "$tmp/py" "$wheel" || fail "the wheel in a fresh venv"
installed=$(echo "$tmp"/py/venv/lib/python3*/site-packages/mvvm/libmvvm.so)
[ -f "$installed" ] || fail "the installed wheel has no mvvm/libmvvm.so"

# 3. The exports: the C API and nothing else.
echo "== 3. exported symbols (nm -D --defined-only), toolchain hidden"
"$root/Tests/ABICheck/header-functions.sh" > "$tmp/declared"
[ -s "$tmp/declared" ] || fail "no functions found in the header"
for library in "$prefix/lib/libmvvm.so" "$installed"; do
    hidden nm -D --defined-only "$library" > "$tmp/nm" || fail "nm -D $library"
    # Global (upper-case type letters) and unique/weak entries are exports; lower-case ones
    # are local entries some linkers leave in .dynsym (not exported).
    awk '$2 ~ /^[A-Zuvw]$/ { print $3 }' "$tmp/nm" | sort -u > "$tmp/exported"
    locals=$(awk '$2 !~ /^[A-Zuvw]$/' "$tmp/nm" | wc -l)
    if ! diff -u --label declared-in-header "$tmp/declared" --label exported-by-library "$tmp/exported"; then
        fail "$library exports more or other than the functions of Include/mvvm.h and Include/mvvm_seeds.h (diff above)"
    fi
    if awk '$3 ~ /^mvvm_/ && $2 != "T"' "$tmp/nm" | grep .; then fail "$library: an mvvm_ export is not a function"; fi
    echo "check-dist: $library: $(wc -l < "$tmp/exported") exported symbols, all mvvm_ functions of the header" \
         "($locals local .dynsym entries); NEEDED: $(readelf -d "$library" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | tr '\n' ' ')"
done

size() { awk -v b="$(stat -c %s "$1")" 'BEGIN { printf "%.1f MB", b / 1e6 }'; }
echo "check-dist: sizes: $(basename "$archive") $(size "$archive"), $(basename "$wheel") $(size "$wheel")," \
     "libmvvm.so $(size "$prefix/lib/libmvvm.so")"
echo "check-dist: passed"
