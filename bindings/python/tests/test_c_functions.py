"""The typed C functions of the introspection (MemberInfo.c_function, mvvm_type_info.functions):
they say what c_signature says, and the package finds a signal's handler shape from them
without reading any C text."""

from __future__ import annotations

import ctypes

import pytest

import mvvm
import mvvm_seeds
from mvvm import CBase, CDirection, COwnership, _core


def _spelled(function: mvvm.CFunction) -> str:
    result = "mvvm_status" if function.result is CBase.STATUS else "void"
    return f"{result} (*)({', '.join(p.spelling for p in function.parameters)})"


def test_every_member_of_every_type_has_the_typed_form_of_its_signature() -> None:
    for object_type in mvvm_seeds.ObjectType:
        for member in mvvm.describe(object_type).members:
            assert member.c_function is not None, member.name
            assert _spelled(member.c_function) == member.c_signature, member.name


def test_parameters_carry_direction_and_ownership() -> None:
    info = mvvm.describe(mvvm_seeds.ObjectType.USER_LIST)
    by_name = {m.name: m for m in info.members}
    getter = by_name["error-message"].c_function
    assert getter is not None
    handle, out = getter.parameters
    assert (handle.base, handle.pointers, handle.direction, handle.ownership) == (
        CBase.OBJECT, 1, CDirection.IN, COwnership.BY_VALUE)
    assert (out.name, out.base, out.pointers, out.is_const) == ("out_message", CBase.CHAR, 2, True)
    assert (out.direction, out.ownership) == (CDirection.OUT, COwnership.BORROWED)
    row = by_name["rows"].c_function
    assert row is not None
    assert (row.parameters[-1].base, row.parameters[-1].type_name) == (CBase.RECORD, "mvvm_user")
    constructor = by_name["new"].c_function
    assert constructor is not None
    assert constructor.parameters[-1].ownership is COwnership.OWNED
    assert constructor.parameters[-1].spelling == "mvvm_object **"


def test_signal_shapes_come_from_the_typed_handler() -> None:
    shapes = {}
    for object_type in mvvm_seeds.ObjectType:
        for member in mvvm.describe(object_type).members:
            if member.kind is mvvm.MemberKind.SIGNAL:
                shapes[(object_type.name, member.name)] = _core.signal_shape(member.c_function)
    assert shapes[("USER_LIST", "notify::loading")] == "int32"
    assert shapes[("USER_LIST", "notify::error-message")] == "string"
    assert shapes[("USER_LIST", "rows-changed")] == "changes"
    assert shapes[("USER_LIST", "user-selected")] == "int64"
    assert shapes[("USER_DETAIL", "notify::user")] == "record:mvvm_user"
    assert None not in shapes.values()
    # A shape the package does not know is None, not a guess.
    unknown = mvvm.CFunction(CBase.VOID, (
        mvvm.CParameter("object", CBase.OBJECT, None, 1, False, CDirection.IN, COwnership.BY_VALUE, "mvvm_object *"),
        mvvm.CParameter("value", CBase.DOUBLE, None, 0, False, CDirection.IN, COwnership.BY_VALUE, "double"),
        mvvm.CParameter("user_data", CBase.VOID, None, 1, False, CDirection.IN, COwnership.BY_VALUE, "void *"),
    ))
    assert _core.signal_shape(unknown) is None
    assert _core.signal_spec(unknown) is None


def test_named_constructors_are_described_and_bound_from_their_description(runtime: mvvm.Runtime) -> None:
    # mvvm_type_info.constructors: the repository's, in header order; a ViewModel has none.
    repository = mvvm.describe(mvvm_seeds.ObjectType.REPOSITORY)
    assert [c.name for c in repository.constructors] == [
        "new_sample", "new_json_file", "new_sqlite", "new_http", "new_http_with_options", "new_host"]
    assert mvvm.describe(mvvm_seeds.ObjectType.USER_LIST).constructors == ()
    sqlite = repository.constructors[2]
    assert sqlite.function == "mvvm_repository_new_sqlite" and sqlite.doc
    path, fill, out = sqlite.c_function.parameters
    assert (path.name, path.spelling) == ("path", "const char *")
    assert (fill.name, fill.base, fill.type_name, fill.ownership) == ("fill_or_null", CBase.OPTIONS, "mvvm_sample_options", COwnership.LENT)
    assert (out.name, out.direction, out.ownership) == ("out_repository", CDirection.OUT, COwnership.OWNED)
    # Bound from the description: a checked call whose refusals raise precise errors.
    new_json_file = mvvm.bind_constructor("mvvm_repository_new_json_file")
    handle = ctypes.c_void_p()
    with pytest.raises(mvvm.InvalidArgumentError, match="path must not be NULL"):
        new_json_file(None, ctypes.byref(handle))
    with pytest.raises(mvvm.InvalidArgumentError, match="path is empty"):
        new_json_file(b"", ctypes.byref(handle))
    assert not handle.value
    with pytest.raises(mvvm.MvvmError, match="mvvm_repository_new_nothing"):
        mvvm.bind_constructor("mvvm_repository_new_nothing")
