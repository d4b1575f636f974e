"""Record classes built from the library's introspection (mvvm_record_describe), as the
ViewModel classes are built from mvvm_type_describe: no Python per record. A record is a
frozen dataclass whose fields are the C struct's (an app's ``Item(id, title, count)``), read from
and written to its C form through a ``ctypes.Structure`` laid out from the described offsets.
"""

from __future__ import annotations

import ctypes
import dataclasses
from ctypes import c_char_p, c_double, c_int32, c_int64
from typing import Any, Callable

from . import _enums, _ffi, errors
from ._enums import ValueKind

#: Each field kind's ctypes type and Python type.
_FIELD_TYPES: dict[int, tuple[Any, type]] = {
    ValueKind.INT64: (c_int64, int),
    ValueKind.INT32: (c_int32, int),
    ValueKind.BOOL: (c_int32, bool),
    ValueKind.DOUBLE: (c_double, float),
    ValueKind.STRING: (c_char_p, str),
}

_NULLABLE = 2  # MVVM_MEMBER_NULLABLE
_UNION_OFFSET = _ffi.Value.as_.offset


class RecordType:
    """One record of the library: its Python class, its C layout, and the conversions."""

    __slots__ = (
        "kind", "name", "c_type", "cls", "struct", "readable", "field_enums", "_fields", "read",
        "_writers",
    )

    def __init__(self, info: _ffi.RecordInfo) -> None:
        self.kind = int(info.kind)
        self.name = info.name.decode()
        self.c_type = info.c_type.decode()
        self.readable = bool(info.readable)
        fields: list[tuple[str, int, bool]] = []
        for i in range(info.field_count):
            f = info.fields[i]
            fields.append((f.name.decode(), int(f.kind), bool(f.flags & _NULLABLE)))
        self._fields = tuple(fields)
        #: The Python enum of each field that holds one of the library's enums, by field name.
        self.field_enums: dict[str, type[_enums.Enum]] = {}
        for i, (field, _, _) in enumerate(fields):
            enum_name = info.field_enum_names[i] if info.field_enum_names else None
            if enum_name:
                enum = _enums.for_c_type(enum_name.decode())
                if enum is None:
                    raise errors.FfiError(13, f"record {self.name}: field {field} holds {enum_name.decode()}, which the library does not describe")
                self.field_enums[field] = enum
        self.struct = _structure(self.name, info, fields)
        annotations = [
            (n, self.field_enums.get(n) or ((str | None) if nullable else _FIELD_TYPES[k][1])) for n, k, nullable in fields
        ]
        doc = info.doc.decode() if info.doc else ""
        self.cls: type = dataclasses.make_dataclass(
            self.name, annotations, frozen=True, namespace={"__doc__": doc or f"The record {self.name}."}
        )
        self.cls.__module__ = "mvvm"
        #: The record whose C form is at an address; None for a NULL address (generated code,
        #: see `_reader`).
        self.read: Callable[[int | None], Any] = _reader(self.cls, self.struct, fields, self.field_enums)
        #: The generated writers (_fast_writers), made at the first write: reading needs none.
        self._writers: tuple[Callable[[Any, Any], list[bytes] | None], Callable[[Any], tuple[Any, list[bytes]] | None]] | None = None

    @property
    def fields(self) -> tuple[tuple[str, int, bool], ...]:
        """Each field's name, value kind and whether it may be absent (None), in C order."""
        return self._fields

    def read_value(self, v: _ffi.Value) -> Any:
        """The record an mvvm_value holds inline."""
        return self.read(ctypes.addressof(v) + _UNION_OFFSET)

    def write_value(self, v: _ffi.Value, x: Any, where: str, name: str) -> object:
        """Stores record ``x`` into ``v``; returns the encoded strings, which must stay alive
        until the call returns."""
        self._check(x, where, name)
        if not self.readable:
            raise TypeError(f"{where}: {name}: the library does not take an mvvm.{self.name} from the host")
        v.kind = self.kind
        c = self.struct.from_address(ctypes.addressof(v) + _UNION_OFFSET)
        keep = (self._writers or self._make_writers())[0](c, x)
        return keep if keep is not None else self._fill(c, x, where, name)

    def to_struct(self, x: Any, where: str, name: str) -> tuple[Any, list[bytes]]:
        """Record ``x`` as a new instance of its C struct, for an application's own typed
        function (``const app_item *``), and the encoded strings it points to, which must
        stay alive until the call returns."""
        made = (self._writers or self._make_writers())[1](x)
        if made is not None:
            return made
        self._check(x, where, name)
        c = self.struct()
        return c, self._fill(c, x, where, name)

    def _make_writers(
        self,
    ) -> tuple[Callable[[Any, Any], list[bytes] | None], Callable[[Any], tuple[Any, list[bytes]] | None]]:
        self._writers = _fast_writers(self.cls, self.struct, list(self._fields), self.field_enums)
        return self._writers

    def _check(self, x: Any, where: str, name: str) -> None:
        if not isinstance(x, self.cls):
            raise TypeError(f"{where}: {name} must be an mvvm.{self.name}, not {type(x).__name__}")

    def _fill(self, c: Any, x: Any, where: str, name: str) -> list[bytes]:
        keep: list[bytes] = []
        for field, kind, nullable in self._fields:
            value = getattr(x, field)
            if kind == ValueKind.STRING:
                if value is None and nullable:
                    setattr(c, field, None)
                    continue
                data = _ffi.encode(value, f"{where}: {name}.{field}")
                keep.append(data)
                setattr(c, field, data)
            elif kind == ValueKind.BOOL:
                setattr(c, field, 1 if value else 0)
            elif field in self.field_enums:
                setattr(c, field, _enum_number(self.field_enums[field], value, f"{where}: {name}.{field}"))
            else:
                setattr(c, field, value)
        return keep


def _structure(name: str, info: _ffi.RecordInfo, fields: list[tuple[str, int, bool]]) -> Any:
    """The ctypes struct of a record, checked against the library's offsets and size."""
    struct: Any = type(name, (ctypes.Structure,), {"_fields_": [(n, _FIELD_TYPES[k][0]) for n, k, _ in fields]})
    for i, (field, _, _) in enumerate(fields):
        if getattr(struct, field).offset != info.fields[i].offset:
            raise errors.FfiError(13, f"record {name}: field {field} is at offset {info.fields[i].offset} in the library")
    if ctypes.sizeof(struct) != info.size:
        raise errors.FfiError(13, f"record {name}: the library's struct has {info.size} bytes, not {ctypes.sizeof(struct)}")
    return struct


def _enum_number(enum: type[_enums.Enum], value: Any, where: str) -> int:
    """The C number of ``value`` for an enum field: a member of ``enum``, or an int that is one
    of its cases' numbers (TypeError, ValueError otherwise: the library would refuse it)."""
    if isinstance(value, enum):
        return int(value.value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{where} must be an mvvm.{enum.__name__}, not {type(value).__name__}")
    try:
        return int(enum(value).value)
    except ValueError:
        cases = ", ".join(f"{m.value} ({m.name})" for m in enum)
        raise ValueError(f"{where} is {value}, which is not an mvvm.{enum.__name__}: its cases are {cases}") from None


def _reader(
    cls: type, struct: Any, fields: list[tuple[str, int, bool]], enums: dict[str, type[_enums.Enum]]
) -> Callable[[int | None], Any]:
    """The function reading the record at an address (one ctypes view, each field converted
    inline: generated code, as the classes' members are, with no converter call per field),
    None for a NULL address (the value of a signal carrying a record by pointer). A string
    field is decoded as :func:`_ffi.decode` does (``"utf-8", "replace"``), an absent one None if
    nullable, else ""."""
    namespace: dict[str, Any] = {"_cls": cls, "_from_address": struct.from_address}
    lines: list[str] = []
    arguments: list[str] = []
    for i, (field, kind, nullable) in enumerate(fields):
        lines.append(f"    _f{i} = _c.{field}\n")
        if field in enums:
            namespace[f"_e{i}"] = enums[field]
            arguments.append(f"_e{i}(_f{i})")
        elif kind == ValueKind.STRING:
            absent = "None" if nullable else '""'
            arguments.append(f'({absent} if _f{i} is None else _f{i}.decode("utf-8", "replace"))')
        elif kind == ValueKind.BOOL:
            arguments.append(f"_f{i} != 0")
        else:
            arguments.append(f"_f{i}")
    body = "    _c = _from_address(address)\n" + "".join(lines) + f"    return _cls({', '.join(arguments)})\n"
    # A NULL address reads as None instead of being followed.
    source = f"def read(address):\n    if not address:\n        return None\n{body}"
    exec(compile(source, f"<mvvm record {cls.__name__} reader>", "exec"), namespace)
    read: Callable[[int | None], Any] = namespace["read"]
    return read


def _fast_writers(
    cls: type, struct: Any, fields: list[tuple[str, int, bool]], enums: dict[str, type[_enums.Enum]]
) -> tuple[Callable[[Any, Any], list[bytes] | None], Callable[[Any], tuple[Any, list[bytes]] | None]]:
    """Two functions writing record ``x`` in its C form: ``fill(c, x)`` stores it into the
    struct ``c`` and returns the encoded strings (to keep alive while C reads them); ``new(x)``
    returns a new struct holding it and those strings. Each returns None when ``x`` is not
    exactly an instance of ``cls`` or a field is not plainly convertible; the caller then takes
    the checked path (:meth:`RecordType._fill`), which stores every field again or raises the
    error naming the field. Every field is converted before any is stored. Generated code (an
    answer's path, on the answering thread before the host is woken): no loop, no per-field
    message formatted, one struct constructor call."""
    namespace: dict[str, Any] = {"_cls": cls, "_struct": struct, "_enum_number": _enum_number}
    convert: list[str] = []
    store: list[str] = []
    for i, (field, kind, nullable) in enumerate(fields):
        convert.append(f"        _v{i} = x.{field}\n")
        if kind == ValueKind.STRING:
            if nullable:
                convert.append(f"        if _v{i} is not None:\n")
                indent = "            "
            else:
                indent = "        "
            convert.append(
                f"{indent}_v{i} = _v{i}.encode()\n"
                f"{indent}if type(_v{i}) is not bytes or b'\\0' in _v{i}:\n{indent}    return None\n"
            )
        elif kind == ValueKind.BOOL:
            convert.append(f"        _v{i} = 1 if _v{i} else 0\n")
        elif field in enums:
            namespace[f"_e{i}"] = enums[field]
            convert.append(f"        _v{i} = _enum_number(_e{i}, _v{i}, '')\n")
        store.append(f"        c.{field} = _v{i}\n")
    strings = [(f"_v{i}", nullable) for i, (_, kind, nullable) in enumerate(fields) if kind == ValueKind.STRING]
    keep = "[" + ", ".join(v for v, nullable in strings if not nullable) + "]"
    nullable_strings = [v for v, nullable in strings if nullable]
    keep_lines = f"    keep = {keep}\n" + "".join(f"    if {v} is not None:\n        keep.append({v})\n" for v in nullable_strings)
    values = ", ".join(f"_v{i}" for i in range(len(fields)))
    source = (
        "def fill(c, x):\n"
        "    if type(x) is not _cls:\n        return None\n"
        "    try:\n"
        "        pass\n"  # a record without fields
        + "".join(convert)
        + "".join(store)
        + "    except Exception:\n        return None\n"
        + keep_lines
        + "    return keep\n"
        "def new(x):\n"
        "    if type(x) is not _cls:\n        return None\n"
        "    try:\n"
        "        pass\n"
        + "".join(convert)
        + f"        c = _struct({values})\n"
        + "    except Exception:\n        return None\n"
        + keep_lines
        + "    return c, keep\n"
    )
    exec(compile(source, f"<mvvm record {cls.__name__} writer>", "exec"), namespace)
    return namespace["fill"], namespace["new"]


_BY_KIND: dict[int, RecordType | None] = {}
_BY_NAME: dict[str, RecordType] = {}


def for_kind(kind: int) -> RecordType | None:
    """The record of value kind ``kind``, or None when the kind is no record's."""
    try:
        return _BY_KIND[kind]
    except KeyError:
        pass
    info = ctypes.POINTER(_ffi.RecordInfo)()
    status = _ffi.unchecked("mvvm_record_describe")(kind, ctypes.byref(info))
    record = RecordType(info.contents) if status == 0 else None
    _BY_KIND[kind] = record
    if record is not None:
        _BY_NAME[record.name] = record
    return record


def named(name: str) -> RecordType:
    """The record named ``name``; :class:`mvvm.UnknownNameError` when the library has none."""
    record = _BY_NAME.get(name)
    if record is not None:
        return record
    kind = c_int32()
    _ffi.lib().mvvm_record_find(name.encode(), ctypes.byref(kind))
    found = for_kind(kind.value)
    assert found is not None
    return found


def with_c_type(c_type: str) -> RecordType | None:
    """The record whose C struct is ``c_type`` ("app_item"), or None."""
    return next((r for r in all_records() if r.c_type == c_type), None)


def all_records() -> list[RecordType]:
    """Every record of the library, in kind order."""
    kinds = ctypes.POINTER(c_int32)()
    count = ctypes.c_size_t()
    _ffi.lib().mvvm_record_list(ctypes.byref(kinds), ctypes.byref(count))
    return [r for i in range(count.value) if (r := for_kind(kinds[i])) is not None]
