"""The wall between the framework and the seeds' app: the framework's Python package ``mvvm``
names nothing of the seeds' app, which lives in its own package ``mvvm_seeds``.

The names are not a hand list only: they are what the library's introspection says the seeds'
app declared (its types' names, their C prefixes and snake-case names, their signals, its
records' and enums' names and C types) and what ``mvvm_seeds`` writes by hand (the functions
and structs of its C table, its exported names), plus the seeds' C names its package
binds. A new type of the seeds' app is caught without editing this file.

Exempt: ViewState (and its C name), MVVMBinding's generic ViewState, which the framework keeps
(``mvvm.ViewState``) although libmvvm registers it with the seeds' enums."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import mvvm
import mvvm_seeds
import mvvm_seeds.host
from mvvm import _enums, _records
from mvvm_seeds import _c

FRAMEWORK = Path(__file__).resolve().parents[1] / "mvvm"

#: The framework's own, which the seeds' app registers too (see the module's docstring).
EXEMPT = {"ViewState", "mvvm_view_state"}

#: The seeds' C names its package binds that no function of its table spells whole.
HAND_WRITTEN_C = {
    "mvvm_sample_options", "mvvm_http_options", "mvvm_user_repository_vtable",
    "mvvm_post_repository_vtable", "mvvm_navigation", "sample_options", "http_options",
}


def _snake(name: str) -> str:
    """ "UserSearch" -> "user_search", "HTTPOptions" -> "http_options"."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name).lower()


def seeds_names() -> set[str]:
    """Every name of the seeds' app, from the loaded libmvvm.so's introspection and from
    mvvm_seeds' hand-written parts."""
    names: set[str] = set(HAND_WRITTEN_C)
    for type_id, type_name in _enums.type_names().items():
        snake = _snake(type_name)
        names |= {type_name, f"mvvm_{snake}"} | ({snake} if "_" in snake else set())
        names |= {constructor.function for constructor in mvvm.describe(type_id).constructors}
        for member in mvvm.describe(type_id).members:
            if member.function:
                names.add(member.function)
            if member.kind is mvvm.MemberKind.SIGNAL and not member.name.startswith("notify::"):
                names |= {member.name, member.name.replace("-", "_")}
    for record in _records.all_records():
        names |= {record.name, record.c_type}
    for info in _enums.described_infos():
        names |= {info.name.decode(), info.c_type.decode()}
    names |= set(_c.PROTOTYPES)
    names |= {name for name, value in vars(_c).items() if isinstance(value, type) and value.__module__ == _c.__name__ and not name.startswith("_")}
    names |= set(mvvm_seeds.host.__all__)
    return names - EXEMPT


def scan(folder: Path, names: set[str]) -> list[str]:
    """``file:line: name`` of every whole-word occurrence (case-sensitive) of ``names`` in the
    .py and .pyi files of ``folder``."""
    pattern = re.compile(r"(?<![\w])(" + "|".join(sorted(map(re.escape, names), key=len, reverse=True)) + r")(?![\w])")
    found: list[str] = []
    for path in sorted(folder.iterdir()):
        if path.suffix not in (".py", ".pyi"):
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for match in pattern.finditer(line):
                found.append(f"{path.name}:{number}: {match.group(1)}: {line.strip()}")
    return found


def test_the_names_come_from_the_librarys_introspection() -> None:
    names = seeds_names()
    assert {"UserList", "Repository", "User", "Post", "Comment", "Loading", "Navigation", "Coordinator"} <= names
    assert {"mvvm_user_list", "mvvm_user_list_get_row", "mvvm_repository_new_sample", "mvvm_user", "navigate",
            "HostRepository", "UserPage", "SampleOptions", "mvvm_request_resolve_user_page"} <= names
    assert not EXEMPT & names


def test_the_framework_package_names_nothing_of_the_seeds_app() -> None:
    found = scan(FRAMEWORK, seeds_names())
    assert not found, "the framework's package names the seeds' app:\n" + "\n".join(found)


def test_the_scan_fails_naming_file_and_line(tmp_path: Path) -> None:
    copy = tmp_path / "mvvm"
    shutil.copytree(FRAMEWORK, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    core = copy / "_core.py"
    lines = core.read_text().splitlines()
    core.write_text("\n".join(lines) + "\n# a seeds' name slipped in: UserSearch\n")
    assert scan(copy, seeds_names()) == [f"_core.py:{len(lines) + 1}: UserSearch: # a seeds' name slipped in: UserSearch"]
