"""Stores shared with other processes, and changed under an open repository by another
program: nothing is lost silently, the host survives, a damaged file is never written."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import TypedDict

import pytest

import mvvm
import mvvm_seeds

WRITER = Path(__file__).with_name("store_writer.py")
SAVES = 200


class WriterReport(TypedDict):
    saved: int
    errors: list[str]
    last: dict[str, str]


def run_writers(kind: str, path: Path, groups: dict[str, list[int]]) -> dict[str, WriterReport]:
    """Runs one store_writer.py process per group at once; their reports by prefix."""
    # The children import the same mvvm package as this process.
    package_parent = str(Path(mvvm.__file__).resolve().parent.parent)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [package_parent, os.environ.get("PYTHONPATH")])))
    processes = {
        prefix: subprocess.Popen(
            [sys.executable, str(WRITER), kind, str(path), prefix, str(SAVES), *map(str, ids)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        for prefix, ids in groups.items()
    }
    reports: dict[str, WriterReport] = {}
    for prefix, process in processes.items():
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        reports[prefix] = json.loads(out.strip().splitlines()[-1])
    return reports


def stored_names(kind: str, path: Path) -> dict[int, str]:
    if kind == "json":
        return {user["id"]: user["name"] for user in json.loads(path.read_text())["users"]}
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return dict(db.execute("SELECT id, name FROM users"))


@pytest.mark.parametrize("kind", ["json", "sqlite"])
def test_two_processes_saving_at_once_lose_no_save(tmp_path: Path, runtime: mvvm.Runtime, kind: str) -> None:
    path = tmp_path / f"store.{kind}"
    if kind == "json":
        first_page(mvvm_seeds.Repository.json_file(path), runtime)  # created before both start
    else:
        first_page(mvvm_seeds.Repository.sqlite(path, runtime, user_count=40), runtime)

    reports = run_writers(kind, path, {"A": [1, 2, 3, 4], "B": [11, 12, 13, 14]})

    names = stored_names(kind, path)
    for report in reports.values():
        assert report["saved"] == SAVES, report["errors"]
        for user_id, name in report["last"].items():
            assert names[int(user_id)] == name


def first_page(repo: mvvm_seeds.Repository, runtime: mvvm.Runtime) -> list[mvvm_seeds.User]:
    users = mvvm_seeds.UserList(repo)
    users.on_appear()
    assert runtime.run_until(lambda: users.count > 0 and users.loading == 0, 10.0)
    return [users.row(i) for i in range(users.count)]


def loaded_detail(repo: mvvm_seeds.Repository, runtime: mvvm.Runtime, user_id: int) -> mvvm_seeds.UserDetail:
    detail = mvvm_seeds.UserDetail(repo, user_id)
    detail.on_appear()
    assert runtime.run_until(lambda: detail.user is not None or detail.error_message is not None, 10.0)
    return detail


def save(detail: mvvm_seeds.UserDetail, runtime: mvvm.Runtime, name: str) -> str | None:
    """Saves `name`; None once stored, else the error message."""
    saved: list[object] = []
    detail.connect("did-save", saved.append)
    detail.draft_name = name
    detail.save()
    assert runtime.run_until(lambda: bool(saved) or (not detail.is_saving and detail.error_message is not None), 10.0)
    return None if saved else detail.error_message


def digest(path: Path) -> str:
    parts = [path.read_bytes()] + [Path(f"{path}{s}").read_bytes() for s in ("-wal",) if Path(f"{path}{s}").exists()]
    return hashlib.sha256(b"".join(parts)).hexdigest()


def test_a_sqlite_store_truncated_while_open_is_an_error_not_a_crash(tmp_path: Path, runtime: mvvm.Runtime) -> None:
    path = tmp_path / "store.sqlite"
    repo = mvvm_seeds.Repository.sqlite(path, runtime, user_count=1000)
    assert save(loaded_detail(repo, runtime, 1), runtime, "Saved Before") is None
    os.truncate(path, path.stat().st_size // 2)

    detail = loaded_detail(repo, runtime, 990)

    assert detail.user is None
    assert detail.error_message is not None and str(path) in detail.error_message
    hashed = digest(path)
    assert save(loaded_detail(repo, runtime, 2), runtime, "After") is not None
    del repo, detail
    runtime.shutdown()
    assert digest(path) == hashed, "the damaged file was written"


def test_a_sqlite_store_damaged_in_place_is_never_written_again(tmp_path: Path, runtime: mvvm.Runtime) -> None:
    path = tmp_path / "store.sqlite"
    repo = mvvm_seeds.Repository.sqlite(path, runtime, user_count=1000)
    assert save(loaded_detail(repo, runtime, 1), runtime, "Saved Before") is None
    size = path.stat().st_size
    with open(path, "r+b") as damaged:
        damaged.seek(size // 2)
        damaged.write(b"\x5a" * (size - size // 2))

    reader = loaded_detail(repo, runtime, 990)
    assert reader.error_message is not None and "malformed" in reader.error_message
    hashed = digest(path)

    message = save(loaded_detail(repo, runtime, 1), runtime, "After Damage")
    assert message is not None and "found damaged" in message and str(path) in message
    del repo, reader
    runtime.shutdown()
    assert digest(path) == hashed, "the damaged file was written"


def test_a_json_store_edited_by_hand_is_shown_and_not_overwritten(tmp_path: Path, runtime: mvvm.Runtime) -> None:
    path = tmp_path / "store.json"
    repo = mvvm_seeds.Repository.json_file(path)
    detail = loaded_detail(repo, runtime, 1)
    document = json.loads(path.read_text())
    document["users"][1]["name"] = "Edited By Hand"
    path.write_text(json.dumps(document))

    assert save(detail, runtime, "Saved By The App") is None

    names = stored_names("json", path)
    assert names[1] == "Saved By The App"
    assert names[2] == "Edited By Hand"
    assert loaded_detail(repo, runtime, 2).user.name == "Edited By Hand"  # type: ignore[union-attr]


def test_a_json_save_over_another_processes_change_is_refused_with_a_message(tmp_path: Path, runtime: mvvm.Runtime) -> None:
    path = tmp_path / "store.json"
    repo = mvvm_seeds.Repository.json_file(path)
    detail = loaded_detail(repo, runtime, 3)
    document = json.loads(path.read_text())
    document["users"][2]["name"] = "Theirs"
    path.write_text(json.dumps(document))

    message = save(detail, runtime, "Mine")

    assert message is not None and "user 3 was changed by another program" in message
    assert stored_names("json", path)[3] == "Theirs"
    assert detail.draft_name == "Mine", "the draft is kept"


def test_a_json_store_truncated_while_open_is_an_error_and_kept(tmp_path: Path, runtime: mvvm.Runtime) -> None:
    path = tmp_path / "store.json"
    repo = mvvm_seeds.Repository.json_file(path)
    detail = loaded_detail(repo, runtime, 1)
    os.truncate(path, path.stat().st_size // 2)
    truncated = path.read_bytes()

    message = save(detail, runtime, "Over It")

    assert message is not None and "unreadable or corrupt" in message
    assert path.read_bytes() == truncated
