"""Records (mvvm_seeds.User, mvvm_seeds.Post, mvvm_seeds.Comment) are built from the library's descriptions
(mvvm_record_describe), with no Python written per record."""

from __future__ import annotations

import ctypes
import dataclasses

import pytest

import mvvm
import mvvm_seeds
from mvvm import _ffi, _records


def _described(kind: int) -> _ffi.RecordInfo:
    info = ctypes.POINTER(_ffi.RecordInfo)()
    _ffi.lib().mvvm_record_describe(kind, ctypes.byref(info))
    return info.contents


def test_every_record_of_the_library_becomes_a_frozen_dataclass_with_its_described_fields() -> None:
    records = _records.all_records()
    assert [r.name for r in records] == ["User", "Post", "Comment"]
    for record in records:
        info = _described(record.kind)
        names = [info.fields[i].name.decode() for i in range(info.field_count)]
        assert [f.name for f in dataclasses.fields(record.cls)] == names
        assert record.cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
        assert ctypes.sizeof(record.struct) == info.size


def test_the_package_names_are_the_built_classes() -> None:
    assert mvvm_seeds.User is _records.named("User").cls
    assert mvvm_seeds.Post is _records.named("Post").cls
    user = mvvm_seeds.User(id=3, name="Ada", email="ada@example.com")
    assert user == mvvm_seeds.User(3, "Ada", "ada@example.com")
    with pytest.raises(dataclasses.FrozenInstanceError):
        user.name = "Grace"  # type: ignore[misc]


def test_a_record_reads_back_from_its_c_form() -> None:
    record = _records.named("Post")
    c = record.struct(7, b"Title", "Bödy".encode(), b"Ada", 1.5, 4, 1, 2)
    post = record.read(ctypes.addressof(c))
    assert post == mvvm_seeds.Post(7, "Title", "Bödy", "Ada", 1.5, 4, True, 2)
    assert isinstance(post.liked_by_current_user, bool)


def test_a_record_is_written_into_an_mvvm_value_and_read_back() -> None:
    record = _records.named("User")
    value = _ffi.Value()
    keep = record.write_value(value, mvvm_seeds.User(9, "Zoë", "z@example.com"), "test", "user")
    assert keep  # the encoded strings, alive until the call
    assert value.kind == record.kind
    assert record.read_value(value) == mvvm_seeds.User(9, "Zoë", "z@example.com")


def test_writing_refuses_another_class_and_nul_characters() -> None:
    record = _records.named("User")
    with pytest.raises(TypeError, match="must be an mvvm.User, not Post"):
        record.write_value(_ffi.Value(), mvvm_seeds.Post(1, "", "", "", 0.0, 0, False, 0), "test", "user")
    with pytest.raises(ValueError, match="user.name contains a NUL"):
        record.write_value(_ffi.Value(), mvvm_seeds.User(1, "a\0b", ""), "test", "user")


def test_a_record_becomes_its_own_c_struct_even_one_the_library_only_gives() -> None:
    # to_struct serves an application's typed functions (mvvm_request_resolve_post takes a
    # const mvvm_post *), so a record the library never reads from an mvvm_value works too.
    record = _records.named("Post")
    assert not record.readable
    post = mvvm_seeds.Post(5, "Tïtle", "Body", "Ada", 2.5, 3, True, 1)
    c, keep = record.to_struct(post, "test", "post")
    assert isinstance(c, record.struct)
    assert len(keep) == 3  # title, body, author_name: alive while C reads them
    assert c.liked_by_current_user == 1
    assert record.read(ctypes.addressof(c)) == post
    with pytest.raises(TypeError, match="test: post must be an mvvm.Post, not User"):
        record.to_struct(mvvm_seeds.User(1, "", ""), "test", "post")
    with pytest.raises(mvvm.InvalidUtf8Error):
        record.to_struct(mvvm_seeds.Post(5, "\ud800", "", "", 0.0, 0, False, 0), "test", "post")


def test_a_kind_that_is_no_record_has_no_record_class() -> None:
    assert _records.for_kind(mvvm.ValueKind.STRING) is None
    assert _records.for_kind(12) is None
    with pytest.raises(mvvm.UnknownNameError, match="no record named \"Note\""):
        _records.named("Note")
    with pytest.raises(AttributeError):
        mvvm.Note  # type: ignore[attr-defined]  # noqa: B018


def _described_with_an_enum_field() -> _ffi.RecordInfo:
    """A record's description as a library with an enum field gives it (the seeds' records
    have none): quantity (int64_t) at 0, step (the library's mvvm_navigation) at 8."""
    fields = (_ffi.RecordField * 2)(
        _ffi.RecordField(b"quantity", 3, 0, 0, b""), _ffi.RecordField(b"step", 2, 0, 8, b"Where it goes.")
    )
    enum_names = (ctypes.c_char_p * 2)(None, b"mvvm_navigation")
    info = _ffi.RecordInfo(12, b"Stocked", b"app_stocked", b"APP_VALUE_STOCKED", 16, 8, 1, 2, fields, b"", enum_names)
    info._keep = (fields, enum_names)
    return info


def test_an_enum_field_is_the_librarys_enum_both_ways() -> None:
    record = _records.RecordType(_described_with_an_enum_field())
    navigation = record.field_enums["step"]
    assert [m.name for m in navigation] == ["PUSH", "POP"]
    assert {f.name: f.type for f in dataclasses.fields(record.cls)}["step"] is navigation
    c = record.struct(4, 2)
    read = record.read(ctypes.addressof(c))
    assert read == record.cls(4, navigation.POP) and read.step is navigation.POP
    written, _ = record.to_struct(record.cls(5, navigation.PUSH), "test", "item")
    assert (written.quantity, written.step) == (5, 1)
    by_number, _ = record.to_struct(record.cls(5, 2), "test", "item")
    assert by_number.step == 2


def test_an_enum_field_refuses_a_number_that_is_no_case_and_a_value_of_another_type() -> None:
    record = _records.RecordType(_described_with_an_enum_field())
    with pytest.raises(ValueError, match=r"test: item.step is 7, which is not an mvvm.Navigation: its cases are 1 \(PUSH\), 2 \(POP\)"):
        record.to_struct(record.cls(5, 7), "test", "item")
    with pytest.raises(TypeError, match="test: item.step must be an mvvm.Navigation, not str"):
        record.to_struct(record.cls(5, "pop"), "test", "item")


def _described_with_a_nullable_string() -> _ffi.RecordInfo:
    """A record with an optional string (MVVM_MEMBER_NULLABLE), as a library may describe one
    (the seeds' records have none): id (int64_t) at 0, nickname (const char *, may be NULL) at 8,
    active (bool as int32_t) at 16."""
    fields = (_ffi.RecordField * 3)(
        _ffi.RecordField(b"id", 3, 0, 0, b""),
        _ffi.RecordField(b"nickname", 6, 2, 8, b""),
        _ffi.RecordField(b"active", 1, 0, 16, b""),
    )
    info = _ffi.RecordInfo(13, b"Member", b"app_member", b"APP_VALUE_MEMBER", 24, 8, 1, 3, fields, b"", None)
    info._keep = fields
    return info


def test_a_nullable_string_field_is_none_both_ways_and_not_kept() -> None:
    record = _records.RecordType(_described_with_a_nullable_string())
    absent = record.cls(1, None, True)
    c, keep = record.to_struct(absent, "test", "member")
    assert keep == [] and c.nickname is None and c.active == 1
    assert record.read(ctypes.addressof(c)) == absent
    present = record.cls(2, "Zoë", False)
    c, keep = record.to_struct(present, "test", "member")
    assert keep == ["Zoë".encode()]
    assert record.read(ctypes.addressof(c)) == present
    value = _ffi.Value()
    kept = record.write_value(value, present, "test", "member")
    assert kept == ["Zoë".encode()]  # alive while C reads the value
    assert record.read_value(value) == present


def test_the_quick_write_and_the_checked_write_agree() -> None:
    # The generated writer takes an exact instance with plain fields; anything else (a
    # subclass, a field to refuse) takes the checked path, which names what is wrong.
    record = _records.named("Post")

    class Sub(mvvm_seeds.Post):
        pass

    post = mvvm_seeds.Post(5, "Tïtle", "Body", "Ada", 2.5, 3, True, 1)
    sub = Sub(5, "Tïtle", "Body", "Ada", 2.5, 3, True, 1)
    quick, _ = record.to_struct(post, "test", "post")
    checked, _ = record.to_struct(sub, "test", "post")
    assert record.read(ctypes.addressof(checked)) == post
    assert record.read(ctypes.addressof(quick)) == post
    user = _records.named("User")
    with pytest.raises(TypeError, match=r"test: user.name must be a str, not bytes \(decode bytes first\)"):
        user.to_struct(mvvm_seeds.User(1, b"Ada", ""), "test", "user")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="test: user.email must be a str, not NoneType"):
        user.to_struct(mvvm_seeds.User(1, "Ada", None), "test", "user")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="test: user.email contains a NUL"):
        user.to_struct(mvvm_seeds.User(1, "Ada", "a\0b"), "test", "user")
    with pytest.raises(TypeError):
        user.to_struct(mvvm_seeds.User("one", "Ada", ""), "test", "user")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="test: user must be an mvvm.User, not NoneType"):
        user.to_struct(None, "test", "user")


def test_a_record_pointer_that_is_null_reads_as_none() -> None:
    # A signal carrying a record by pointer (notify::user) announces "no value" with NULL.
    record = _records.named("User")
    assert record.read(None) is None
    assert record.read(0) is None
    c, _ = record.to_struct(mvvm_seeds.User(3, "Ada", "ada@example.com"), "test", "user")
    assert record.read(ctypes.addressof(c)) == mvvm_seeds.User(3, "Ada", "ada@example.com")
