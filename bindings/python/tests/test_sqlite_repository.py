"""Repository.sqlite(): created and filled when missing, edits persist, bad files refused."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import mvvm
import mvvm_seeds


def first_page(repo: mvvm_seeds.Repository, runtime: mvvm.Runtime) -> list[mvvm_seeds.User]:
    users = mvvm_seeds.UserList(repo)
    users.on_appear()
    assert runtime.run_until(lambda: users.count > 0 and users.loading == 0, 5.0)
    return [users.row(i) for i in range(users.count)]


def test_a_missing_file_is_created_and_filled_like_the_sample_data(tmp_path: Path, runtime: mvvm.Runtime) -> None:
    path = tmp_path / "store.sqlite"
    rows = first_page(mvvm_seeds.Repository.sqlite(path, runtime, user_count=35, page_size=7), runtime)
    sample = first_page(mvvm_seeds.Repository.sample(runtime, user_count=35, page_size=7), runtime)
    assert [(u.id, u.name, u.email) for u in rows] == [(u.id, u.name, u.email) for u in sample]
    assert len(rows) == 7
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        assert db.execute("SELECT count(*) FROM users").fetchone() == (35,)


def test_without_options_a_missing_file_starts_empty(tmp_path: Path, runtime: mvvm.Runtime) -> None:
    path = tmp_path / "empty.sqlite"
    users = mvvm_seeds.UserList(mvvm_seeds.Repository.sqlite(path, runtime))
    users.on_appear()
    assert runtime.run_until(lambda: users.loading == 0 and not users.has_more_pages, 5.0)
    assert users.count == 0
    assert path.exists()


def test_a_rename_persists_in_the_file(tmp_path: Path, runtime: mvvm.Runtime) -> None:
    path = tmp_path / "store.sqlite"
    repo = mvvm_seeds.Repository.sqlite(path, runtime, user_count=10)
    detail = mvvm_seeds.UserDetail(repo, 3)
    saved: list[object] = []
    detail.connect("did-save", saved.append)
    detail.on_appear()
    assert runtime.run_until(lambda: detail.user is not None, 5.0)
    detail.draft_name = "Katherine Johnson"
    detail.save()
    assert runtime.run_until(lambda: bool(saved), 5.0)
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        assert db.execute("SELECT name FROM users WHERE id = 3").fetchone() == ("Katherine Johnson",)


def test_a_foreign_database_raises_and_is_left_untouched(tmp_path: Path, runtime: mvvm.Runtime) -> None:
    path = tmp_path / "foreign.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes(text)")
    before = path.read_bytes()
    with pytest.raises(mvvm.OSFailureError) as info:
        mvvm_seeds.Repository.sqlite(path, runtime)
    assert "another application" in info.value.message
    assert path.read_bytes() == before


def test_a_file_that_is_not_a_database_raises_and_is_left_untouched(tmp_path: Path, runtime: mvvm.Runtime) -> None:
    path = tmp_path / "junk.sqlite"
    path.write_bytes(b"x" * 300)
    with pytest.raises(mvvm.OSFailureError) as info:
        mvvm_seeds.Repository.sqlite(path, runtime, user_count=5)
    assert "not a SQLite database" in info.value.message
    assert path.read_bytes() == b"x" * 300


def test_bad_options_raise_precisely(tmp_path: Path, runtime: mvvm.Runtime) -> None:
    with pytest.raises(mvvm.InvalidArgumentError, match="page_size"):
        mvvm_seeds.Repository.sqlite(tmp_path / "a.sqlite", runtime, page_size=0)
    with pytest.raises(mvvm.InvalidArgumentError, match="latency_ms"):
        mvvm_seeds.Repository.sqlite(tmp_path / "a.sqlite", runtime, latency_ms=5)
    with pytest.raises(TypeError, match="colour"):
        mvvm_seeds.Repository.sqlite(tmp_path / "a.sqlite", runtime, colour=1)
    assert not (tmp_path / "a.sqlite").exists()
