"""Writes the typed stub (.pyi) of an application's Python module from its library's
introspection (mvvm_type_describe(), mvvm_record_describe(), mvvm_enum_list()), from the same
plan that _classes.py builds the classes from, with the overrides the application's module
registered (mvvm.register_override) as their bases. mypy --strict then checks user code
against every property, command, list and signal (``notes.ItemEditor(store, 0).draft_title = 3``
is an error). Examples/Notes's ``make generate`` and ``make check-generated`` run:

    python3 -m mvvm._stubgen --library libnotes.so --module notes --output python/notes/__init__.pyi
    python3 -m mvvm._stubgen --library libnotes.so --module notes --check python/notes/__init__.pyi

The application's module is a package of two files: this generated ``__init__.pyi`` and a
hand-written ``__init__.py`` of a few lines that forwards each name to ``mvvm`` (see
Examples/Notes/python/notes/__init__.py). That is the simplest shape because the classes
already exist at run time: mvvm builds them from whichever library ``mvvm.Runtime(library=...)``
loaded, so nothing generated is needed to run, only types to check. The types cannot be mvvm's
(its ``__getattr__`` returns ``object``: the framework knows no application), so they are the
application's module's, which mypy reads from the ``.pyi`` beside the ``.py``.

A module with hand-written parts (overrides, host base classes, enums the library does not
describe) imports its overrides before the stub is generated (``--import MODULE``, which
registers them) and re-exports its hand-written names (``--reexport MODULE``: the names of
that module's ``__all__``, imported into the stub).

The output depends only on the library's introspection and the arguments, never on the
machine (the library is named by its file name only), so a fresh stub is byte-identical to the
committed one.
"""

from __future__ import annotations

import argparse
import difflib
import inspect
import os
import sys

from . import _classes, _core, _enums, _ffi, _interfaces, _records, errors
from ._classes import ClassPlan, Member
from ._enums import ValueKind


#: The Python types of the value kinds that are not records (a record's is its class).
_TYPES = {
    ValueKind.NONE: "None",
    ValueKind.BOOL: "bool",
    ValueKind.INT32: "int",
    ValueKind.INT64: "int",
    ValueKind.UINT64: "int",
    ValueKind.DOUBLE: "float",
    ValueKind.STRING: "str",
    ValueKind.OBJECT: "MvvmObject",
    ValueKind.INT64_ARRAY: "Iterable[int]",
}

#: The package's own enums: a stub imports them, never redefines them.
_PACKAGE_ENUMS: set[type[_enums.Enum]] = set(_enums.BY_NAME.values()) | set(_enums.FRAMEWORK.values())


def _type(kind: int, enum: type[_enums.Enum] | None = None, nullable: bool = False) -> str:
    if enum is not None:
        t = enum.__name__
    elif kind in _TYPES:
        t = _TYPES[ValueKind(kind)]
    else:
        record = _records.for_kind(kind)
        t = record.name if record is not None else "object"
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


def _parameter(arg: _classes.Argument) -> str:
    t = _object_argument_type(arg.c_name) if arg.kind == ValueKind.OBJECT else _type(arg.kind)
    return f"{arg.name}: {t}" + (" = ..." if arg.default is not None else "")


def _object_argument_type(name: str) -> str:
    """The class an object argument takes, which the introspection does not say: the library's
    type its name names ("notes_store": ItemShop), else the one type whose name ends with it
    ("store": ItemShop); MvvmObject when there is none or several."""
    snake = {type_name: _enums.constant_name(type_name).lower() for type_name in _enums.type_names().values()}
    exact = [t for t, s in snake.items() if s == name]
    ending = [t for t, s in snake.items() if s.endswith("_" + name)]
    found = exact or ending
    return found[0] if len(found) == 1 else _type(ValueKind.OBJECT)


def _handler(signal: Member, mixin: type | None = None) -> str:
    """The Python handler type of ``signal``: what its SignalSpec hands the handler (or what
    the override ``mixin`` says it hands, in its ``SIGNAL_HANDLER_TYPES``)."""
    from ._core import signal_shape

    declared: dict[str, str] = getattr(mixin, "SIGNAL_HANDLER_TYPES", {})
    if signal.name in declared:
        return declared[signal.name]
    shape = signal_shape(signal.info.c_function) or ""
    prop = signal.announces
    record = _records.with_c_type(shape[len("record:"):]) if shape.startswith("record:") else None
    if shape == "int32":
        value = _type(prop.value_kind, prop.enum) if prop is not None else "int"
    elif shape == "int64":
        value = "int"
    elif shape == "string":
        value = "str" if prop is not None and not prop.nullable else "str | None"
    elif record is not None:
        # A notify:: of a property that may be absent may carry NULL (None); an event not.
        value = _type(record.kind, nullable=prop is not None and prop.nullable)
    elif shape == "changes":
        value = "list[ListChange]"
    elif shape == "int32+object":
        return "Callable[[int, MvvmObject | None], object]"
    else:
        return "Callable[..., object]"
    return f"Callable[[{value}], object]"


def _record(record: _records.RecordType) -> list[str]:
    """A record as the frozen dataclass that _records.py builds."""
    out = ["@dataclass(frozen=True)", f"class {record.name}:"]
    out += _doc(record.cls.__doc__ or "", "    ")
    out += [
        f"    {name}: {record.field_enums[name].__name__ if name in record.field_enums else _type(kind, nullable=nullable)}"
        for name, kind, nullable in record.fields
    ]
    return out


def _enum(name: str, cases: list[tuple[str, int]], doc: str, base: str) -> list[str]:
    return [f"class {name}({base}):", *_doc(doc, "    "), *(f"    {case} = {value}" for case, value in cases)]


def _class(p: ClassPlan) -> list[str]:
    base = p.mixin.__name__ if p.mixin is not None else "MvvmObject"
    out = [f"class {p.name}({base}):"]
    doc = p.mixin.__doc__ if p.mixin is not None and p.mixin.__doc__ else p.doc
    out += _doc(doc or f"The library's {p.name}.", "    ")
    # The application's ObjectType, with its own cases: MvvmObject's is the framework's.
    out.append("    object_type: ClassVar[ObjectType]  # type: ignore[assignment]")
    out.append("    def get_type(self) -> ObjectType: ...  # type: ignore[override]")
    skip = p.overridden

    def emit(py: str, lines: list[str]) -> None:
        if py not in skip and py not in done:
            done.add(py)
            out.extend(lines)

    done: set[str] = set()
    if p.constructor is not None:
        params = ["self"] + [_parameter(a) for a in p.constructor.arguments]
        if not any(a.kind == ValueKind.OBJECT for a in p.constructor.arguments):
            params.append("runtime: Runtime | None = ...")
        emit("__init__", _def(f"def __init__({', '.join(params)}) -> None", p.constructor.doc))
    interface = _interfaces.describe(p.type_id)
    if interface is not None:
        params = ["cls", "impl: HostInterface", "runtime: Runtime | None = ...", "loop: AbstractEventLoop | None = ..."]
        doc = f"A {p.name} over a Python implementation of {interface.name} (its methods: " + ", ".join(
            m.name for m in interface.members if not m.is_cancel) + ")."
        emit("new_host", ["    @classmethod"] + _def(f"def new_host({', '.join(params)}) -> {p.name}", doc))
    for m in p.commands:
        if m.setter_of is not None:
            continue
        params = ["self"] + [_parameter(a) for a in m.arguments]
        emit(m.py, _def(f"def {m.py}({', '.join(params)}) -> {_type(m.value_kind, m.enum)}", m.doc))
    for prop in p.properties:
        t = _type(prop.value_kind, prop.enum, prop.nullable)
        lines = ["    @property"] + _def(f"def {prop.py}(self) -> {t}", prop.doc)
        if prop.settable:
            lines += [f"    @{prop.py}.setter", f"    def {prop.py}(self, value: {t}) -> None: ..."]
            cmd = prop.setter
            if cmd is not None:
                params = ["self"] + [_parameter(a) for a in cmd.arguments]
                emit(cmd.py, _def(f"def {cmd.py}({', '.join(params)}) -> None", cmd.doc))
        emit(prop.py, lines)
    for lst in p.lists:
        item = _type(lst.value_kind)
        getter = _def(f"def {lst.py}(self) -> IndexedView[{item}]", lst.doc)
        if hasattr(_core.MvvmObject, lst.py):
            # The list hides a method of every object (a list named "values" hides
            # MvvmObject.values(); mvvm.values(obj, name) still reaches it).
            getter[0] += "  # type: ignore[override]"
        emit(lst.py, ["    @property"] + getter)
        if lst.item:
            emit(lst.item, _def(f"def {lst.item}(self, index: int) -> {item}", lst.doc))
        if lst.count_py:
            emit(lst.count_py, ["    @property"] + _def(f"def {lst.count_py}(self) -> int", f"The number of {lst.name}."))
    signals = [s for s in p.signals if s.spec is not None]
    if signals and "connect" not in skip:
        for s in signals:
            out += [
                "    @overload",
                f"    def connect(self, signal: Literal[{s.name!r}], handler: {_handler(s, p.mixin)}) -> Connection: ...",
            ]
        out += ["    @overload", "    def connect(self, signal: str, handler: Callable[..., object]) -> Connection: ..."]
    return out


def _library_enums() -> list[tuple[type[_enums.Enum], str]]:
    """The library's enums that are not the package's own (an app's Priority), with their docs."""
    found: list[tuple[type[_enums.Enum], str]] = []
    for info in _enums.described_infos():
        enum = _enums.for_c_type(info.c_type.decode())
        if enum is not None and enum not in _PACKAGE_ENUMS:
            found.append((enum, _ffi.decode(info.doc) or f"{info.c_type.decode()}."))
    return found


def _exported(module: str) -> list[str]:
    """The names a module exports (its ``__all__``), which a stub re-exports."""
    import importlib

    names: list[str] = list(getattr(importlib.import_module(module), "__all__", []))
    if not names:
        raise errors.MvvmError(0, f"--reexport {module}: the module has no __all__ naming what it exports")
    return names


def generate(module: str, command: str, reexports: tuple[str, ...] | list[str] = ()) -> str:
    """The ``__init__.pyi`` of the application's module ``module``: the loaded library's
    classes, records and enums, with the overrides registered for its types as their bases and
    the names of ``reexports`` (modules) imported. ``command`` regenerates it (named in its
    header)."""
    types = _enums.type_names()
    plans = [_classes.plan(t) for t in types]
    mixins: dict[str, set[str]] = {}
    for p in plans:
        if p.mixin is not None:
            mixins.setdefault(p.mixin.__module__, set()).add(p.mixin.__name__)
    records = _records.all_records()
    enums = _library_enums()
    package_enums = ", ".join(sorted(e.__name__ for e in _PACKAGE_ENUMS))
    exported = {m: _exported(m) for m in reexports}
    library = os.path.basename(_ffi.library_path() or "the library")
    lines = [
        f"# The types of {library}'s classes, records and enums, from its introspection",
        "# (mvvm_type_describe(), mvvm_record_describe(), mvvm_enum_list()), for type checkers;",
        f"# at run time the module {module} gives mvvm's classes, built from the library it loaded.",
        f"# Generated; do not edit. Regenerate: {command}",
        "",
        "from asyncio import AbstractEventLoop",
        "from collections.abc import Callable, Iterable",
        "from dataclasses import dataclass",
        "from enum import IntEnum",
        "from typing import ClassVar, Literal, overload",
        "",
        "from mvvm import Connection, HostInterface, IndexedView, ListChange, MvvmObject, Runtime",
        f"from mvvm import {package_enums}",
        *(f"from {m} import {', '.join(sorted(names))}" for m, names in sorted(mixins.items())),
        *(f"from {m} import {', '.join(names)}" for m, names in exported.items()),
    ]
    names = ["ObjectType", *(p.name for p in plans), *(r.name for r in records), *(e.__name__ for e, _ in enums)]
    names += [n for m in exported.values() for n in m]
    lines += ["", "__all__: list[str] = [" + ", ".join(repr(n) for n in names) + "]", ""]
    cases = [(_enums.constant_name(name), value) for value, name in types.items()]
    lines += _enum("ObjectType", cases, "mvvm_type: the type of an object.", "IntEnum")
    for enum, doc in enums:
        lines += ["", *_enum(enum.__name__, [(m.name, m.value) for m in enum], doc, "IntEnum")]
    for record in records:
        lines += ["", *_record(record)]
    for p in plans:
        lines += ["", *_class(p)]
    return "\n".join(lines) + "\n"


def schema_module(module: str, command: str) -> str:
    """The ``_schema.py`` beside an application's stub: the loaded library's schema hash, which
    the module passes to :func:`mvvm.check_schema` when its classes are first used, so stubs of
    another build are refused (mvvm.h, "THE SCHEMA HASH")."""
    from ._core import schema_hash

    return (
        f'"""The schema hash the stubs of {module} were generated from (mvvm.check_schema()).\n'
        f'Generated; do not edit. Regenerate: {command}"""\n\n'
        f'SCHEMA_HASH = "{schema_hash()}"\n'
    )


def _import_application(module: str) -> None:
    """Imports the application's module when it can be imported (it registers its overrides);
    a module of generated types only (Notes') may not be importable yet, and needs nothing."""
    import importlib

    try:
        importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mvvm._stubgen", description=__doc__.split("\n\n")[0])
    parser.add_argument("--library", metavar="PATH",
                        help="the library to describe (default: MVVM_LIBRARY, else the package's)")
    parser.add_argument("--module", required=True, metavar="NAME",
                        help="the application's module the stub is for (imported first when it can be)")
    parser.add_argument("--reexport", action="append", default=[], metavar="MODULE",
                        help="a module whose __all__ the stub re-exports (the application's hand-written names)")
    parser.add_argument("--output", "-o", help="where to write")
    parser.add_argument("--check", metavar="FILE", help="compare FILE with a fresh stub; exit 1 if they differ")
    parser.add_argument("--command", help="the command that regenerates the stub, named in its header and by --check")
    args = parser.parse_args(argv)
    if not args.module.isidentifier():
        parser.error(f"--module {args.module!r} is not a Python module name")
    if not (args.output or args.check):
        parser.error(f"--module {args.module} writes an application's stub: give --output FILE or --check FILE")
    try:
        if args.library:
            _ffi.use_library(args.library)
        _import_application(args.module)
        reexports = "".join(f" --reexport {m}" for m in args.reexport)
        command = args.command or (
            f"python3 -m mvvm._stubgen --library {os.path.basename(_ffi.library_path() or '')}"
            f" --module {args.module}{reexports} --output {args.check or args.output}")
        text = generate(args.module, command, args.reexport)
    except (ImportError, errors.MvvmError) as exc:  # LibraryNotFoundError is an ImportError
        print(f"stubgen: {exc}", file=sys.stderr)
        return 2
    # Beside the stub, what the module checks at run time: the schema hash it was generated from.
    files = {args.check or args.output: text}
    files[os.path.join(os.path.dirname(args.check or args.output), "_schema.py")] = schema_module(args.module, command)
    if args.check:
        for path, fresh in files.items():
            try:
                with open(path, encoding="utf-8") as f:
                    old = f.read()
            except FileNotFoundError:
                old = ""
            if old != fresh:
                sys.stdout.writelines(difflib.unified_diff(
                    old.splitlines(True), fresh.splitlines(True), path, "fresh stub"))
                print(f"\n{path} is stale (it does not match the library's introspection).\n"
                      f"Regenerate it: {command}", file=sys.stderr)
                return 1
        return 0
    for path, fresh in files.items():
        with open(path, "w", encoding="utf-8") as f:
            f.write(fresh)
    return 0


if __name__ == "__main__":
    sys.exit(main())
