"""Drives the installed wheel (Tests/Dist/check-dist.sh copies this file to a temporary folder
and runs it there with the venv's python, the toolchain hidden, no MVVM_* variables).

Checks that `import mvvm` loads the library inside the installed package and no Swift runtime
library, that the seeds' package `mvvm_seeds` is installed beside it with its stub, then: a user list on a JSON-file repository loads its first page, a user detail
renames the first user and saves, the file holds the new name and a new repository on it
reads it back.
Prints one line per step; exits non-zero on the first failure.
"""

from __future__ import annotations

import json
import os
import sys
import sysconfig

import mvvm
import mvvm_seeds
from mvvm import _ffi


def main() -> None:
    site = os.path.realpath(sysconfig.get_paths()["platlib"])
    with mvvm.Runtime() as runtime:
        path = os.path.realpath(_ffi.library_path() or "")
        assert path == os.path.join(site, "mvvm", "libmvvm.so"), f"loaded {path}, not the package's library"
        print(f"wheel_smoke: mvvm {mvvm.version_string()} (ABI {mvvm.abi_version()}) from {path}")
        seeds = os.path.dirname(os.path.realpath(mvvm_seeds.__file__))
        assert seeds == os.path.join(site, "mvvm_seeds"), f"mvvm_seeds from {seeds}, not the wheel's"
        for typed in ("py.typed", "__init__.pyi"):  # typed for mypy, as mvvm is
            assert os.path.exists(os.path.join(seeds, typed)), f"the wheel's mvvm_seeds lacks {typed}"
        with open("/proc/self/maps") as maps:
            swift = sorted({line.split()[-1] for line in maps if "libswift" in line or "libFoundation" in line})
        assert not swift, f"a Swift runtime library is loaded: {swift}"

        store = os.path.join(os.getcwd(), "users.json")  # a temporary folder (check-dist.sh)
        repository = mvvm_seeds.Repository.json_file(store, runtime)
        users = mvvm_seeds.UserList(repository)
        users.on_appear()
        assert runtime.run_until(lambda: users.count > 0, 10.0), "the user list never loaded"
        first = users.rows[0]
        print(f"wheel_smoke: user list: {users.count} rows, first {first.name} <{first.email}>")

        detail = mvvm_seeds.UserDetail(repository, first.id)
        saved: list[mvvm_seeds.User] = []
        detail.connect("did-save", saved.append)
        detail.on_appear()
        assert runtime.run_until(lambda: detail.user is not None, 10.0), "the detail never loaded"
        detail.draft_name = "Grace Wheel"
        assert detail.can_save, detail.validation_message
        detail.save()
        assert runtime.run_until(lambda: bool(saved), 10.0), "did-save never came"
        assert saved[0].name == "Grace Wheel", saved
        with open(store) as file:
            assert "Grace Wheel" in json.dumps(json.load(file)), "the JSON file lacks the new name"
        detail.close()
        users.close()
        # The saved name, read back through a new repository on the same file.
        again = mvvm_seeds.UserList(mvvm_seeds.Repository.json_file(store, runtime))
        again.on_appear()
        assert runtime.run_until(lambda: again.count > 0, 10.0), "the reopened list never loaded"
        reread = again.rows[0]
        again.close()
        assert reread.name == "Grace Wheel", reread
        print(f"wheel_smoke: detail save: user {first.id} renamed to {saved[0].name}; {store} reopened: {reread.name}")
    print("wheel_smoke: ok")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as failure:
        print(f"wheel_smoke: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
