"""The examples run to completion: asyncio in a terminal, Tk under Xvfb (with a screenshot)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_asyncio_host_example() -> None:
    out = subprocess.run(
        [sys.executable, str(EXAMPLES / "asyncio_host.py")],
        capture_output=True, text=True, timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "navigate: PUSH UserDetail" in out.stdout
    assert "did-save: Grace Renamed" in out.stdout
    assert "navigate: POP UserDetail" in out.stdout
    assert "list row 1 is now: Grace Renamed" in out.stdout
    assert "stopwatch button: Stop" in out.stdout


def _has_tkinter() -> bool:
    try:
        import tkinter  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.mark.skipif(not _has_tkinter(), reason="tkinter is not available")
@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="xvfb-run is not installed (run `make deps`)")
def test_tk_host_example_under_xvfb(tmp_path: Path) -> None:
    shot_dir = Path(os.environ.get("MVVM_SCREENSHOT_DIR", str(tmp_path)))
    shot_dir.mkdir(parents=True, exist_ok=True)
    shot = shot_dir / "tk_host.png"
    out = subprocess.run(
        ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24",
         sys.executable, str(EXAMPLES / "tk_host.py"), "--self-test", "--screenshot", str(shot)],
        capture_output=True, text=True, timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "SELF-TEST OK" in out.stdout
    for step in ("next page on scroll", "save disabled on invalid", "back on list, row renamed",
                 "liked", "lap recorded",
                 # the search: typed query, results paged on scroll, a result's detail, saved,
                 # back on the search, Back to the list with the row renamed
                 "search shown over the list, empty-query hint", "search: results for 'r', more pages",
                 "search: next page on scroll", "search: empty-query hint again",
                 "search: results for 'lovelace'", "search: result's detail pushed",
                 "search: save enabled", "back on search after save",
                 "back on list, search result renamed"):
        assert f"ok: {step}" in out.stdout
    if shutil.which("xwd"):
        # The window at the end, and the search pane with its results (taken mid-test).
        for path in (shot, shot_dir / "tk_host_search.png"):
            data = path.read_bytes()
            assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 5000, path


def test_threaded_asyncio_host_example() -> None:
    out = subprocess.run(
        [sys.executable, str(EXAMPLES / "threaded_asyncio_host.py")],
        capture_output=True, text=True, timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "sample list: " in out.stdout
    assert "stopwatch ticked on the host thread" in out.stdout
    assert "host repository answered from a pool thread: Pool User 3" in out.stdout
    assert "another thread: WrongThreadError: UserList.refresh(): " in out.stdout
    assert "was called on thread" in out.stdout and "but the host thread is thread" in out.stdout
    assert out.stdout.rstrip().endswith("threaded asyncio host: done")
    assert "warning" not in out.stderr  # no DispatchQueue.main.async lost in worker mode
