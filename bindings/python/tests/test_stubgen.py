"""The stub generator (python -m mvvm._stubgen) from the library's introspection: a record's
type is its class as the library describes it, an enum of the library that is not the
package's own is written as a class, and ``--module NAME`` writes an application's module stub
(records as frozen dataclasses, enums as IntEnums) that mypy checks code against. Run against
libmvvm (MVVM_LIBRARY); the stub of the Notes app's library is tested in test_any_library.py."""

from __future__ import annotations

import ast
import os
from collections.abc import Callable
from pathlib import Path

import pytest

import mvvm
from mvvm import ValueKind, _records, _stubgen


def _classes(text: str) -> dict[str, ast.ClassDef]:
    return {node.name: node for node in ast.parse(text).body if isinstance(node, ast.ClassDef)}


def test_a_values_type_is_its_records_class_as_the_library_describes_it() -> None:
    records = _records.all_records()
    assert {r.name for r in records} == {"User", "Post", "Comment"}
    for record in records:
        assert _stubgen._type(record.kind) == record.name
        assert _stubgen._type(record.kind, nullable=True) == f"{record.name} | None"
    assert _stubgen._type(ValueKind.STRING, nullable=True) == "str | None"
    assert _stubgen._type(ValueKind.NONE, nullable=True) == "None"
    assert _stubgen._type(999) == "object"  # a kind neither scalar nor record: no ValueError


def test_a_record_is_a_frozen_dataclass_of_its_described_fields_in_c_order() -> None:
    assert _stubgen._record(_records.named("User")) == [
        "@dataclass(frozen=True)",
        "class User:",
        '    """A user."""',
        "    id: int",
        "    name: str",
        "    email: str",
    ]
    post = _stubgen._record(_records.named("Post"))
    assert post[3:] == [
        "    id: int", "    title: str", "    body: str", "    author_name: str", "    created_at: float",
        "    likes_count: int", "    liked_by_current_user: bool", "    comments_count: int",
    ]


def test_an_enum_is_a_class_of_its_cases_and_the_packages_own_enums_are_never_redefined() -> None:
    assert _stubgen._enum("DraftState", [("UNCHANGED", 0), ("READY", 2)], "Where a draft stands.", "IntEnum") == [
        "class DraftState(IntEnum):",
        '    """Where a draft stands."""',
        "    UNCHANGED = 0",
        "    READY = 2",
    ]
    # libmvvm describes mvvm_loading, mvvm_view_state and mvvm_navigation: ViewState is the
    # package's own (the framework's generic ViewState), Loading and Navigation the seeds' app's,
    # written as classes.
    assert [enum.__name__ for enum, _ in _stubgen._library_enums()] == ["Loading", "Navigation"]


@pytest.mark.parametrize(
    ("argument", "expected"),
    [("repository", "Repository"), ("list", "UserList"), ("detail", "MvvmObject"), ("store", "MvvmObject")],
)
def test_an_object_argument_is_the_one_type_its_name_names(argument: str, expected: str) -> None:
    # "detail": UserDetail and PostDetail, so no one type; "store": no type of libmvvm.
    assert _stubgen._object_argument_type(argument) == expected


def test_an_applications_stub_defines_the_librarys_records_and_imports_mvvms_names() -> None:
    text = _stubgen.generate("seeds", "make generate")
    assert text.splitlines()[3] == "# Generated; do not edit. Regenerate: make generate"
    assert "from mvvm import Connection, HostInterface, IndexedView, ListChange, MvvmObject, Runtime" in text
    assert "from ._" not in text  # the public package, not its modules
    classes = _classes(text)
    assert [ast.unparse(b) for b in classes["ObjectType"].bases] == ["IntEnum"]
    user = classes["User"]
    assert [ast.unparse(d) for d in user.decorator_list] == ["dataclass(frozen=True)"]
    fields = {ast.unparse(s.target): ast.unparse(s.annotation) for s in user.body if isinstance(s, ast.AnnAssign)}
    assert fields == {"id": "int", "name": "str", "email": "str"}
    all_value = next(
        n.value for n in ast.parse(text).body if isinstance(n, ast.AnnAssign) and ast.unparse(n.target) == "__all__"
    )
    assert all_value is not None
    names = ast.literal_eval(all_value)
    assert names[:2] == ["ObjectType", "Repository"] and {"User", "Post", "Comment", "UserSearch"} <= set(names)
    # The seeds' overrides are the bases, imported from the module that defines them.
    assert "from mvvm_seeds._overrides import CoordinatorOverrides, RepositoryOverrides, SortedIntegersOverrides" in text
    assert [ast.unparse(b) for b in classes["Repository"].bases] == ["RepositoryOverrides"]


def test_reexported_names_are_imported_and_listed_in_all() -> None:
    text = _stubgen.generate("seeds", "make generate", ["mvvm_seeds.host"])
    assert "from mvvm_seeds.host import HostRepository, UserPage" in text
    # Navigation is the library's described enum now, declared in the stub like Loading.
    assert "class Navigation(IntEnum):" in text
    assert "'Loading', 'Navigation', 'HostRepository', 'UserPage']" in text
    # An override's SIGNAL_HANDLER_TYPES types the handler: "navigate" hands a Navigation.
    assert "Literal['navigate'], handler: Callable[[Navigation, MvvmObject], object]" in text


def test_a_reexported_module_without_all_is_an_error() -> None:
    with pytest.raises(mvvm.MvvmError, match="--reexport mvvm_seeds._c: the module has no __all__"):
        _stubgen.generate("seeds", "make generate", ["mvvm_seeds._c"])


def test_check_of_an_applications_stub_names_the_file_and_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stub = tmp_path / "seeds.pyi"
    args = ["--module", "seeds", "--command", "make generate"]
    assert _stubgen.main([*args, "--output", str(stub)]) == 0
    assert _stubgen.main([*args, "--check", str(stub)]) == 0
    stub.write_text(stub.read_text() + "# edited by hand\n")
    assert _stubgen.main([*args, "--check", str(stub)]) == 1
    captured = capsys.readouterr()
    assert "-# edited by hand" in captured.out
    assert f"{stub} is stale" in captured.err and "Regenerate it: make generate" in captured.err


def test_without_command_the_stub_names_the_generators_own_invocation_by_the_librarys_file_name(tmp_path: Path) -> None:
    stub = tmp_path / "seeds.pyi"
    assert _stubgen.main(["--module", "seeds", "--output", str(stub)]) == 0
    header = stub.read_text().splitlines()[3]
    command = f"python3 -m mvvm._stubgen --library libmvvm.so --module seeds --output {stub}"
    assert header == f"# Generated; do not edit. Regenerate: {command}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--module", "seeds"], "--module seeds writes an application's stub: give --output FILE or --check FILE"),
        (["--module", "my-app", "--output", "x.pyi"], "--module 'my-app' is not a Python module name"),
    ],
)
def test_bad_arguments_are_refused_with_a_clear_error(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        _stubgen.main(args)
    assert exit_info.value.code == 2 and message in capsys.readouterr().err


def test_a_library_that_cannot_be_loaded_is_an_error_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stub = tmp_path / "out.pyi"
    code = _stubgen.main(["--library", str(tmp_path / "libnothing.so"), "--module", "x", "--output", str(stub)])
    # This process has libmvvm loaded: another library is refused (alone, it would not be found).
    assert code == 2 and capsys.readouterr().err.startswith("stubgen: ") and not stub.exists()


GOOD = """
import mvvm
import seeds

def main(runtime: mvvm.Runtime) -> None:
    repo = seeds.Repository.sample(runtime)
    search = seeds.UserSearch(repo)
    search.query = "ada"
    first: seeds.User = search.rows[0]
    kind: seeds.ObjectType = search.object_type
    made = seeds.User(1, "Ada", "ada@example.com")
    print(first.name.upper(), kind, made)
"""

BAD = """
import mvvm
import seeds

def main(runtime: mvvm.Runtime) -> None:
    search = seeds.UserSearch(seeds.Repository.sample(runtime))
    search.query = 3
    count: str = search.rows[0].id
    seeds.User(1, "Ada")
    seeds.UserList(search)
"""

BAD_ERRORS = [
    (7, 'Incompatible types in assignment (expression has type "int", variable has type "str")'),
    (8, 'Incompatible types in assignment (expression has type "int", variable has type "str")'),
    (9, 'Missing positional argument "email" in call to "User"'),
    (10, 'Argument 1 to "UserList" has incompatible type "UserSearch"; expected "Repository"'),
]


def test_mypy_checks_code_against_an_applications_stub(tmp_path: Path, strict_mypy: Callable[..., str]) -> None:
    module = tmp_path / "seeds"
    module.mkdir()
    (module / "__init__.py").write_text("")
    reexports = ["--reexport", "mvvm_seeds.host"]
    assert _stubgen.main(["--module", "seeds", *reexports, "--output", str(module / "__init__.pyi")]) == 0
    (tmp_path / "good.py").write_text(GOOD)
    (tmp_path / "bad.py").write_text(BAD)
    output = strict_mypy(tmp_path, "good.py", "bad.py", "seeds")
    assert "good.py" not in output and "seeds" + os.sep not in output, output
    errors = [line for line in output.splitlines() if line.startswith("bad.py:")]
    for line_no, message in BAD_ERRORS:
        assert any(e.startswith(f"bad.py:{line_no}: error: {message}") for e in errors), (line_no, output)
    assert len(errors) == len(BAD_ERRORS), output
