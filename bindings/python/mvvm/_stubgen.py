"""Writes ``mvvm/_generated.pyi``: the types of the classes that _classes.py builds, from the
same introspection (mvvm_type_describe()) and the same plan, with the hand-written overrides
(_overrides.py) as their bases. mypy --strict then checks user code against every property,
command, list and signal (``mvvm.UserSearch(repo).query = 3`` is an error).

    cd bindings/python && MVVM_LIBRARY=/path/to/libmvvm.so python3 -m mvvm._stubgen
    python3 -m mvvm._stubgen --output FILE     # write elsewhere (run-tests.sh diffs it)
    python3 -m mvvm._stubgen --check FILE      # exit 1, with a diff, if FILE is stale

The output depends only on the library's introspection and this package, never on the
machine, so a fresh stub is byte-identical to the committed one.
"""

from __future__ import annotations

import argparse
import difflib
import inspect
import os
import sys

from . import _classes, _enums
from ._classes import ClassPlan, Member
from ._enums import MemberKind, ValueKind

COMMAND = "cd bindings/python && MVVM_LIBRARY=/path/to/libmvvm.so python3 -m mvvm._stubgen"

_TYPES = {
    ValueKind.NONE: "None",
    ValueKind.BOOL: "bool",
    ValueKind.INT32: "int",
    ValueKind.INT64: "int",
    ValueKind.UINT64: "int",
    ValueKind.DOUBLE: "float",
    ValueKind.STRING: "str",
    ValueKind.USER: "User",
    ValueKind.POST: "Post",
    ValueKind.COMMENT: "Comment",
    ValueKind.OBJECT: "MvvmObject",
    ValueKind.INT64_ARRAY: "Iterable[int]",
}


def _type(kind: int, enum: type[_enums.Enum] | None = None, nullable: bool = False) -> str:
    t = enum.__name__ if enum is not None else _TYPES.get(ValueKind(kind), "object")
    return f"{t} | None" if nullable and t != "None" else t


def _doc(text: str, indent: str) -> list[str]:
    if not text:
        return []
    text = inspect.cleandoc(text).replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    lines = text.splitlines() or [""]
    if len(lines) == 1:
        return [f'{indent}"""{lines[0]}"""']
    return [f'{indent}"""{lines[0]}'] + [f"{indent}{line}" if line else "" for line in lines[1:]] + [f'{indent}"""']


def _def(signature: str, doc: str, indent: str = "    ") -> list[str]:
    body = _doc(doc, indent + "    ")
    return [f"{indent}{signature}:"] + body if body else [f"{indent}{signature}: ..."]


def _parameter(p: ClassPlan, arg: _classes.Argument) -> str:
    if arg.kind == ValueKind.OBJECT and arg.c_name == "repository" and "Repository" in _enums.type_names().values():
        t = "Repository"
    else:
        t = _type(arg.kind)
    return f"{arg.name}: {t}" + (" = ..." if arg.default is not None else "")


def _handler(p: ClassPlan, signal: Member) -> str:
    """The Python handler type of ``signal``: what its SignalSpec hands the handler."""
    from ._core import signal_arguments

    args = signal_arguments(signal.info.c_signature)
    prop = signal.announces
    if args == "int32_t":
        value = _type(prop.value_kind, prop.enum) if prop is not None else "int"
    elif args == "int64_t":
        value = "int"
    elif args == "const char *":
        value = "str" if prop is not None and not prop.nullable else "str | None"
    elif args in ("const mvvm_user *", "const mvvm_post *"):
        # A notify:: of a property that may be absent may carry NULL (None); an event not.
        value = "User" if args == "const mvvm_user *" else "Post"
        if prop is not None and prop.nullable:
            value += " | None"
    elif args == "const mvvm_list_change *, size_t":
        value = "list[ListChange]"
    elif args == "int32_t, mvvm_object *":
        return "Callable[[Navigation, MvvmObject], object]"
    else:
        return "Callable[..., object]"
    return f"Callable[[{value}], object]"


def _class(p: ClassPlan) -> list[str]:
    base = p.mixin.__name__ if p.mixin is not None else "MvvmObject"
    out = [f"class {p.name}({base}):"]
    doc = p.mixin.__doc__ if p.mixin is not None and p.mixin.__doc__ else p.doc
    out += _doc(doc or f"The library's {p.name}.", "    ")
    out.append("    object_type: ClassVar[ObjectType]")
    skip = p.overridden

    def emit(py: str, lines: list[str]) -> None:
        if py not in skip and py not in done:
            done.add(py)
            out.extend(lines)

    done: set[str] = set()
    if p.constructor is not None:
        params = ["self"] + [_parameter(p, a) for a in p.constructor.arguments]
        if not any(a.kind == ValueKind.OBJECT for a in p.constructor.arguments):
            params.append("runtime: Runtime | None = ...")
        emit("__init__", _def(f"def __init__({', '.join(params)}) -> None", p.constructor.doc))
    for m in p.commands:
        if m.setter_of is not None:
            continue
        params = ["self"] + [_parameter(p, a) for a in m.arguments]
        emit(m.py, _def(f"def {m.py}({', '.join(params)}) -> {_type(m.value_kind, m.enum)}", m.doc))
    for prop in p.properties:
        t = _type(prop.value_kind, prop.enum, prop.nullable)
        lines = ["    @property"] + _def(f"def {prop.py}(self) -> {t}", prop.doc)
        if prop.settable:
            lines += [f"    @{prop.py}.setter", f"    def {prop.py}(self, value: {t}) -> None: ..."]
            cmd = prop.setter
            if cmd is not None:
                params = ["self"] + [_parameter(p, a) for a in cmd.arguments]
                emit(cmd.py, _def(f"def {cmd.py}({', '.join(params)}) -> None", cmd.doc))
        emit(prop.py, lines)
    for lst in p.lists:
        item = _type(lst.value_kind)
        emit(lst.py, ["    @property"] + _def(f"def {lst.py}(self) -> IndexedView[{item}]", lst.doc))
        if lst.item:
            emit(lst.item, _def(f"def {lst.item}(self, index: int) -> {item}", lst.doc))
        if lst.count_py:
            emit(lst.count_py, ["    @property"] + _def(f"def {lst.count_py}(self) -> int", f"The number of {lst.name}."))
    signals = [s for s in p.signals if s.spec is not None]
    if signals and "connect" not in skip:
        for s in signals:
            out += [
                "    @overload",
                f"    def connect(self, signal: Literal[{s.name!r}], handler: {_handler(p, s)}) -> Connection: ...",
            ]
        out += ["    @overload", "    def connect(self, signal: str, handler: Callable[..., object]) -> Connection: ..."]
    return out


def generate() -> str:
    """The text of _generated.pyi for the loaded library."""
    types = _enums.type_names()
    plans = [_classes.plan(t) for t in types]
    mixins = sorted({p.mixin.__name__ for p in plans if p.mixin is not None})
    names = ["ObjectType"] + [p.name for p in plans]
    enums = sorted({"Navigation"} | {e.__name__ for e in _enums.BY_C_NAME.values()})
    lines = [
        "# The types of the classes built from libmvvm's introspection (mvvm_type_describe()),",
        "# with the hand-written overrides of mvvm/_overrides.py as their bases.",
        f"# Generated; do not edit. Regenerate: {COMMAND}",
        "",
        "from collections.abc import Callable, Iterable",
        "from typing import ClassVar, Literal, overload",
        "",
        "from ._core import Connection, MvvmObject, Runtime",
        "from ._enums import Enum as _Enum",
        f"from ._enums import {', '.join(enums)}",
        *([f"from ._overrides import {', '.join(mixins)}"] if mixins else []),
        "from ._values import Comment, IndexedView, ListChange, Post, User",
        "",
        "__all__: list[str] = [" + ", ".join(repr(n) for n in names) + "]",
        "",
        "class ObjectType(_Enum):",
        '    """mvvm_type: the type of an object."""',
    ]
    lines += [f"    {_enums.constant_name(name)} = {value}" for value, name in types.items()]
    for p in plans:
        lines += ["", *_class(p)]
    return "\n".join(lines) + "\n"


def default_path() -> str:
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "_generated.pyi")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mvvm._stubgen", description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", "-o", help="where to write (default: the package's _generated.pyi)")
    parser.add_argument("--check", metavar="FILE", help="compare FILE with a fresh stub; exit 1 if they differ")
    args = parser.parse_args(argv)
    text = generate()
    if args.check:
        try:
            with open(args.check, encoding="utf-8") as f:
                old = f.read()
        except FileNotFoundError:
            old = ""
        if old != text:
            sys.stdout.writelines(difflib.unified_diff(
                old.splitlines(True), text.splitlines(True), args.check, "fresh stub"))
            print(f"\n{args.check} is stale (it does not match the library's introspection).\n"
                  f"Regenerate it: {COMMAND}", file=sys.stderr)
            return 1
        return 0
    path = args.output or default_path()
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
