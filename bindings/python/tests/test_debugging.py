"""The journal, replay, snapshots, the live viewer and the leak report from Python
(docs/JOURNAL.md)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import mvvm
import mvvm_seeds


def _record_session(journal: Path) -> None:
    """A list loads, a search is typed (debounced on the main queue), a row is selected."""
    with mvvm.Runtime(journal=str(journal)) as rt:
        repo = mvvm_seeds.Repository.sample(rt)
        users = mvvm_seeds.UserList(repo)
        selected: list[int] = []
        users.connect("user-selected", lambda user_id: selected.append(user_id))
        users.on_appear()
        assert rt.run_until(lambda: users.count == 20)
        search = mvvm_seeds.UserSearch(repo)
        rows: list[object] = []
        search.connect("rows-changed", lambda changes: rows.append(changes))
        search.query = "an"
        assert rt.run_until(lambda: bool(rows))
        users.did_select_row(2)
        assert selected == [3]
        del users, search, repo


def test_a_journal_records_the_session_and_replays_identically(tmp_path: Path) -> None:
    journal = tmp_path / "session.jsonl"
    _record_session(journal)
    lines = [json.loads(line) for line in journal.read_text().splitlines()]
    assert lines[0]["e"] == "header" and lines[0]["mvvm_journal"] == 1 and lines[0]["schema"] == mvvm.schema_hash()
    assert lines[-1]["e"] == "end"
    query = [line for line in lines if line["e"] == "call" and line.get("member") == "query"]
    assert query and query[0]["op"] == "set" and query[0]["args"] == ["an"] and query[0]["status"] == "MVVM_OK"
    assert any(line["e"] == "signal" and line["signal"] == "user-selected" and line["args"] == [3] for line in lines)
    for _ in range(3):
        result = mvvm.replay(str(journal))
        assert result.identical, result.report
        assert result.report.startswith("replay: identical (")


def test_a_journal_that_differs_reports_the_divergence(tmp_path: Path) -> None:
    journal = tmp_path / "session.jsonl"
    _record_session(journal)
    edited = tmp_path / "edited.jsonl"
    edited.write_text(journal.read_text().replace('"signal":"user-selected","args":[3]', '"signal":"user-selected","args":[4]'))
    result = mvvm.replay(str(edited))
    assert not result and not result.identical
    assert result.report.startswith("replay: diverged at journal line ")
    assert '"args":[4]' in result.report and '"args":[3]' in result.report


def test_a_journal_that_cannot_be_replayed_raises_with_the_reason(tmp_path: Path) -> None:
    journal = tmp_path / "session.jsonl"
    _record_session(journal)
    other = tmp_path / "other.jsonl"
    other.write_text(journal.read_text().replace('"mvvm_journal":1', '"mvvm_journal":7', 1))
    with pytest.raises(mvvm.InvalidArgumentError, match="format 7"):
        mvvm.replay(str(other))
    with mvvm.Runtime():
        with pytest.raises(mvvm.StateError, match="before mvvm_init"):
            mvvm.replay(str(journal))


def test_the_replay_command_exits_with_the_outcome(tmp_path: Path) -> None:
    journal = tmp_path / "session.jsonl"
    _record_session(journal)
    library = mvvm._ffi.library_path()
    assert library is not None
    done = subprocess.run(
        [sys.executable, "-m", "mvvm._debug", str(journal), "--library", library], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("replay: identical")
    edited = tmp_path / "edited.jsonl"
    edited.write_text(journal.read_text().replace('"signal":"user-selected","args":[3]', '"signal":"user-selected","args":[9]'))
    done = subprocess.run(
        [sys.executable, "-m", "mvvm._debug", str(edited), "--library", library], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "diverged" in done.stdout


def test_a_snapshot_describes_the_live_objects(runtime: mvvm.Runtime, repo: mvvm_seeds.Repository) -> None:
    detail = mvvm_seeds.UserDetail(repo, 2)
    detail.connect("notify::draft-name", lambda *_: None)
    detail.draft_name = "Ada"
    snapshot = runtime.snapshot()
    assert snapshot["snapshot"] == 1 and snapshot["journal"] is None
    found = [entry for entry in snapshot["objects"] if entry["type"] == "UserDetail"]
    assert len(found) == 1
    assert found[0]["properties"]["draft-name"] == "Ada"
    assert {"signal": "notify::draft-name"}.items() <= found[0]["connections"][0].items()


def test_the_live_viewer_shows_a_running_host(runtime: mvvm.Runtime, repo: mvvm_seeds.Repository, tmp_path: Path) -> None:
    path = str(tmp_path / "viewer.sock")
    assert not os.path.exists(path)
    assert runtime.serve(path) == path
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600 and stat.S_ISSOCK(os.stat(path).st_mode)
    users = mvvm_seeds.UserList(repo)
    viewer = subprocess.Popen(
        [sys.executable, "-m", "mvvm.inspect", "--socket", path, "--once"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)
    # The viewer's snapshot is taken on this (the host) thread, while it dispatches.
    assert runtime.run_until(lambda: viewer.poll() is not None, timeout=60)
    output, errors = viewer.communicate()
    assert viewer.returncode == 0, errors
    assert "UserList" in output and "loading = 0" in output
    del users


def test_the_leak_report_names_what_was_never_released() -> None:
    rt = mvvm.Runtime(report_leaks=True)
    repo = mvvm_seeds.Repository.sample(rt)
    kept = mvvm_seeds.UserList(repo)
    rt.shutdown()
    report = mvvm.leak_report()
    assert "(a UserList), made by mvvm_object_new" in report  # Python's constructors are the generic one
    assert "(a Repository), made by mvvm_repository_new_sample" in report
    del kept, repo
    with mvvm.Runtime(report_leaks=True) as rt:
        repo = mvvm_seeds.Repository.sample(rt)
        del repo
    assert mvvm.leak_report() == ""
