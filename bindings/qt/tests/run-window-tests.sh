#!/bin/sh
# make test-qt's on-screen part: runs each example window of BUILD (seeds_window over
# libmvvm.so, notes_window over Notes' libnotes.so; `make -C bindings/qt windows` builds them)
# with --test: it drives the window (types, scrolls, clicks), checks the widgets through Qt's
# API and writes BUILD/seeds.png and BUILD/notes.png.
#
# The display: Xvfb (xvfb-run, Qt's xcb platform) when installed; else the display of DISPLAY or
# WAYLAND_DISPLAY; else QT_QPA_PLATFORM=offscreen when the caller set it. Without any of them it
# prints a line saying the windows were skipped, and succeeds.
#
#   sh bindings/qt/tests/run-window-tests.sh BUILD
set -eu
build=$1

if [ "${QT_QPA_PLATFORM:-}" = offscreen ]; then
    run() { "$@"; }
    where="off screen (QT_QPA_PLATFORM=offscreen)"
elif command -v xvfb-run > /dev/null 2>&1; then
    run() { QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1024x768x24" "$@"; }
    where="under Xvfb"
elif [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    run() { "$@"; }
    where="on ${DISPLAY:-$WAYLAND_DISPLAY}"
else
    echo "test-qt: windows: skipped: no display server (install xvfb, set DISPLAY, or QT_QPA_PLATFORM=offscreen)"
    exit 0
fi

# check WINDOW PNG ARGS...: runs one window's test; its output, and the screenshot checked.
status=0
check() {
    name=$1 png=$2
    shift 2
    rm -f "$png"
    code=0
    run "$build/$name" "$@" > "$build/$name.log" 2>&1 || code=$?
    # Qt's notice about XDG_RUNTIME_DIR is not ours.
    grep -v 'XDG_RUNTIME_DIR' "$build/$name.log" || true
    [ $code -eq 0 ] || { echo "test-qt: $name exited $code"; status=1; }
    [ -s "$png" ] || { echo "test-qt: no $png"; status=1; }
}
echo "test-qt: windows $where"
check seeds_window "$build/seeds.png" --test "$build/seeds.png"
check notes_window "$build/notes.png" --test "$build/notes.json" "$build/notes.png"
exit $status
