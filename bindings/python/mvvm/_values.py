"""The framework's value types (frozen dataclasses) and :class:`IndexedView`. (A library's
records are built from its descriptions: _records.py.)

Imported on first use, not by ``import mvvm``: dataclasses (with the inspect module it
imports) and building the classes cost more than the rest of the package's import together.
``mvvm.ListChange`` and friends resolve here through ``mvvm.__getattr__``; the package's own
code imports this module where it first needs it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Generic, Iterator, TypeVar, overload

from . import _ffi
from ._enums import CBase, CDirection, COwnership, ListChangeKind, MemberFlags, MemberKind, ValueKind

if TYPE_CHECKING:
    from ._streams import Stream
    from ._enums import ObjectType

T = TypeVar("T")


@dataclass(frozen=True)
class ListChange:
    """One edit of a list; a change set is a list of them, applied in order. For MOVE,
    the row at ``start`` moved to index ``count``."""

    kind: ListChangeKind
    start: int
    count: int


@dataclass(frozen=True)
class ArgumentInfo:
    """One argument of a command or constructor (mvvm_argument_info)."""

    name: str
    kind: ValueKind


@dataclass(frozen=True)
class MemberShape:
    """What a member reads, takes and returns (mvvm_member_shape)."""

    value_kind: ValueKind
    flags: MemberFlags
    enum_name: str | None
    related: str | None
    count: str | None
    arguments: tuple[ArgumentInfo, ...]
    doc: str

    @property
    def settable(self) -> bool:
        return bool(self.flags & MemberFlags.SETTABLE)

    @property
    def nullable(self) -> bool:
        return bool(self.flags & MemberFlags.NULLABLE)


@dataclass(frozen=True)
class CParameter:
    """One parameter of a member's C function or of a signal's handler (mvvm_c_parameter):
    the type as data (base, struct name, pointers, const), its direction and ownership."""

    name: str
    base: CBase
    type_name: str | None
    pointers: int
    is_const: bool
    direction: CDirection
    ownership: COwnership
    #: How C spells the type, for display ("const char **").
    spelling: str


@dataclass(frozen=True)
class CFunction:
    """A member's C function (mvvm_c_function); for a signal, its handler: the object first,
    user_data last."""

    result: CBase
    parameters: tuple[CParameter, ...]


@dataclass(frozen=True)
class ConstructorInfo:
    """A named constructor of a type (mvvm_constructor_info): ``function`` is its C function
    (``app_store_new_sqlite``), ``c_function`` its C type: the parameters, then the owned
    out-parameter."""

    name: str
    function: str
    doc: str
    c_function: CFunction


@dataclass(frozen=True)
class MemberInfo:
    """One member of a type (mvvm_member_info, with its shape). Its id is its index in
    :attr:`TypeInfo.members`."""

    name: str
    kind: MemberKind
    function: str | None
    c_signature: str
    shape: MemberShape | None = None
    #: The typed form of ``c_signature``.
    c_function: CFunction | None = None


@dataclass(frozen=True)
class TypeInfo:
    type: ObjectType
    name: str
    members: tuple[MemberInfo, ...]
    #: The type's named constructors (mvvm_constructor_info), for a type its library makes
    #: with constructors of its own: :func:`mvvm.bind_constructor` binds one.
    constructors: tuple[ConstructorInfo, ...] = ()

    def member_id(self, name: str) -> int:
        """The id of the member named ``name`` (its index in ``members``); KeyError if none."""
        for i, m in enumerate(self.members):
            if m.name == name:
                return i
        raise KeyError(f"{self.name} has no member {name!r}")


class IndexedView(Sequence[T], Generic[T]):
    """A live sequence over a C list: len() asks the count, [i] reads one row in O(1).
    Equal to a list, tuple or view with the same items (compared when asked)."""

    __hash__ = None  # type: ignore[assignment]  # live, so unhashable like a list

    def __init__(
        self, count: Callable[[], int], get: Callable[[int], T], changes: Callable[[], Any] | None = None
    ) -> None:
        self._count = count
        self._get = get
        self._changes = changes

    def changes(self) -> Stream[list[ListChange]]:
        """An async iterator over this list's change sets: ``obj.changes(list_name)``
        (:meth:`mvvm.MvvmObject.changes`)."""
        if self._changes is None:
            raise TypeError("this view has no change signal")
        stream: Stream[list[ListChange]] = self._changes()
        return stream

    def __len__(self) -> int:
        return self._count()

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self._get(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
            if index < 0:
                raise IndexError("index out of range")
        return self._get(index)

    def __iter__(self) -> Iterator[T]:
        for i in range(len(self)):
            yield self._get(i)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, tuple, IndexedView)):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"<mvvm.IndexedView of {len(self)} items>"
