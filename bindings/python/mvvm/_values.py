"""The value types (frozen dataclasses) and :class:`IndexedView`.

Imported on first use, not by ``import mvvm``: dataclasses (with the inspect module it
imports) and building the classes cost more than the rest of the package's import together.
``mvvm.User`` and friends resolve here through ``mvvm.__getattr__``; the package's own code
reaches them through ``_ffi.Lazy``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Callable, Generic, Iterator, TypeVar, overload

from . import _ffi
from ._core import ListChangeKind, MemberKind, ObjectType

T = TypeVar("T")


@dataclass(frozen=True)
class ListChange:
    """One edit of a list; a change set is a list of them, applied in order. For MOVE,
    the row at ``start`` moved to index ``count``."""

    kind: ListChangeKind
    start: int
    count: int


@dataclass(frozen=True)
class User:
    id: int
    name: str
    email: str

    @staticmethod
    def _from_c(c: _ffi.User) -> User:
        return User(int(c.id), _ffi.decode(c.name) or "", _ffi.decode(c.email) or "")


@dataclass(frozen=True)
class Post:
    id: int
    title: str
    body: str
    author_name: str
    created_at: float
    likes_count: int
    liked_by_current_user: bool
    comments_count: int


@dataclass(frozen=True)
class Comment:
    id: int
    author_name: str
    body: str


@dataclass(frozen=True)
class MemberInfo:
    name: str
    kind: MemberKind
    function: str | None
    c_signature: str


@dataclass(frozen=True)
class TypeInfo:
    type: ObjectType
    name: str
    members: tuple[MemberInfo, ...]


class IndexedView(Sequence[T], Generic[T]):
    """A live sequence over a C list: len() asks the count, [i] reads one row in O(1)."""

    def __init__(self, count: Callable[[], int], get: Callable[[int], T]) -> None:
        self._count = count
        self._get = get

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
