"""The classes built from the library's introspection: every member of every type is there,
named and typed as introspection says; classes are built lazily; the package spells no
per-type C function and has no import cycle; the stubs are fresh and make mypy check code."""

from __future__ import annotations

import ast
import inspect
import re
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import mvvm
import mvvm_seeds
from mvvm import MemberKind, ValueKind, _classes, _stubgen

PACKAGE = Path(mvvm.__file__).resolve().parent
SOURCE_PACKAGE = Path(__file__).resolve().parents[1] / "mvvm"
PER_TYPE = re.compile(r"mvvm_(user_list|user_detail|post_detail|sorted_integers|stopwatch|coordinator|user_search)_")
TYPES = list(mvvm_seeds.ObjectType)


def _py(name: str) -> str:
    return name.replace("-", "_")


def _instances(runtime: mvvm.Runtime) -> dict[mvvm_seeds.ObjectType, mvvm.MvvmObject]:
    repo = mvvm_seeds.Repository.sample(runtime)
    out: dict[mvvm_seeds.ObjectType, mvvm.MvvmObject] = {mvvm_seeds.ObjectType.REPOSITORY: repo}
    for t in TYPES:
        info = mvvm.describe(t)
        ctor = next((m for m in info.members if m.kind is MemberKind.CONSTRUCTOR), None)
        if ctor is None:
            continue
        assert ctor.shape is not None
        args: list[Any] = []
        for a in ctor.shape.arguments:
            if a.kind is ValueKind.OBJECT:
                args.append(repo)
            elif a.kind is ValueKind.INT64:
                args.append(1)
        cls = getattr(mvvm, info.name)
        out[t] = cls(*args) if args else cls(runtime=runtime)
    return out


@pytest.mark.parametrize("object_type", TYPES, ids=lambda t: t.name)
def test_class_has_every_member_of_introspection(object_type: mvvm_seeds.ObjectType) -> None:
    info = mvvm.describe(object_type)
    cls = getattr(mvvm, info.name)
    assert cls is getattr(mvvm.viewmodels, info.name)  # one class per type
    assert issubclass(cls, mvvm.MvvmObject) and cls.__module__ == "mvvm" and cls.object_type is object_type
    assert cls._member_ids == {m.name: i for i, m in enumerate(info.members)}
    properties = {m.name for m in info.members if m.kind is MemberKind.PROPERTY}
    for m in info.members:
        shape = m.shape
        assert shape is not None
        if m.kind is MemberKind.PROPERTY:
            prop = inspect.getattr_static(cls, _py(m.name))
            assert isinstance(prop, property), m.name
            assert (prop.fset is not None) == shape.settable, m.name
        elif m.kind is MemberKind.COMMAND:
            method = getattr(cls, _py(m.name))
            params = list(inspect.signature(method).parameters)[1:]
            assert params == [a.name for a in shape.arguments], m.name
        elif m.kind is MemberKind.SIGNAL:
            assert m.name in cls.signals
        elif m.kind is MemberKind.LIST:
            assert isinstance(inspect.getattr_static(cls, _py(m.name)), property), m.name
            if shape.count and shape.count not in properties:
                assert isinstance(inspect.getattr_static(cls, _py(shape.count)), property)
        elif m.kind is MemberKind.CONSTRUCTOR:
            params = list(inspect.signature(cls.__init__).parameters)[1:]
            renamed = _classes.constructor_parameters(_classes.plan(object_type).mixin)
            names = [renamed.get(a.name, (a.name, ""))[0] for a in shape.arguments]
            assert params[: len(names)] == names


def test_values_have_the_kinds_introspection_gives(runtime: mvvm.Runtime) -> None:
    from mvvm import _records

    python_types: dict[int, tuple[type, ...]] = {
        ValueKind.BOOL: (bool,),
        ValueKind.INT32: (int,),
        ValueKind.INT64: (int,),
        ValueKind.STRING: (str,),
        _records.named("User").kind: (mvvm_seeds.User,),
        _records.named("Post").kind: (mvvm_seeds.Post,),
        _records.named("Comment").kind: (mvvm_seeds.Comment,),
        ValueKind.OBJECT: (mvvm.MvvmObject,),
    }
    enums = {"mvvm_loading": mvvm_seeds.Loading, "mvvm_view_state": mvvm.ViewState}
    checked = 0
    for t, obj in _instances(runtime).items():
        for m in mvvm.describe(t).members:
            if m.kind is not MemberKind.PROPERTY:
                continue
            assert m.shape is not None
            value = getattr(obj, _py(m.name))
            if value is None:
                assert m.shape.nullable, m.name
                continue
            expected = (enums[m.shape.enum_name],) if m.shape.enum_name else python_types[m.shape.value_kind]
            assert isinstance(value, expected), (t, m.name, value)
            checked += 1
    assert checked >= 20


def test_enum_values_print_with_their_names(runtime: mvvm.Runtime, repo: mvvm_seeds.Repository,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    ul = mvvm_seeds.UserList(repo)
    ul.connect("notify::loading", print)
    ul.on_appear()
    assert runtime.run_until(lambda: ul.count > 0)
    assert capsys.readouterr().out.splitlines()[:2] == ["Loading.FULL_SCREEN", "Loading.NONE"]
    assert str(mvvm.ViewState.LOADED) == f"{mvvm.ViewState.LOADED}" == "ViewState.LOADED"
    assert f"{mvvm.ViewState.LOADED:d}" == "2" and int(mvvm.ViewState.LOADED) == 2
    assert str(mvvm_seeds.ObjectType.USER_SEARCH) == "ObjectType.USER_SEARCH"


def test_string_arguments_must_be_str(runtime: mvvm.Runtime, repo: mvvm_seeds.Repository) -> None:
    d = mvvm_seeds.UserDetail(repo, 1)
    with pytest.raises(TypeError, match=r"UserDetail.set_draft_name\(\): draft_name must be a str, not bytes"):
        d.set_draft_name(b"Ada")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must be a str, not bytes"):
        d.draft_name = b"Ada"  # type: ignore[assignment]
    with pytest.raises(TypeError, match="must be a str, not NoneType"):
        mvvm_seeds.UserSearch(repo).query = None  # type: ignore[assignment]
    with pytest.raises(TypeError, match=r"UserList.did_select_row\(\): index must be an int, not str"):
        mvvm_seeds.UserList(repo).did_select_row("0")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"UserList\(\): repository must be an mvvm object, not NoneType"):
        mvvm_seeds.UserList(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="path must be a str"):
        mvvm_seeds.Repository.json_file(b"/tmp/x.json")  # type: ignore[arg-type]


def test_unknown_signal_of_a_type_without_signals(runtime: mvvm.Runtime, repo: mvvm_seeds.Repository) -> None:
    with pytest.raises(mvvm.UnknownNameError) as info:
        repo.connect("notify::loading", print)
    assert "it has no signals" in str(info.value) and "it has: ." not in str(info.value)


def test_long_strings_nested_calls_and_other_threads_use_their_own_buffers(
    runtime: mvvm.Runtime, repo: mvvm_seeds.Repository
) -> None:
    import threading

    d = mvvm_seeds.UserDetail(repo, 1)
    long = "é" * 1000  # longer than the per-member buffer
    d.draft_name = long
    assert d.draft_name == long
    d.draft_name = "short"
    assert d.draft_name == "short"
    si = mvvm_seeds.SortedIntegers(runtime=runtime)
    inner: list[int] = []
    si.connect("notify::count", lambda n: inner.append(si.add(100)) if n == 1 else None)
    assert si.add(5) == 0 and inner == [1]  # the nested call's result is its own
    caught: list[BaseException] = []

    def worker() -> None:
        try:
            d.set_draft_name("from a worker")
        except BaseException as exc:
            caught.append(exc)

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert [type(e) for e in caught] == [mvvm.WrongThreadError]
    assert "UserDetail.set_draft_name()" in str(caught[0]) and d.draft_name == "short"
    si.close()  # its handler refers to it: a cycle through the library, closed by hand


def test_import_builds_nothing_and_loads_nothing() -> None:
    code = textwrap.dedent(
        """
        import sys
        before = set(sys.modules)
        import mvvm
        from mvvm import _ffi
        assert _ffi._lib is None, "the library was loaded by import"
        main_thread = _ffi.STATE.main_thread  # as threading names it, without importing it
        rt = mvvm.Runtime()
        # What the first class needs (the builder, the enums, the value dataclasses) is
        # imported with it, not by the import or the runtime's start; the interpreter may
        # have imported some of the standard library's before (typing in some venvs).
        heavy = {"mvvm._classes", "mvvm._enums", "mvvm._status", "mvvm._values", "mvvm_seeds.host",
                 "mvvm_seeds._overrides", "mvvm._asyncio", "mvvm._streams", "dataclasses",
                 "typing",
                 "asyncio", "inspect", "enum", "threading"}
        import mvvm_seeds  # the app's module: as light (it registers its overrides by name)
        imported = set(sys.modules) - before
        assert not heavy & imported, heavy & imported
        from mvvm import _classes
        assert not _classes._CLASSES, "a class was built by the import or the runtime's start"
        sw = mvvm_seeds.Stopwatch()
        assert list(_classes._CLASSES) == [mvvm_seeds.ObjectType.STOPWATCH]
        rt.shutdown()
        import threading
        assert main_thread == threading.main_thread().ident
        print("ok")
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).parent)
    assert out.stdout.strip() == "ok", out.stderr


def _package_files() -> list[Path]:
    return sorted(p for p in PACKAGE.iterdir() if p.suffix in (".py", ".pyi"))


def test_no_module_spells_a_per_type_function() -> None:
    offenders = [
        f"{path.name}:{n}: {line.strip()}"
        for path in _package_files()
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if PER_TYPE.search(line)
    ]
    assert not offenders, "per-type C functions named in the package:\n" + "\n".join(offenders)


def _imports(path: Path) -> set[str]:
    """The package modules ``path`` imports when it runs (at module level or in a function;
    not under ``if TYPE_CHECKING:``), including importlib.import_module() and _ffi.Lazy()."""
    tree = ast.parse(path.read_text())
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for statement in node.orelse:
                visit(statement)
            return
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.add(node.module.split(".")[0])
            elif node.level == 1:
                found.update(a.name for a in node.names)
            elif node.module and node.module.startswith("mvvm."):
                found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] for a in node.names if a.name.startswith("mvvm."))
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            arg = node.args[0].value
            if name in ("import_module", "Lazy") and isinstance(arg, str):
                found.add(arg.lstrip(".").removeprefix("mvvm."))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def test_no_import_cycles() -> None:
    modules = {p.stem: p for p in PACKAGE.glob("*.py")}
    graph = {name: {m for m in _imports(path) if m in modules and m != name} for name, path in modules.items()}
    assert "_values" in graph["_core"] and "_core" in graph["_overrides"]  # the walk sees them
    cycles: list[list[str]] = []

    def walk(node: str, stack: list[str]) -> None:
        for nxt in sorted(graph[node]):
            if nxt in stack:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif len(stack) < len(graph):
                walk(nxt, stack + [nxt])

    for start in graph:
        walk(start, [start])
    assert not cycles, f"import cycles: {cycles[:5]}"


def test_each_module_imports_alone() -> None:
    seeds = Path(mvvm_seeds.__file__).resolve().parent
    for path in _package_files() + sorted(seeds.glob("*.py")):
        if path.suffix != ".py" or path.stem in ("__main__",):
            continue
        package = path.parent.name
        module = package if path.stem == "__init__" else f"{package}.{path.stem}"
        out = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True,
                             timeout=60, cwd=Path(__file__).parent)
        assert out.returncode == 0, f"{module}: {out.stderr}"


def test_the_seeds_stub_is_fresh() -> None:
    committed = SOURCE_PACKAGE.parent / "mvvm_seeds" / "__init__.pyi"
    text = committed.read_text()
    command = text.splitlines()[3].removeprefix("# Generated; do not edit. Regenerate: ")
    assert text == _stubgen.generate("mvvm_seeds", command, ["mvvm_seeds.host"]), (
        f"{committed} is stale; regenerate it: {command}"
    )
    installed = Path(mvvm_seeds.__file__).resolve().parent / "__init__.pyi"
    assert installed.read_text() == text  # the installed copy carries it too


GOOD = """
import mvvm
import mvvm_seeds

def main(runtime: mvvm.Runtime) -> None:
    repo = mvvm_seeds.Repository.sample(runtime, latency_ms=1)
    search = mvvm_seeds.UserSearch(repo)
    search.query = "ada"
    search.set_query("grace")
    count: int = search.count
    first: mvvm_seeds.User = search.rows[0]
    busy: bool = search.is_searching
    error: str | None = search.error_message
    search.did_select_row(0)
    search.connect("user-selected", lambda user_id: print(user_id + 1))
    search.connect("notify::query", lambda query: print(query.upper()))
    users = mvvm_seeds.UserList(repo)
    loading: mvvm_seeds.Loading = users.loading
    users.connect("notify::loading", lambda value: print(value.name))
    index: int = mvvm_seeds.SortedIntegers([3, 1], seed=2, runtime=runtime).add(5)
    coordinator = mvvm_seeds.Coordinator(repo)
    coordinator.show_search()
    top: mvvm.MvvmObject | None = coordinator.top
    post: mvvm_seeds.Post | None = mvvm_seeds.PostDetail(repo, 1).post
    kind: mvvm_seeds.ObjectType = mvvm_seeds.ObjectType.USER_SEARCH
    print(count, first, busy, error, loading, index, top, post, kind)
"""

BAD = """
import mvvm
import mvvm_seeds

def main(runtime: mvvm.Runtime) -> None:
    repo = mvvm_seeds.Repository.sample(runtime)
    search = mvvm_seeds.UserSearch(repo)
    search.query = 3
    search.set_query(b"x")
    search.did_select_row("0")
    search.is_searching = True
    search.no_such_command()
    mvvm_seeds.UserDetail(repo)
    text: str = search.count
"""

BAD_ERRORS = [
    (8, 'Incompatible types in assignment (expression has type "int", variable has type "str")'),
    (9, 'Argument 1 to "set_query" of "UserSearch" has incompatible type "bytes"; expected "str"'),
    (10, 'Argument 1 to "did_select_row" of "UserSearch" has incompatible type "str"; expected "int"'),
    (11, 'Property "is_searching" defined in "UserSearch" is read-only'),
    (12, '"UserSearch" has no attribute "no_such_command"'),
    (13, 'Missing positional argument "user_id" in call to "UserDetail"'),
    (14, 'Incompatible types in assignment (expression has type "int", variable has type "str")'),
]


@pytest.fixture(scope="module")
def mypy_output(tmp_path_factory: pytest.TempPathFactory, strict_mypy: Callable[..., str]) -> str:
    tmp = tmp_path_factory.mktemp("mypy")
    (tmp / "good.py").write_text(GOOD)
    (tmp / "bad.py").write_text(BAD)
    return strict_mypy(tmp, "--show-error-codes", "good.py", "bad.py")


def test_mypy_accepts_correct_code(mypy_output: str) -> None:
    assert "good.py" not in mypy_output, mypy_output


def test_mypy_rejects_wrong_code(mypy_output: str) -> None:
    errors = [line for line in mypy_output.splitlines() if line.startswith("bad.py:")]
    for line_no, message in BAD_ERRORS:
        assert any(e.startswith(f"bad.py:{line_no}: error: {message}") for e in errors), (line_no, mypy_output)
    assert len(errors) == len(BAD_ERRORS), mypy_output
