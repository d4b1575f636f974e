"""The PyGObject window over the seeds' app (examples/gtk_seeds_window.py) on screen: run under
Xvfb (or the display there is), it drives itself — the list shows and pages on scroll, the
query shows results, a failing detail shows the error banner, a result's detail is edited and
saved — and renders the window to PNG: MVVM_GTK_SCREENSHOT_DIR (default: the repository's
.build/gtk) / py-seeds.png and py-seeds-error.png.

Skips, saying why, without PyGObject with GTK 4 in this interpreter (run-tests.sh runs it in
.build/python-gtk-venv) or without a display server (no xvfb-run and no DISPLAY)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parents[1]
EXAMPLE = HERE / "examples" / "gtk_seeds_window.py"

try:
    from mvvm import gtk as mvvm_gtk

    mvvm_gtk.require_gtk()
except ImportError as exc:
    pytest.skip(f"PyGObject with GTK 4 is not importable here ({exc}); run-tests.sh runs this test "
                "in .build/python-gtk-venv", allow_module_level=True)


def display_command() -> list[str]:
    if shutil.which("xvfb-run"):
        return ["xvfb-run", "-a", "-s", "-screen 0 1024x768x24"]
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return []
    pytest.skip("no display server: install xvfb (make deps) or set DISPLAY")


def test_the_pygobject_window_on_screen() -> None:
    prefix = display_command()
    shots = Path(os.environ.get("MVVM_GTK_SCREENSHOT_DIR", str(HERE.parents[1] / ".build" / "gtk")))
    shots.mkdir(parents=True, exist_ok=True)
    png = shots / "py-seeds.png"
    for stale in (png, shots / "py-seeds-error.png"):
        stale.unlink(missing_ok=True)
    env = dict(os.environ, GSK_RENDERER="cairo")
    out = subprocess.run([*prefix, sys.executable, str(EXAMPLE), "--test", str(png)],
                         capture_output=True, text=True, timeout=180, env=env)
    log = out.stdout + "\n".join(line for line in out.stderr.splitlines() if "session bus" not in line)
    print(log)
    assert out.returncode == 0, log
    assert "FAILED" not in out.stdout and "py seeds window: 1 passed, 0 failed" in out.stdout, log
    for step in ("the user list shows rows", "scrolling to the end loaded the next page",
                 "the entry set the ViewModel's query", "shows its error in the banner",
                 "opening another detail clears the banner", "editing the name enables Save",
                 "Save stored the name", "after saving the detail is not dirty",
                 "clearing the query shows the list again"):
        assert any(line.startswith("ok: ") and step in line for line in out.stdout.splitlines()), step
    for path in (png, shots / "py-seeds-error.png"):
        data = path.read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 5000, path
