"""The schema hash (mvvm.h, "THE SCHEMA HASH"): the library's hash is the one the seeds'
header and stubs were generated with, and a module whose stubs come from another build is
refused when its classes are first used, naming both hashes and what to regenerate."""

from __future__ import annotations

import importlib
import re
import shutil
import sys
from pathlib import Path

import pytest

import mvvm
import mvvm_seeds

ROOT = Path(__file__).resolve().parents[3]


def test_the_library_hash_is_the_header_s_and_the_stubs_(runtime: mvvm.Runtime) -> None:
    from mvvm_seeds import _schema

    header = (ROOT / "Include" / "mvvm_seeds.h").read_text()
    match = re.search(r'#define MVVM_SEEDS_SCHEMA_HASH "([0-9a-f]{16})"', header)
    assert match, "the seeds' header has no schema hash"
    assert mvvm.schema_hash() == match.group(1) == _schema.SCHEMA_HASH
    mvvm.check_schema(_schema.SCHEMA_HASH, "mvvm_seeds")  # no exception
    assert mvvm_seeds.UserList is mvvm.UserList  # type: ignore[attr-defined]


def test_another_hash_is_refused_naming_both_and_the_stub_generator(runtime: mvvm.Runtime) -> None:
    with pytest.raises(mvvm.SchemaMismatchError) as caught:
        mvvm.check_schema("0123456789abcdef", "someapp")
    message = str(caught.value)
    assert "0123456789abcdef" in message and mvvm.schema_hash() in message
    assert "python3 -m mvvm._stubgen --module someapp" in message
    assert caught.value.status == mvvm.Status.SCHEMA


def test_a_module_with_stale_stubs_is_refused_at_its_first_class(runtime: mvvm.Runtime, tmp_path: Path) -> None:
    # An application's forwarding module (Notes'), with the schema of another build beside it.
    package = tmp_path / "stale_app"
    package.mkdir()
    shutil.copy(ROOT / "Examples" / "Notes" / "python" / "notes" / "__init__.py", package / "__init__.py")
    (package / "_schema.py").write_text('SCHEMA_HASH = "0000000000000000"\n')
    sys.path.insert(0, str(tmp_path))
    try:
        stale = importlib.import_module("stale_app")
        with pytest.raises(mvvm.SchemaMismatchError, match="0000000000000000"):
            stale.UserList
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("stale_app", None)
        sys.modules.pop("stale_app._schema", None)


def test_check_module_schema_refuses_until_fixed_and_skips_a_module_without_a_schema(
    runtime: mvvm.Runtime, tmp_path: Path
) -> None:
    (tmp_path / "unchecked_app").mkdir()
    (tmp_path / "unchecked_app" / "__init__.py").write_text("")
    (tmp_path / "refused_app").mkdir()
    (tmp_path / "refused_app" / "__init__.py").write_text("")
    (tmp_path / "refused_app" / "_schema.py").write_text('SCHEMA_HASH = "0000000000000000"\n')
    sys.path.insert(0, str(tmp_path))
    try:
        mvvm.check_module_schema("unchecked_app")  # its stubs are being generated: nothing to compare
        for _ in range(2):  # a refusal is not remembered as a pass
            with pytest.raises(mvvm.SchemaMismatchError, match="--module refused_app"):
                mvvm.check_module_schema("refused_app")
    finally:
        sys.path.remove(str(tmp_path))
        for name in ("unchecked_app", "refused_app", "refused_app._schema"):
            sys.modules.pop(name, None)
