"""Python classes built from mvvm_type_describe() at first use, as PyGObject builds its classes
from GObject introspection.

For each mvvm_type the library describes, :func:`class_for` builds (once, when the class is
first used) a subclass of :class:`MvvmObject` (or of the override an application's Python
module registered for the type, see _overrides.py) with, from each member's shape:

* a property per property member ("has-more-pages" -> ``has_more_pages``): bools as bool, C
  enums as their IntEnum (built from the library's description), absent values as None; a
  settable one also has a setter, which is its "set-NAME" command (``set_draft_title()``);
* a method per command, with the command's argument names (``did_select_row(index)``),
  returning its result if it has one;
* per list, an O(1) sequence view (``rows``), an accessor of one item (``row(i)``; the
  singular name, or ``NAME_text(i)`` when the singular is taken) and, when no property counts
  it, a property of its count name;
* ``signals``: the SignalSpec of each signal, from its C signature and the property it
  announces;
* ``__init__`` from the constructor's arguments (an object argument is a wrapper, whose
  runtime the object uses; an override's ``CONSTRUCTOR_PARAMETERS`` may give an argument
  another Python name and a default; without an object argument a ``runtime=None`` keyword).

Every call goes through the generic entry points (``mvvm_object_get/set/invoke/count/
get_item/new``) with the member ids looked up once per class; the per-call mvvm_value buffers
are allocated once per class and member (a call from inside a handler, or from another
thread, uses its own). :func:`plan` is what both this builder and the stub generator
(_stubgen.py) read, so the stubs say what the classes do.
"""

from __future__ import annotations

import ctypes
import keyword
import threading
from ctypes import POINTER, byref, c_int64, c_void_p

from . import _core, _enums, _ffi
from ._core import MvvmObject, Runtime
from ._enums import MemberKind, ValueKind
from ._ffi import STATE
from ._overrides import mixin_for

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see _ffi.py)

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from . import _records, _values
    from ._values import MemberInfo

    Reader = Callable[[MvvmObject, _ffi.Value], Any]
else:
    # Imported on first use: the value dataclasses (see _values.py) and the records.
    _values = _ffi.Lazy("mvvm._values")
    _records = _ffi.Lazy("mvvm._records")

def constructor_parameters(mixin: type[MvvmObject] | None) -> dict[str, tuple[str, str]]:
    """An override's ``CONSTRUCTOR_PARAMETERS``: constructor arguments (as the library names
    them) whose Python parameter has another name and a default (Python source), e.g.
    ``{"random_seed": ("seed", "1")}``."""
    found: dict[str, tuple[str, str]] = getattr(mixin, "CONSTRUCTOR_PARAMETERS", {})
    return found

#: The value kinds whose item or result is read from a member of mvvm_value's union.
_NONE = ValueKind.NONE
_BOOL = ValueKind.BOOL
_INT32 = ValueKind.INT32
_INT64 = ValueKind.INT64
_UINT64 = ValueKind.UINT64
_DOUBLE = ValueKind.DOUBLE
_STRING = ValueKind.STRING
_OBJECT = ValueKind.OBJECT
_INT64_ARRAY = ValueKind.INT64_ARRAY


# ---------------------------------------------------------------------------------------
# The plan: Python names and kinds of every member (shared with the stub generator)
# ---------------------------------------------------------------------------------------


def python_name(name: str) -> str:
    """A member's Python name: kebab-case to snake_case ("has-more-pages" ->
    "has_more_pages"), a keyword gets a trailing underscore."""
    py = name.replace("-", "_").replace("::", "_")
    return py + "_" if keyword.iskeyword(py) else py


class Argument:
    __slots__ = ("c_name", "name", "kind", "default")

    def __init__(self, c_name: str, name: str, kind: int, default: str | None) -> None:
        self.c_name = c_name  # as the library names it
        self.name = name  # the Python parameter
        self.kind = kind
        self.default = default  # Python source of the default, or None


class Member:
    """One member as the built class has it."""

    __slots__ = (
        "info", "id", "name", "kind", "py", "value_kind", "enum", "nullable", "settable",
        "doc", "arguments", "setter_of", "setter", "item", "count", "count_py", "signal",
        "spec", "announces",
    )

    def __init__(self, info: MemberInfo, member_id: int) -> None:
        shape = info.shape
        self.info = info
        self.id = member_id
        self.name = info.name
        self.kind = int(info.kind)
        self.py = python_name(info.name)
        self.value_kind: int = int(shape.value_kind) if shape else _NONE
        self.enum = _enums.for_c_type(shape.enum_name) if shape and shape.enum_name else None
        self.nullable = shape.nullable if shape else False
        self.settable = shape.settable if shape else False
        self.doc = shape.doc if shape else ""
        self.arguments: list[Argument] = []
        self.setter_of: Member | None = None  # a "set-NAME" command: the property it sets
        self.setter: Member | None = None  # a settable property: its "set-NAME" command
        self.item: str | None = None  # a list: the Python name of its one-item accessor
        self.count: str | None = shape.count if shape else None  # a list: what counts it
        self.count_py: str | None = None  # a list: its count property, when added
        self.signal: str | None = shape.related if shape else None
        self.spec: _core.SignalSpec | None = None  # a signal: how it is connected
        self.announces: Member | None = None  # a notify:: signal: its property


class ClassPlan:
    """What the class of one type has: its members by kind, with their Python names."""

    def __init__(self, type_id: int) -> None:
        info = _core.describe(type_id)
        self.type_id = type_id
        self.name = info.name
        self.mixin = mixin_for(info.name)
        #: Names the hand-written override defines: the built class leaves them to it.
        self.overridden: set[str] = set()
        if self.mixin is not None:
            for k in self.mixin.__mro__:
                if k not in MvvmObject.__mro__:
                    self.overridden.update(vars(k))
        self.members = [Member(m, i) for i, m in enumerate(info.members)]
        self.ids = {m.name: m.id for m in self.members}
        by_kind: dict[int, list[Member]] = {}
        for m in self.members:
            by_kind.setdefault(m.kind, []).append(m)
        self.properties = by_kind.get(MemberKind.PROPERTY, [])
        self.commands = by_kind.get(MemberKind.COMMAND, [])
        self.signals = by_kind.get(MemberKind.SIGNAL, [])
        self.lists = by_kind.get(MemberKind.LIST, [])
        constructors = by_kind.get(MemberKind.CONSTRUCTOR, [])
        self.constructor = constructors[0] if constructors else None
        self.doc = self.constructor.doc if self.constructor else ""
        props = {p.name: p for p in self.properties}
        # Python names of members: a list's accessors take other names (an override's names
        # are not taken: the override defines the accessor itself).
        taken = {m.py for m in self.members if m.kind != MemberKind.SIGNAL}

        renamed = constructor_parameters(self.mixin)
        for m in self.commands + ([self.constructor] if self.constructor else []):
            shape = m.info.shape
            for a in shape.arguments if shape else ():
                name: str = a.name
                default: str | None = None
                if m is self.constructor:
                    name, default = renamed.get(a.name, (a.name, None))
                if keyword.iskeyword(name):
                    name += "_"
                m.arguments.append(Argument(a.name, name, int(a.kind), default))
        for m in self.commands:
            prop = props.get(m.signal or "")
            if (prop is not None and prop.settable and len(m.arguments) == 1
                    and m.arguments[0].kind == prop.value_kind):
                m.setter_of, prop.setter = prop, m
        for lst in self.lists:
            singular = lst.py[:-1] if lst.py.endswith("s") else lst.py + "_item"
            if singular in taken:
                singular += "_text" if lst.value_kind == _STRING else "_item"
            lst.item = singular
            taken.add(singular)
            count_py = python_name(lst.count) if lst.count else None
            if count_py and count_py not in taken:
                lst.count_py = count_py
                taken.add(count_py)
        related = {p.signal: p for p in self.properties if p.signal}
        for s in self.signals:
            prop = related.get(s.name)
            s.spec = _core.signal_spec(
                s.info.c_function,
                prop.value_kind if prop else _NONE,
                prop.enum if prop else None,
            )
            s.announces = prop


_PLANS: dict[int, ClassPlan] = {}


def plan(type_id: int) -> ClassPlan:
    p = _PLANS.get(type_id)
    if p is None:
        p = _PLANS[type_id] = ClassPlan(type_id)
    return p


# ---------------------------------------------------------------------------------------
# Reading and writing mvvm_value
# ---------------------------------------------------------------------------------------


def reader(kind: int, enum: type[_enums.Enum] | None = None, nullable: bool = True) -> Reader:
    """How a value of ``kind`` becomes a Python value (MVVM_VALUE_NONE: None; a string that
    may not be absent: "" if it ever is)."""
    if kind == _BOOL:
        return lambda o, v: v.boolean != 0
    if kind == _INT32:
        if enum is not None:
            e = enum

            def read_enum(o: MvvmObject, v: _ffi.Value) -> Any:
                raw = v.int32
                try:
                    return e(raw)
                except ValueError:  # a value from a newer library
                    return raw

            return read_enum
        return lambda o, v: v.int32
    if kind == _INT64:
        return lambda o, v: v.int64
    if kind == _UINT64:
        return lambda o, v: v.uint64
    if kind == _DOUBLE:
        return lambda o, v: v.real
    if kind == _STRING:
        if nullable:
            return lambda o, v: v.string.decode("utf-8", "replace") if v.kind else None
        return lambda o, v: v.string.decode("utf-8", "replace") if v.kind else ""
    if kind == _OBJECT:
        return lambda o, v: o._wrap_object(v.object if v.kind else None)
    record = _records.for_kind(kind)
    if record is not None:
        read = record.read_value
        return lambda o, v: read(v) if v.kind else None
    return lambda o, v: _read_any(o, v)


def _read_any(o: MvvmObject, v: _ffi.Value) -> Any:
    """A value by its own kind (for a kind the shape did not announce)."""
    kind = v.kind
    return None if kind == _NONE else reader(kind)(o, v)


_KIND_NAMES: dict[int, str] = {
    _BOOL: "a bool", _INT32: "an int", _INT64: "an int", _UINT64: "an int",
    _DOUBLE: "a float", _STRING: "a str", _OBJECT: "an mvvm object", _INT64_ARRAY: "an iterable of ints",
}


def argument_error(where: str, name: str, kind: int, value: object) -> TypeError:
    record = _records.for_kind(kind) if kind not in _KIND_NAMES else None
    what = f"an mvvm.{record.name}" if record is not None else _KIND_NAMES.get(kind, f"a value of kind {kind}")
    hint = " (decode bytes first)" if kind == _STRING and isinstance(value, (bytes, bytearray)) else ""
    return TypeError(f"{where}: {name} must be {what}, not {type(value).__name__}{hint}")


#: The range of each integer kind: C would receive a larger Python int wrapped (ctypes stores
#: its low bits), a different value than the caller passed.
_INT_RANGES: dict[int, tuple[int, int]] = {_INT32: (-(2**31), 2**31 - 1), _INT64: (-(2**63), 2**63 - 1)}


def range_error(where: str, name: str, kind: int, value: object) -> OverflowError:
    low, high = _INT_RANGES[kind]
    return OverflowError(f"{where}: {name} must be in {low}...{high}, not {value}")


def nul_error(where: str, name: str) -> ValueError:
    # A C string ends at its first NUL: the library would receive a shorter string.
    return ValueError(f"{where}: {name} contains a NUL character, which a C string cannot hold")


def write(v: _ffi.Value, kind: int, x: Any, where: str, name: str, nullable: bool = False) -> object:
    """Stores ``x`` into ``v`` as a value of ``kind``; returns what must stay alive until the
    call (an array). None is MVVM_VALUE_NONE (an absent value) where ``nullable``."""
    keep: object = None
    if x is None and kind != _BOOL:
        if not nullable:
            raise argument_error(where, name, kind, x)
        v.kind = _NONE
        return None
    v.kind = kind
    try:
        if kind == _BOOL:
            v.boolean = 1 if x else 0
        elif kind == _INT32 or kind == _INT64:
            low, high = _INT_RANGES[kind]
            if not low <= x <= high:
                raise range_error(where, name, kind, x)
            if kind == _INT32:
                v.int32 = x
            else:
                v.int64 = x
        elif kind == _UINT64:
            v.uint64 = x & 0xFFFFFFFFFFFFFFFF
        elif kind == _DOUBLE:
            v.real = x
        elif kind == _STRING:
            v.string = x.encode()
            if "\0" in x:
                raise nul_error(where, name)
        elif kind == _OBJECT:
            if not isinstance(x, MvvmObject):
                raise TypeError
            v.object = x.handle
        elif kind == _INT64_ARRAY:
            items = [int(i) for i in x]
            low, high = _INT_RANGES[_INT64]
            outside = next((i for i in items if not low <= i <= high), None)
            if outside is not None:
                raise range_error(where, name, _INT64, outside)
            array = (c_int64 * len(items))(*items)
            v.int64_array.items = ctypes.cast(array, POINTER(c_int64))
            v.int64_array.count = len(items)
            keep = array
        else:
            record = _records.for_kind(kind)
            if record is None:
                raise TypeError(f"{where}: {name}: values of kind {kind} cannot be passed from Python")
            keep = record.write_value(v, x, where, name)
    except UnicodeEncodeError as exc:
        raise _ffi.utf8_error(exc) from exc
    except (TypeError, AttributeError, ValueError) as exc:
        if isinstance(exc, (TypeError, ValueError)) and str(exc).startswith(where):
            raise
        raise argument_error(where, name, kind, x) from None
    return keep


# ---------------------------------------------------------------------------------------
# Building the members
# ---------------------------------------------------------------------------------------

#: The inline store of one argument of a command or setter, by kind, in generated code
#: (``{i}``: the argument's index, ``{p}``: the parameter). Another kind goes through write().
#: A string is copied into a buffer of its own that the value points to for good
#: (``_s{i}``, a view that leaves the buffer's last byte 0): a copy instead of a c_char_p
#: store and its keep-alive bookkeeping; a longer one takes the slow path.
_STORE: dict[int, str] = {
    _BOOL: "    _a{i}.boolean = 1 if {p} else 0\n",
    _INT32: (
        "    try:\n        _a{i}.int32 = {p}\n    except TypeError:\n        raise _argerr({w!r}, {n!r}, {k}, {p}) from None\n"
        "    if not -0x80000000 <= {p} <= 0x7FFFFFFF:\n        raise _rangeerr({w!r}, {n!r}, {k}, {p})\n"
    ),
    _INT64: (
        "    try:\n        _a{i}.int64 = {p}\n    except TypeError:\n        raise _argerr({w!r}, {n!r}, {k}, {p}) from None\n"
        "    if not -0x8000000000000000 <= {p} <= 0x7FFFFFFFFFFFFFFF:\n        raise _rangeerr({w!r}, {n!r}, {k}, {p})\n"
    ),
    _DOUBLE: "    try:\n        _a{i}.real = {p}\n    except TypeError:\n        raise _argerr({w!r}, {n!r}, {k}, {p}) from None\n",
    _STRING: (
        "    try:\n        _s{i}.value = {p}.encode()\n"
        "    except AttributeError:\n        raise _argerr({w!r}, {n!r}, {k}, {p}) from None\n"
        "    except UnicodeEncodeError as exc:\n        raise _utf8(exc) from exc\n"
        "    except ValueError:\n        return _slow(self, ({args}))  # longer than the buffer\n"
        "    if \"\\0\" in {p}:\n        raise _nulerr({w!r}, {n!r})\n"
    ),
}

#: Bytes of the per-argument string buffer (the longest string of the fast path is one less).
STRING_BUFFER = 256


def _compile(source: str, name: str, namespace: dict[str, Any]) -> Callable[..., Any]:
    """The function ``name`` defined by ``source`` with ``namespace`` as its globals: the
    buffers, ids and functions it uses are bound once, read as globals."""
    exec(source, namespace)  # noqa: S102 - source built here from the library's names
    fn: Callable[..., Any] = namespace[name]
    return fn


def _make_call(
    cls_name: str,
    py: str,
    params: list[Argument],
    member_id: int,
    result: Reader | None,
    setter: bool,
) -> Callable[..., Any]:
    """A command (mvvm_object_invoke) or, with ``setter``, a property setter
    (mvvm_object_set of one value), as a function with the arguments' names."""
    where = f"{cls_name}.{py}()"
    n = len(params)
    buffers = (_ffi.Value * max(n, 1))()
    views = [buffers[i] for i in range(n)]
    out = _ffi.Value() if result is not None else None
    ns: dict[str, Any] = {
        "_invoke": _ffi.unchecked("mvvm_object_invoke"),
        "_set": _ffi.unchecked("mvvm_object_set"),
        "_check": _ffi.check,
        "_P": STATE.pending,
        "_G": STATE.graveyard,
        "_args": buffers,
        "_res": out,
        "_read": result,
        "_STATE": STATE,
        "_ident": threading.get_ident,
        "_MAIN": STATE.main_thread,
        "_argerr": argument_error,
        "_rangeerr": range_error,
        "_nulerr": nul_error,
        "_utf8": _ffi.utf8_error,
        "_write": write,
        "_slow": None,
    }
    for i, (v, a) in enumerate(zip(views, params)):
        v.kind = a.kind
        ns[f"_a{i}"] = v
        if a.kind == _STRING:
            text = ctypes.create_string_buffer(STRING_BUFFER)
            v.string = ctypes.addressof(text)
            ns[f"_s{i}"] = (ctypes.c_char * (STRING_BUFFER - 1)).from_buffer(text)
    names = [a.name for a in params]
    signature = ", ".join(["self"] + names)
    all_args = "".join(p + ", " for p in names)
    lines = [f"def {py}({signature}):\n"]
    if n or result is not None:
        # Inside a handler (this call may be nested in one using the buffers) or off the
        # host thread (the library refuses it, and the buffers must not change under the
        # host thread's calls): buffers of its own.
        lines.append(f"    if _STATE.depth or _ident() != _MAIN:\n        return _slow(self, ({all_args}))\n")
    for i, a in enumerate(params):
        store = _STORE.get(a.kind)
        if store is None:
            lines.append(f"    _keep{i} = _write(_a{i}, {a.kind}, {a.name}, {where!r}, {a.name!r})\n")
        else:
            lines.append(store.format(i=i, p=a.name, w=where, n=a.name, k=a.kind, args=all_args))
    if setter:
        lines.append(f"    _st = _set(self._handle, {member_id}, _a0)\n")
    else:
        args = "_args" if n else "None"
        res = "_res" if result is not None else "None"
        lines.append(f"    _st = _invoke(self._handle, {member_id}, {args}, {n}, {res})\n")
    lines.append(f"    if _st or _P or _G:\n        _check(_st, {where!r})\n")
    if result is not None:
        lines.append("    return _read(self, _res)\n")
    fn = _compile("".join(lines), py, ns)

    def slow(self: MvvmObject, values: tuple[Any, ...]) -> Any:
        own = (_ffi.Value * max(n, 1))()
        keep = [write(own[i], a.kind, x, where, a.name) for i, (a, x) in enumerate(zip(params, values))]
        if setter:
            _ffi.check(ns["_set"](self._handle, member_id, own), where)
            return None
        res = _ffi.Value() if result is not None else None
        _ffi.check(ns["_invoke"](self._handle, member_id, own if n else None, n, res), where)
        del keep
        return result(self, res) if result is not None and res is not None else None

    ns["_slow"] = slow
    return fn


# The getters share one output value per member: a getter runs no handler, so no call can
# come in between the C call that fills it and the read that converts it.
_pending, _graveyard, _check = STATE.pending, STATE.graveyard, _ffi.check


def _make_getter(member_id: int, read: Reader, where: str) -> Callable[[MvvmObject], Any]:
    out = _ffi.Value()
    get = _ffi.unchecked("mvvm_object_get")

    def fget(self: MvvmObject) -> Any:
        status = get(self._handle, member_id, out)
        if status or _pending or _graveyard:
            _check(status, where)
        return read(self, out)

    return fget


def _make_count(list_id: int, where: str) -> Callable[[MvvmObject], int]:
    out = c_int64(0)
    count = _ffi.unchecked("mvvm_object_count")

    def fcount(self: MvvmObject) -> int:
        status = count(self._handle, list_id, out)
        if status or _pending or _graveyard:
            _check(status, where)
        return out.value

    return fcount


def _make_item(list_id: int, read: Reader, where: str) -> Callable[[MvvmObject, int], Any]:
    out = _ffi.Value()
    get_item = _ffi.unchecked("mvvm_object_get_item")

    def item(self: MvvmObject, index: int) -> Any:
        status = get_item(self._handle, list_id, index, out)
        if status or _pending or _graveyard:
            _check(status, where)
        return read(self, out)

    return item


def _make_view(
    count: Callable[[MvvmObject], int], item: Callable[[MvvmObject, int], Any], list_name: str
) -> Callable[[MvvmObject], Any]:
    def changes(self: MvvmObject) -> Any:
        from . import _streams

        return _streams.changes(self, list_name)

    def view(self: MvvmObject) -> Any:
        return _values.IndexedView(count.__get__(self), item.__get__(self), changes.__get__(self))

    return view


def _make_constructor(p: ClassPlan, ctor: Member) -> Callable[..., None]:
    """__init__ from the constructor's arguments (mvvm_object_new)."""
    where = f"{p.name}()"
    params = ctor.arguments
    objects = [a for a in params if a.kind == _OBJECT]
    names = [f"{a.name}={a.default}" if a.default is not None else a.name for a in params]
    if not objects:
        names.append("runtime=None")
    type_id, n = p.type_id, len(params)
    new = _ffi.unchecked("mvvm_object_new")

    def construct(self: MvvmObject, values: tuple[Any, ...], runtime: Runtime | None) -> None:
        args = (_ffi.Value * max(n, 1))()
        keep = [write(args[i], a.kind, x, where, a.name) for i, (a, x) in enumerate(zip(params, values))]
        parent = next((x for a, x in zip(params, values) if a.kind == _OBJECT), None)
        rt = parent.runtime if isinstance(parent, MvvmObject) else (runtime or Runtime.current())
        out = c_void_p()
        _ffi.check(new(type_id, args if n else None, n, byref(out)), where)
        del keep
        self._setup(int(out.value or 0), rt, parent, True)

    values = "".join(a.name + ", " for a in params)
    source = f"def __init__({', '.join(['self'] + names)}):\n    _construct(self, ({values}), {'None' if objects else 'runtime'})\n"
    return _compile(source, "__init__", {"_construct": construct})


def _no_constructor(name: str) -> Callable[..., None]:
    def __init__(self: MvvmObject, *args: Any, **kwargs: Any) -> None:
        raise TypeError(
            f"{name} objects are made by the library, not from Python (an application's Python module may add "
            f"the ways to make one: import it before the class is first used, see mvvm.register_override)"
        )

    return __init__


def _name(fn: Any, cls_name: str, py: str, doc: str) -> Any:
    fn.__name__ = py
    fn.__qualname__ = f"{cls_name}.{py}"
    fn.__module__ = "mvvm"
    fn.__doc__ = doc or None
    return fn


def build(type_id: int) -> type[MvvmObject]:
    """The class of ``type_id``, from its plan (use :func:`class_for`, which builds once)."""
    p = plan(type_id)
    name, skip = p.name, p.overridden
    doc = p.mixin.__doc__ if p.mixin is not None and p.mixin.__doc__ else p.doc
    ns: dict[str, Any] = {
        "__module__": "mvvm",
        "__qualname__": name,
        "__doc__": (doc + "\n\n" if doc else "") + f"(Built from mvvm_type_describe() of {name}.)",
        "object_type": _enums.object_type(type_id),
        "_member_ids": dict(p.ids),
        "_class_plan": p,  # what mvvm._streams looks members up in
        "signals": {s.name: s.spec for s in p.signals if s.spec is not None},
    }

    def add(py: str, value: Any) -> None:
        if py not in skip and py not in ns:
            ns[py] = value

    for m in p.commands:
        if m.setter_of is not None:
            continue  # below, with its property
        result = reader(m.value_kind, m.enum) if m.value_kind != _NONE else None
        fn = _make_call(name, m.py, m.arguments, m.id, result, setter=False)
        add(m.py, _name(fn, name, m.py, m.doc))
    for prop in p.properties:
        read = reader(prop.value_kind, prop.enum, prop.nullable)
        fget = _name(_make_getter(prop.id, read, f"{name}.{prop.py}"), name, prop.py, prop.doc)
        fset = None
        if prop.settable:
            cmd = prop.setter
            if cmd is not None:
                fset = _make_call(name, cmd.py, cmd.arguments, prop.id, None, setter=True)
                add(cmd.py, _name(fset, name, cmd.py, cmd.doc))
            else:
                arg = Argument(prop.name, "value", prop.value_kind, None)
                fset = _make_call(name, prop.py, [arg], prop.id, None, setter=True)
        add(prop.py, property(fget, fset, None, prop.doc or None))
    for lst in p.lists:
        count = _make_count(lst.id, f"{name}.{lst.count_py or lst.py}")
        read = reader(lst.value_kind, None, False)
        item = _name(_make_item(lst.id, read, f"{name}.{lst.item}()"), name, lst.item or "item", lst.doc)
        add(lst.py, property(_make_view(count, item, lst.name), None, None, lst.doc or None))
        if lst.item:
            add(lst.item, item)
        if lst.count_py:
            add(lst.count_py, property(count, None, None, f"The number of {lst.name}."))
    if p.constructor is not None:
        add("__init__", _name(_make_constructor(p, p.constructor), name, "__init__", p.constructor.doc))
    else:
        add("__init__", _no_constructor(name))
    from . import _interfaces

    interface = _interfaces.describe(type_id)
    if interface is not None:
        doc = f"A {name} over a Python implementation of {interface.name} (a mvvm.HostInterface)."
        add("new_host", classmethod(_name(_interfaces.constructor(type_id, write), name, "new_host", doc)))
    base = p.mixin or MvvmObject
    cls = type(name, (base,), ns)
    return cls


_CLASSES: dict[int, type[MvvmObject]] = {}
_BUILDING = threading.RLock()  # one class per type, even if two threads ask first


def class_for(type_id: int) -> type[MvvmObject]:
    """The class of objects of ``type_id``, built at its first use."""
    cls = _CLASSES.get(type_id)
    if cls is None:
        with _BUILDING:
            cls = _CLASSES.get(type_id)
            if cls is None:
                cls = _CLASSES[type_id] = build(type_id)
    return cls


def type_id_of(name: str) -> int | None:
    """The mvvm_type of the type named ``name`` ("ItemList"), None if the library has none
    (mvvm_type_find())."""
    return _enums.find_type(name)


def resolve(name: str) -> object:
    """``ObjectType`` or the class named ``name``: what mvvm.__getattr__ gives."""
    if name == "ObjectType":
        return _enums.object_type_enum()
    if name[:1].isupper():
        type_id = type_id_of(name)
        if type_id is not None:
            return class_for(type_id)
        # A record of the library (an application's own, such as an app's Item).
        from . import _records

        for record in _records.all_records():
            if record.name == name:
                return record.cls
        # An enum of the library (an app's Priority), as its properties give it.
        enum = _enums.described_named(name)
        if enum is not None:
            return enum
    raise AttributeError(f"module 'mvvm' has no attribute {name!r}")


def names() -> list[str]:
    """The names :func:`resolve` gives (without loading the library for them: [] if it
    cannot be loaded)."""
    try:
        return ["ObjectType"] + list(_enums.type_names().values())
    except ImportError:
        return []


_core.set_class_resolver(class_for)
