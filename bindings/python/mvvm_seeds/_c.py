"""The seeds' app's own C functions and structs (mvvm_seeds.h: the repositories' options, the
host repositories' answers), bound on first use through :func:`mvvm.bind_function`;
``tests/test_prototypes.py`` compares them with the header. The repository's constructors
(``mvvm_repository_new_*``) are bound from their descriptions (:func:`mvvm.bind_constructor`):
strings as bytes, the options structs and tables by address.
The records' structs and the host repositories' tables are not here: they are laid out from
their descriptions (``mvvm._records``, ``mvvm._interfaces.build_table``), as any application's
are; the answers take them by address.
"""

from __future__ import annotations

from ctypes import CFUNCTYPE, POINTER, Structure, c_char_p, c_int32, c_int64, c_size_t, c_uint32, c_uint64, c_void_p

import mvvm
from mvvm import c_status

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (as mvvm does)

if TYPE_CHECKING:
    from typing import Any, Final


class SampleOptions(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("user_count", c_int64),
        ("page_size", c_int32),
        ("post_count", c_int64),
        ("comments_per_post", c_int32),
        ("seed", c_uint64),
        ("latency_ms", c_int32),
        ("fail_every_nth", c_int32),
    ]


class HTTPOptions(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("page_size", c_int32),
        ("timeout_ms", c_int32),
        ("max_body_bytes", c_int64),
        ("max_header_bytes", c_int32),
    ]


RequestPtr = c_void_p
DestroyNotify = CFUNCTYPE(None, c_void_p)
_PO = POINTER(c_void_p)

#: name -> (restype, argtypes); a restype c_status is checked as the framework's functions are.
PROTOTYPES: Final[dict[str, tuple[Any, tuple[Any, ...]]]] = {
    "mvvm_sample_options_init": (c_status, (POINTER(SampleOptions),)),
    "mvvm_http_options_init": (c_status, (POINTER(HTTPOptions),)),
    "mvvm_request_resolve_user_page": (c_status, (RequestPtr, c_void_p, c_size_t, c_int64, c_int64)),
    "mvvm_request_resolve_user": (c_status, (RequestPtr, c_void_p)),
    "mvvm_request_resolve_post": (c_status, (RequestPtr, c_void_p)),
    "mvvm_request_resolve_comments": (c_status, (RequestPtr, c_void_p, c_size_t)),
    # the app's plug-in entry point (its table is not used from Python)
    "mvvm_seeds_get_api": (c_status, (c_int32, _PO)),
}

#: The answers a worker thread may give with the GIL held (see mvvm._ffi.HOLDS_GIL): each
#: copies its arguments and queues work.
HOLDS_GIL: Final[frozenset[str]] = frozenset(
    {
        "mvvm_request_resolve_user_page",
        "mvvm_request_resolve_user",
        "mvvm_request_resolve_post",
        "mvvm_request_resolve_comments",
    }
)


class _Functions:
    """``C.mvvm_x``: the loaded library's function, bound from :data:`PROTOTYPES` on first use
    (then a plain attribute). A library without it (an application's that is not the seeds')
    raises mvvm.MvvmError naming it."""

    def __getattr__(self, name: str) -> Any:
        prototype = PROTOTYPES.get(name)
        if prototype is not None:
            restype, argtypes = prototype
            fn = mvvm.bind_function(name, restype, argtypes, holds_gil=name in HOLDS_GIL)
        elif name.startswith("mvvm_repository_new_"):
            fn = mvvm.bind_constructor(name)
        else:
            raise AttributeError(name)
        setattr(self, name, fn)
        return fn


C: Final[Any] = _Functions()
