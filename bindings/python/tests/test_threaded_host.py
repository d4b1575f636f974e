"""The asyncio loop in a ``threading.Thread`` as libmvvm's host thread (threaded_host.py),
in a process of its own: the host thread is fixed for a process's lifetime, and this
process's tests run on the main thread."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_an_asyncio_loop_in_a_thread_drives_every_view_model_type() -> None:
    program = Path(__file__).with_name("threaded_host.py")
    env = dict(os.environ)
    package = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = package + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run(
        [sys.executable, str(program)], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().endswith("threaded host: ok")
