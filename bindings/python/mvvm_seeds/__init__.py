"""The seeds' app in Python: its repositories, ViewModels, records and enums (Repository,
UserList, UserDetail, PostDetail, UserSearch, SortedIntegers, Stopwatch, Coordinator; User,
Post, Comment; Loading, ViewState, Navigation) and host repositories (HostRepository,
UserPage), typed. An app on mvvm like Examples/Notes' ``notes``:

    import mvvm
    import mvvm_seeds

    with mvvm.Runtime() as runtime:
        users = mvvm_seeds.UserList(mvvm_seeds.Repository.sample(runtime))

The classes are mvvm's, built from the loaded library's introspection (``mvvm_seeds.UserList
is mvvm.UserList``); this module forwards each name to mvvm, and importing it registers the
seeds' overrides (mvvm.register_override: the repository constructors, the coordinator's
screens, SortedIntegers' parameters; imported when their class is built), so import it before
the classes are first used. Its hand-written names (the host repositories) are its own. The types are in ``__init__.pyi`` beside it, generated from libmvvm.so's introspection
(``bindings/python/run-tests.sh`` checks it is fresh):

    cd bindings/python && python3 -m mvvm._stubgen --library /path/to/libmvvm.so --module mvvm_seeds \\
        --reexport mvvm_seeds.host --output mvvm_seeds/__init__.pyi
"""

from __future__ import annotations

import mvvm

for _name in ("Repository", "Coordinator", "SortedIntegers"):
    mvvm.register_override(_name, f"mvvm_seeds._overrides:{_name}Overrides")
del _name

#: The hand-written names, by the submodule that defines them (imported on first use: they
#: need dataclasses and typing, which `import mvvm_seeds` does not import).
_OWN = {
    "HostRepository": ".host",
    "UserPage": ".host",
}


def __getattr__(name: str) -> object:
    if name.startswith("__"):  # dunders (__all__, __path__...) are this module's, not mvvm's
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = _OWN.get(name)
    if module is not None:
        import importlib

        value = getattr(importlib.import_module(module, __name__), name)
    else:
        try:
            value = getattr(mvvm, name)
        except AttributeError:
            raise AttributeError(
                f"module {__name__!r} has no attribute {name!r}: the library this process loaded has no type,"
                " record or enum of that name (it is not the seeds' libmvvm.so)"
            ) from None
        mvvm.check_module_schema(__name__)  # the library against these stubs (SchemaMismatchError)
    globals()[name] = value  # later lookups are plain module attributes
    return value
