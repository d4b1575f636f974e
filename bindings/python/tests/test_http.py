"""Repository.http against Tests/Support/placeholder_server.py, started once for the module
on an ephemeral port (skipped, saying so, when it cannot start)."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

import mvvm
import mvvm_seeds

SCRIPT = Path(__file__).resolve().parents[3] / "Tests" / "Support" / "placeholder_server.py"


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    if not SCRIPT.exists():
        pytest.skip(f"{SCRIPT} not found (not a source checkout)")
    process = subprocess.Popen(
        [sys.executable, str(SCRIPT), "--idle-timeout", "60", "--max-lifetime", "600"],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line.startswith("PORT "):
        process.kill()
        pytest.skip(f"the placeholder server did not start: {line!r}")
    try:
        yield f"http://127.0.0.1:{int(line.split()[1])}"
    finally:
        process.terminate()
        process.wait(10)


def control(base_url: str, path: str, settings: dict[str, object]) -> None:
    request = urllib.request.Request(f"{base_url}{path}", data=json.dumps(settings).encode(), method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status == 200


@pytest.fixture(autouse=True)
def fresh_data(server: str) -> None:
    control(server, "/_control/reset", {})


def test_a_user_list_loads_over_http(server: str, runtime: mvvm.Runtime) -> None:
    users = mvvm_seeds.UserList(mvvm_seeds.Repository.http(server, runtime=runtime))
    users.on_appear()
    assert runtime.run_until(lambda: users.count > 0 and users.loading == mvvm_seeds.Loading.NONE, 10.0)
    assert users.count == 20
    assert users.row(0).id == 1
    assert users.error_message is None


def test_options_are_passed_and_checked(server: str, runtime: mvvm.Runtime) -> None:
    users = mvvm_seeds.UserList(mvvm_seeds.Repository.http(server, runtime=runtime, page_size=7))
    users.on_appear()
    assert runtime.run_until(lambda: users.count > 0, 10.0)
    assert users.count == 7
    with pytest.raises(mvvm.InvalidArgumentError, match="timeout_ms"):
        mvvm_seeds.Repository.http(server, runtime=runtime, timeout_ms=0)
    with pytest.raises(TypeError, match="unknown http option"):
        mvvm_seeds.Repository.http(server, runtime=runtime, bogus=1)


@pytest.mark.parametrize(
    ("url", "reason"),
    [("ftp://example.com", "http:// or https://"), ("http://", "names no host"), ("", "empty")],
)
def test_bad_urls_raise_invalid_argument(url: str, reason: str, runtime: mvvm.Runtime) -> None:
    with pytest.raises(mvvm.InvalidArgumentError, match=reason):
        mvvm_seeds.Repository.http(url, runtime=runtime)


def test_a_server_failure_is_the_lists_error_message(server: str, runtime: mvvm.Runtime) -> None:
    control(server, "/_control", {"status": 503, "count": 1})
    users = mvvm_seeds.UserList(mvvm_seeds.Repository.http(server, runtime=runtime))
    users.on_appear()
    assert runtime.run_until(lambda: users.error_message is not None, 10.0)
    assert "HTTP 503" in (users.error_message or "")


def test_the_cache_serves_an_offline_start(server: str, tmp_path: Path, runtime: mvvm.Runtime) -> None:
    cache = tmp_path / "users.sqlite"
    online = mvvm_seeds.UserList(mvvm_seeds.Repository.http(server, cache, runtime=runtime))
    online.on_appear()
    assert runtime.run_until(lambda: online.count == 20 and online.loading == mvvm_seeds.Loading.NONE, 10.0)
    online.close()

    offline = mvvm_seeds.UserList(mvvm_seeds.Repository.http("http://127.0.0.1:1", cache, runtime=runtime))
    offline.on_appear()
    assert runtime.run_until(lambda: offline.error_message is not None, 10.0)
    assert offline.count == 20
    assert "cannot be reached" in (offline.error_message or "")
    offline.dismiss_error()
    assert offline.error_message is None


def test_a_file_that_is_not_a_cache_raises_os_failure(tmp_path: Path, runtime: mvvm.Runtime) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database")
    with pytest.raises(mvvm.OSFailureError, match="not a database|something else"):
        mvvm_seeds.Repository.http("http://127.0.0.1:1", path, runtime=runtime)
    assert path.read_text() == "not a database"
