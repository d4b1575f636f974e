"""The build hook of the mvvm package: puts libmvvm.so inside the package (pyproject.toml holds
the rest of the metadata; setuptools is the build backend).

Where the library comes from, by MVVM_WHEEL_LIBRARY:

* unset: built now, from the repository this folder belongs to (``make ship-library``: the
  self-contained release build, Swift runtime linked in; needs the Swift toolchain), so that
  ``pip install ./bindings/python`` on a machine with the toolchain gives a working package;
* a path: that file (``make wheel`` passes the library it has just built);
* ``none``: no library; the package then finds one through MVVM_LIBRARY or the system
  (bindings/python/run-tests.sh, which tests the debug library).

With a library inside, the wheel is a platform wheel (``py3-none-<platform>``: the Python code
is pure, ctypes loads the library, any Python 3 will do; ``Root-Is-Purelib: false``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

try:  # setuptools >= 70.1
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # older setuptools, with the wheel package
    from wheel.bdist_wheel import bdist_wheel  # type: ignore[no-redef]

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
LIBRARY = "libmvvm.so"


def library_source() -> Path | None:
    """The libmvvm.so to put in the package, or None (MVVM_WHEEL_LIBRARY=none)."""
    setting = os.environ.get("MVVM_WHEEL_LIBRARY", "")
    if setting == "none":
        return None
    if setting:
        path = Path(setting)
        if not path.is_file():
            raise SystemExit(f"mvvm build: MVVM_WHEEL_LIBRARY={setting} is not a file")
        return path
    if not (REPO / "Package.swift").is_file() or not (REPO / "Makefile").is_file():
        raise SystemExit(
            f"mvvm build: {HERE} is not inside the mvvm repository, so libmvvm.so cannot be built here; "
            "install a wheel (make wheel), or set MVVM_WHEEL_LIBRARY to a libmvvm.so (or to 'none' to "
            "install the package without one and set MVVM_LIBRARY at run time)"
        )
    # The Makefile (and scripts/env.sh) own the toolchain discovery and the flags: ask it.
    subprocess.run(["make", "-C", str(REPO), "--no-print-directory", "ship-library"], check=True)
    out = subprocess.run(
        ["make", "-C", str(REPO), "--no-print-directory", "-s", "print-ship-library"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    path = Path(out)
    if not path.is_file():
        raise SystemExit(f"mvvm build: make ship-library did not produce {path}")
    return path


class BuildPy(build_py):
    """Copies the library into the built package (not in editable mode: an editable install
    runs from the source folder, which finds the repository's .build; see mvvm/_ffi.py)."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "mvvm" / LIBRARY
        source = library_source()
        if source is None:
            target.unlink(missing_ok=True)  # none left over from an earlier build
            return
        self.announce(f"mvvm: bundling {source} ({source.stat().st_size / 1e6:.1f} MB)", level=2)
        shutil.copyfile(source, target)
        target.chmod(0o755)


def bundles_library() -> bool:
    return os.environ.get("MVVM_WHEEL_LIBRARY") != "none"


class BinaryDistribution(Distribution):
    """With the library inside, the package is a binary one: setuptools then installs it into
    platlib and marks the wheel ``Root-Is-Purelib: false``."""

    def has_ext_modules(self) -> bool:
        return bundles_library()


class BdistWheel(bdist_wheel):
    """With the library inside, the tag is py3-none-<platform>: the Python code runs on any
    Python 3 (no extension module), the library on that platform only."""

    def get_tag(self) -> tuple[str, str, str]:
        python, abi, platform = super().get_tag()
        if self.root_is_pure:
            return python, abi, platform
        return "py3", "none", platform


# setuptools builds in the source folder by default (build/, mvvm.egg-info/): `pip install
# bindings/python` would write into the user's checkout. Its scratch goes to a folder of the
# temporary directory instead (per user; each build rewrites what it needs).
SCRATCH = Path(tempfile.gettempdir()) / f"mvvm-python-build-{os.getuid()}"
SCRATCH.mkdir(mode=0o700, exist_ok=True)

setup(
    distclass=BinaryDistribution,
    cmdclass={"build_py": BuildPy, "bdist_wheel": BdistWheel},
    options={"build": {"build_base": str(SCRATCH / "build")}, "egg_info": {"egg_base": str(SCRATCH)}},
)
