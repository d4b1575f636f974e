#!/bin/sh
# The one place that installs system packages: `make deps`, which every make target that builds
# or runs something depends on. Installs every missing Debian package the project needs with a
# single `apt-get update` and a single `apt-get install` (as root); when all are present it does
# nothing, quickly and quietly. A package counts as present when what we use from it is there
# (a pkg-config module, a command, a Python module), however it was installed.
#
#   scripts/deps.sh                        install what is missing
#   scripts/deps.sh --missing [PACKAGE...] print the missing ones among PACKAGE (default: all);
#                                          scripts use it through mvvm_require_deps (env.sh)
#
# What needs which package:
#   libffi-dev, pkg-config   the library itself (Sources/CFFI: libffi's header; libffi itself is
#                            opened on first use), make install / test-install
#   libsqlite3-dev           the library itself (Sources/CSQLite: the SQLite repository)
#   libgtk-4-dev, xauth      make test-gtk (bindings/gtk: the GTK 4 adapter and its windows under
#                            xvfb-run, which needs xauth)
#   libglib2.0-dev           make test-glib-host, check-all's glib_host, Benchmarks/c (GObject)
#   xvfb, x11-apps           the Python Tk host test (xvfb-run, xwd for its screenshot)
#   python3-gi               Benchmarks/python (the PyGObject reference), mvvm.gtk's tests
#   gir1.2-gtk-4.0           mvvm.gtk's tests (GTK 4 for PyGObject, in run-tests.sh's GTK pass)
#   python3-venv             bindings/python/run-tests.sh (python3 -m venv)
#   libcurl4-openssl-dev     the library itself (Sources/CCurl: the HTTP repository's transport),
#                            Benchmarks/c/http_bench.c (libcurl's easy interface, the reference)
#   qt6-base-dev             bindings/qt (the Qt 6 adapter mvvm-qt, its windows), make test-qt
set -eu

PACKAGES="libffi-dev libsqlite3-dev pkg-config libglib2.0-dev xvfb x11-apps python3-gi gir1.2-gtk-4.0 python3-venv libcurl4-openssl-dev libgtk-4-dev xauth qt6-base-dev"

# present PACKAGE: succeeds when what we use from PACKAGE is available.
present() {
    case $1 in
        libffi-dev) pkg-config --exists libffi ;;
        libsqlite3-dev) pkg-config --exists sqlite3 ;;
        pkg-config) command -v pkg-config ;;
        libglib2.0-dev) pkg-config --exists glib-2.0 gobject-2.0 ;;
        xvfb) command -v xvfb-run ;;
        x11-apps) command -v xwd ;;
        python3-gi) /usr/bin/python3 -c 'import gi' ;;
        gir1.2-gtk-4.0) /usr/bin/python3 -c 'import gi; gi.require_version("Gtk", "4.0")' ;;
        python3-venv) "${PYTHON:-python3}" -c 'import ensurepip, venv' ;;
        libcurl4-openssl-dev) pkg-config --exists libcurl ;;
        libgtk-4-dev) pkg-config --exists gtk4 ;;
        xauth) command -v xauth ;;
        qt6-base-dev) pkg-config --exists Qt6Widgets ;;
        *) return 2 ;;
    esac > /dev/null 2>&1
}

# missing PACKAGE...: prints the missing ones, space-separated; status 2 on an unknown name.
missing() {
    list=
    for package in "$@"; do
        status=0
        present "$package" || status=$?
        case $status in
            0) ;;
            2) echo "deps.sh: unknown package '$package' (known: $PACKAGES)" >&2; return 2 ;;
            *) list="${list:+$list }$package" ;;
        esac
    done
    echo "$list"
}

case ${1:-} in
    --missing)
        shift
        # shellcheck disable=SC2086 # the package list splits into names
        [ $# -gt 0 ] || set -- $PACKAGES
        missing "$@"
        exit 0
        ;;
    '') ;;
    *)
        echo "usage: scripts/deps.sh [--missing [PACKAGE...]]" >&2
        exit 2
        ;;
esac

# shellcheck disable=SC2086
todo=$(missing $PACKAGES)
[ -n "$todo" ] || exit 0

echo "deps: installing $todo"
if ! command -v apt-get > /dev/null 2>&1; then
    echo "deps: apt-get not found; install these Debian packages (or their equivalents) yourself: $todo" >&2
    exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "deps: installing packages needs root; run 'sudo make deps' (missing: $todo)" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# Wait for another apt/dpkg run (a concurrent `make deps`) instead of failing on its lock.
# shellcheck disable=SC2086
apt-get -o DPkg::Lock::Timeout=300 update -qq
# shellcheck disable=SC2086
apt-get -o DPkg::Lock::Timeout=300 install -y -qq $todo

# shellcheck disable=SC2086
still=$(missing $todo)
if [ -n "$still" ]; then
    echo "deps: still missing after apt-get install: $still" >&2
    exit 1
fi
echo "deps: installed $todo"
