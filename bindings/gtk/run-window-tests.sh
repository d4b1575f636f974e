#!/bin/sh
# make test-gtk's on-screen part: builds the example windows against the adapter in BUILD
# (libmvvm-gtk.so), the seeds' window against .build/debug/libmvvm.so and the Notes window
# against Examples/Notes/ship/lib/libnotes.so (built by `make -C Examples/Notes ship` when
# missing), then runs each with --test under Xvfb: it drives the window, checks the widgets and
# writes BUILD/seeds.png and BUILD/notes.png. Without a display server (no xvfb-run and no
# DISPLAY) it prints a line saying so and succeeds.
#
#   sh bindings/gtk/run-window-tests.sh BUILD
set -eu
build=$1
root=$(pwd)
cc=$(sh scripts/env.sh --print CLANG)
cflags="$(sh scripts/env.sh --print MVVM_C_WARN) -D_POSIX_C_SOURCE=200809L -Ibindings/gtk"
gtk_flags=$(pkg-config --cflags --libs gtk4)

if command -v xvfb-run > /dev/null 2>&1; then
    run() { GSK_RENDERER=cairo xvfb-run -a -s "-screen 0 1024x768x24" "$@"; }
elif [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    run() { GSK_RENDERER=cairo "$@"; }
else
    echo "test-gtk: windows: skipped: no display server (install xvfb, or set DISPLAY)"
    exit 0
fi

# shellcheck disable=SC2086 # flag lists split
$cc $cflags -IInclude bindings/gtk/examples/seeds_window.c $gtk_flags -L"$build" -lmvvm-gtk \
    -L.build/debug -lmvvm -Wl,-rpath,"$root/.build/debug" -Wl,-rpath,"$build" -o "$build/seeds_window"
notes=Examples/Notes/ship
[ -f $notes/lib/libnotes.so ] || make -C Examples/Notes ship > "$build/notes-ship.log" 2>&1 \
    || { cat "$build/notes-ship.log"; exit 1; }
# shellcheck disable=SC2086
$cc $cflags -I$notes/include bindings/gtk/examples/notes_window.c $gtk_flags -L"$build" -lmvvm-gtk \
    -L$notes/lib -lnotes -Wl,-rpath,"$root/$notes/lib" -Wl,-rpath,"$build" -o "$build/notes_window"

# check WINDOW ARGS...: runs one window's test; its output without GTK's session-bus notice.
status=0
check() {
    name=$1; shift
    code=0
    run "$build/$name" "$@" > "$build/$name.log" 2>&1 || code=$?
    grep -v 'session bus' "$build/$name.log" || true
    [ $code -eq 0 ] || { echo "test-gtk: $name exited $code"; status=1; }
}
check seeds_window --test "$build/seeds.png"
[ -s "$build/seeds.png" ] || { echo "test-gtk: no $build/seeds.png"; status=1; }
check notes_window --test "$build/notes.json" "$build/notes.png"
[ -s "$build/notes.png" ] || { echo "test-gtk: no $build/notes.png"; status=1; }
exit $status
