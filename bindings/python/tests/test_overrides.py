"""The framework's extension points for an application's Python module: overrides
(mvvm.register_override, @mvvm.override) applied when a class is built, and
mvvm.bind_function for the application's own C functions.

Registration is per process and a class is built once, so each case runs in a fresh
interpreter (run_python) with only what it imports."""

from __future__ import annotations

import ctypes

import pytest

import mvvm
from test_any_library import run_python


def test_an_override_registered_before_the_first_use_is_the_built_classs_base() -> None:
    done = run_python(
        """
        import mvvm

        @mvvm.override("Stopwatch")
        class Timed(mvvm.MvvmObject):
            def describe_me(self):
                return "a stopwatch showing " + self.elapsed_text

            @property
            def button_text(self):  # an override's member replaces the built one
                return "overridden"

        with mvvm.Runtime() as runtime:
            sw = mvvm.Stopwatch(runtime=runtime)
            assert type(sw).__mro__[1] is Timed, type(sw).__mro__
            print(sw.describe_me(), "|", sw.button_text, "|", type(sw).elapsed_text.__doc__ is not None)
            mvvm.register_override("Stopwatch", Timed)  # the same one again: nothing happens
        """
    )
    assert done.stdout.split("|")[0].startswith("a stopwatch showing ")
    assert done.stdout.strip().endswith("| overridden | True")


def test_an_override_named_by_string_is_imported_when_the_class_is_built() -> None:
    done = run_python(
        """
        import sys
        import mvvm
        mvvm.register_override("Repository", "mvvm_seeds._overrides:RepositoryOverrides")
        assert "mvvm_seeds._overrides" not in sys.modules
        with mvvm.Runtime() as runtime:
            repo = mvvm.Repository.sample(runtime)
            assert "mvvm_seeds._overrides" in sys.modules
            print(type(repo).__mro__[1].__name__)
        """
    )
    assert done.stdout.strip() == "RepositoryOverrides"


def test_registering_after_the_class_was_built_is_a_clear_error() -> None:
    done = run_python(
        """
        import mvvm
        with mvvm.Runtime() as runtime:
            mvvm.Stopwatch(runtime=runtime)
            class Late(mvvm.MvvmObject):
                pass
            try:
                mvvm.register_override("Stopwatch", Late)
            except mvvm.StateError as error:
                print("refused:", error)
        """
    )
    assert "refused: the class Stopwatch was built before its override" in done.stdout
    assert "register overrides (import the application's Python module) before the class is first used" in done.stdout


def test_a_second_different_override_and_a_bad_one_are_refused() -> None:
    done = run_python(
        """
        import mvvm
        class A(mvvm.MvvmObject): pass
        class B(mvvm.MvvmObject): pass
        mvvm.register_override("Stopwatch", A)
        for bad in (B, object, "no_colon"):
            try:
                mvvm.register_override("Stopwatch", bad)
            except (mvvm.StateError, TypeError, ValueError) as error:
                print(type(error).__name__, error)
        """
    )
    lines = done.stdout.splitlines()
    assert lines[0].startswith("StateError Stopwatch already has the override __main__:A")
    assert lines[1].startswith("TypeError an override of Stopwatch must be a subclass of mvvm.MvvmObject")
    assert lines[2].startswith("ValueError an override of Stopwatch named by a string must be 'module:Class'")


def test_without_the_apps_module_its_classes_are_the_introspected_ones() -> None:
    done = run_python(
        """
        import mvvm
        with mvvm.Runtime() as runtime:
            assert not hasattr(mvvm.Repository, "sample")
            try:
                mvvm.Repository()
            except TypeError as error:
                print(error)
        """
    )
    assert "Repository objects are made by the library, not from Python (an application's Python module" in done.stdout


def test_bind_function_binds_a_checked_function_and_names_a_missing_one(runtime: mvvm.Runtime) -> None:
    version = mvvm.bind_function("mvvm_version_string", ctypes.c_char_p, ())
    assert version() == mvvm.version_string().encode()
    fail = mvvm.bind_function("mvvm_request_fail", mvvm.c_status, (ctypes.c_void_p, ctypes.c_char_p), holds_gil=True)
    with pytest.raises(mvvm.InvalidArgumentError, match="^mvvm_request_fail: "):
        fail(None, b"x")
    with pytest.raises(mvvm.MvvmError, match="has no function mvvm_no_such_function"):
        mvvm.bind_function("mvvm_no_such_function", mvvm.c_status, ())
