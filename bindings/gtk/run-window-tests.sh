#!/bin/sh
# The GTK windows under Xvfb (bindings/gtk/examples); skipped with a line without a display server.
set -eu
build=$1
if [ ! -f bindings/gtk/examples/gtk_app.c ]; then echo "test-gtk: windows: not built yet (skipped)"; exit 0; fi
