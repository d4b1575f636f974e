# mypy: ignore-errors
# (PyGObject ships no type stubs: the gi calls here cannot be checked; the API below is typed
# for its callers.)
"""GTK 4 for PyGObject users: the runtime on GLib's main context, any list of any application as
a ``Gio.ListModel``, ViewModel properties bound to widget properties, commands bound to buttons.

The Python counterpart of the C adapter ``bindings/gtk`` (``mvvm-gtk.h``), found by
introspection too, so it serves any application's library::

    from mvvm import gtk as mvvm_gtk
    mvvm_gtk.attach(runtime)                              # mvvm's descriptor on GLib's main context
    rows = mvvm_gtk.list_model(users, "rows")             # a Gio.ListModel of row items
    mvvm_gtk.bind_property(detail, "draft-name", entry, "text", bidirectional=True)
    mvvm_gtk.bind_property(detail, "can-save", save, "sensitive")
    mvvm_gtk.bind_command(detail, "save", save)

``gi`` (PyGObject, with GTK 4's typelib: Debian's python3-gi and gir1.2-gtk-4.0) is imported
at the first call, not with this module; without it the call raises ImportError saying so.
Everything here runs on the host thread, which must be GTK's (the main thread).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Callable

from ._core import Connection, MvvmObject, Runtime

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ._values import ListChange

__all__ = ["Attachment", "Binding", "attach", "bind_command", "bind_property", "item_type", "list_model",
           "model_from_source", "require_gtk"]

_GI: dict[str, Any] = {}


def require_gtk() -> Any:
    """``gi.repository`` with GTK 4 loaded (``Gtk.get_major_version() == 4``); ImportError naming
    what to install when PyGObject or GTK 4's typelib is missing."""
    if "repository" not in _GI:
        try:
            import gi

            gi.require_version("Gtk", "4.0")
            from gi import repository
            from gi.repository import Gtk  # noqa: F401
        except (ImportError, ValueError) as exc:
            raise ImportError(
                f"mvvm.gtk needs PyGObject with GTK 4 (Debian: python3-gi and gir1.2-gtk-4.0): {exc}"
            ) from exc
        _GI["repository"] = repository
    return _GI["repository"]


# ---------------------------------------------------------------------------------------
# The loop
# ---------------------------------------------------------------------------------------


class Attachment:
    """Returned by :func:`attach`; ``detach()`` removes the watch."""

    def __init__(self, runtime: Runtime) -> None:
        GLib = require_gtk().GLib
        self.runtime = runtime
        self.fd = runtime.fileno()

        def on_readable(fd: int, condition: Any) -> bool:
            try:
                runtime.dispatch()
            except Exception:  # a handler's exception: reported, the watch stays
                sys.excepthook(*sys.exc_info())  # type: ignore[arg-type]
            return True

        self._on_readable = on_readable
        self.source_id: int = GLib.unix_fd_add_full(GLib.PRIORITY_DEFAULT, self.fd, GLib.IOCondition.IN, on_readable)

    def detach(self) -> None:
        if self.source_id:
            require_gtk().GLib.source_remove(self.source_id)
            self.source_id = 0

    def __enter__(self) -> Attachment:
        return self

    def __exit__(self, *exc: object) -> None:
        self.detach()


def attach(runtime: Runtime) -> Attachment:
    """Calls ``runtime.dispatch()`` from GLib's default main context (GTK's) whenever the
    runtime's descriptor is readable. A handler's exception goes to ``sys.excepthook``."""
    return Attachment(runtime)


# ---------------------------------------------------------------------------------------
# Lists
# ---------------------------------------------------------------------------------------

_ITEM_TYPES: dict[str, type] = {}
_MODEL_CLASS: list[type] = []


def _property_type(kind: int) -> Any:
    from ._enums import ValueKind

    GObject = require_gtk().GObject
    return {
        ValueKind.INT64: (GObject.TYPE_INT64, 0),
        ValueKind.INT32: (int, 0),
        ValueKind.BOOL: (bool, False),
        ValueKind.DOUBLE: (float, 0.0),
        ValueKind.STRING: (str, ""),
        ValueKind.UINT64: (GObject.TYPE_UINT64, 0),
    }.get(kind)


def item_type(kind: int) -> type:
    """The GObject class of a list's items of value kind ``kind``: for a record (an app's
    ``Item``), ``MvvmPy`` + its name with one GObject property per field (``'_'`` as ``'-'``;
    int64, int, bool, float, str; an absent string is ""); for a plain value (an int, a str),
    ``MvvmPyValue`` + the kind's name with one property ``value``. Every item also has
    ``item.row``: the Python value of its row (the record)."""
    from . import _records
    from ._enums import ValueKind

    GObject = require_gtk().GObject
    record = _records.for_kind(kind)
    if record is not None:
        name = f"MvvmPy{record.name}"
        fields = [(f, k) for f, k, _nullable in record.fields]
    else:
        name = f"MvvmPyValue{ValueKind(kind).name.title().replace('_', '')}"
        fields = [("value", kind)]
    cls = _ITEM_TYPES.get(name)
    if cls is None:
        ns: dict[str, Any] = {"__gtype_name__": name, "__doc__": f"A row of an mvvm list ({name[6:]})."}
        props: list[str] = []
        for field, field_kind in fields:
            t = _property_type(field_kind)
            if t is None:
                continue  # a field kind GObject does not carry: the row's ``value`` still has it
            props.append(field)
            ns[field] = GObject.Property(type=t[0], default=t[1], nick=field)
        ns["_fields"] = tuple(props)
        ns["_record"] = record is not None
        cls = type(name, (GObject.Object,), ns)
        _ITEM_TYPES[name] = cls
    return cls


def _fill(item: Any, value: Any) -> None:
    """Sets the item's properties from its row's value; a property is set (and notified) only
    when it changed."""
    item.row = value
    if item._record:
        for field in item._fields:
            new = getattr(value, field)
            if new is None:
                new = ""
            if item.get_property(field) != new:
                item.set_property(field, new)
    elif item._fields and item.get_property("value") != value:
        item.set_property("value", value)


def _model_class() -> type:
    if _MODEL_CLASS:
        return _MODEL_CLASS[0]
    gi = require_gtk()
    GObject, Gio = gi.GObject, gi.Gio

    class ListModel(GObject.Object, Gio.ListModel):  # type: ignore[misc]
        """A ``Gio.ListModel`` over a list: items built when asked for and cached; each change
        set becomes ``items-changed`` exactly (touching edits coalesced into one range, as the C
        adapter does); an update refreshes the cached items (a ``notify`` per changed
        property), with no ``items-changed``."""

        __gtype_name__ = "MvvmPyListModel"

        def __init__(self, count: Callable[[], int], get: Callable[[int], Any], items: type) -> None:
            super().__init__()
            self._count = count
            self._get = get
            self._item_class = items
            self._cache: list[Any] = [None] * max(0, count())
            self._connection: Connection | None = None
            self._object: MvvmObject | None = None

        # Gio.ListModel

        def do_get_item_type(self) -> Any:
            return self._item_class.__gtype__

        def do_get_n_items(self) -> int:
            return len(self._cache)

        def do_get_item(self, position: int) -> Any:
            if position >= len(self._cache):
                return None
            item = self._cache[position]
            if item is None:
                item = self._item_class()
                _fill(item, self._get(position))
                self._cache[position] = item
            return item

        @property
        def cached(self) -> int:
            """How many items are built (for tests: a long list builds only what is shown)."""
            return sum(1 for item in self._cache if item is not None)

        def close(self) -> None:
            """Disconnects from the list's object (the model keeps its rows, no more changes)."""
            conn, self._connection = self._connection, None
            if conn is not None:
                conn._on_end = None
                conn.disconnect()

        def _source_gone(self) -> None:
            # The object was destroyed or the runtime shut down: the list is empty from now on.
            self._connection = None
            self._count = lambda: 0
            n = len(self._cache)
            self._cache.clear()
            if n:
                self.items_changed(0, n, 0)

        def apply(self, changes: Sequence[ListChange]) -> None:
            """Applies one change set (what the list's change signal carries)."""
            from ._enums import ListChangeKind as K

            cache = self._cache
            pending = False
            P = R = A = 0
            dirty: dict[int, Any] = {}
            for c in changes:
                n = len(cache)
                kind, start, count = int(c.kind), int(c.start), int(c.count)
                valid = start >= 0 and count >= 0
                p = r = a = 0
                if kind == K.RESET:
                    p, r, a = 0, n, count
                elif kind == K.INSERT:
                    valid = valid and start <= n
                    p, a = start, count
                elif kind == K.REMOVE:
                    valid = valid and start + count <= n
                    p, r = start, count
                elif kind == K.UPDATE:
                    valid = valid and start + count <= n
                    if valid:
                        for item in cache[start:start + count]:
                            if item is not None:
                                dirty[id(item)] = item
                        continue
                elif kind == K.MOVE:
                    valid = valid and start < n and count < n
                    if valid:
                        if start == count:
                            continue
                        p = min(start, count)
                        r = a = max(start, count) - p + 1
                else:
                    valid = False
                if not valid:
                    # A change set we cannot follow: resynchronise with the source's count.
                    import warnings

                    warnings.warn(f"mvvm.gtk: change {c} does not fit a list of {n} rows: resetting", stacklevel=2)
                    if pending:
                        self.items_changed(P, R, A)
                    pending = False
                    cache[:] = [None] * max(0, self._count())
                    dirty.clear()
                    self.items_changed(0, n, len(cache))
                    continue
                # merge with the pending range when they touch, else emit the pending one first
                if pending and p <= P + A and p + r >= P:
                    lo, hi = min(P, p), max(P + A, p + r)
                    R = hi - lo - A + R
                    A = hi - lo - r + a
                    P = lo
                else:
                    if pending:
                        self.items_changed(P, R, A)
                    pending = True
                    P, R, A = p, r, a
                if kind == K.RESET:
                    cache[:] = [None] * a
                    dirty.clear()
                elif kind == K.INSERT:
                    cache[p:p] = [None] * a
                elif kind == K.REMOVE:
                    for item in cache[p:p + r]:
                        if item is not None:
                            dirty.pop(id(item), None)
                    del cache[p:p + r]
                else:  # MOVE
                    cache.insert(count, cache.pop(start))
            if pending:
                self.items_changed(P, R, A)
            if dirty:
                # refresh the updated items that are still cached, by their final index
                for i, item in enumerate(cache):
                    if item is not None and dirty.pop(id(item), None) is not None:
                        _fill(item, self._get(i))
                        if not dirty:
                            break

    _MODEL_CLASS.append(ListModel)
    return ListModel


def model_from_source(count: Callable[[], int], get: Callable[[int], Any], kind: int) -> Any:
    """A list model over any rows: ``count()`` their number, ``get(i)`` row ``i`` (a value of
    ``kind``, see :func:`item_type`); feed it change sets with ``model.apply(changes)``."""
    return _model_class()(count, get, item_type(kind))


def list_model(obj: MvvmObject, list_name: str) -> Any:
    """A ``Gio.ListModel`` over the list ``list_name`` ("rows") of ``obj``, following its change
    signal. Its items are :func:`item_type`'s. The model keeps the object's wrapper alive; the
    object keeps the model (its connection) until ``model.close()``, until the object is
    destroyed or the runtime shuts down: then the model empties."""
    from . import _streams
    from ._enums import MemberKind

    lst = _streams._member(obj, list_name, MemberKind.LIST, "list")
    if lst.signal is None:
        raise ValueError(f"the list {lst.name!r} has no change signal")
    view = getattr(type(obj), lst.py).fget(obj)
    model = model_from_source(view.__len__, view.__getitem__, lst.value_kind)
    model._object = obj
    conn = obj.connect(lst.signal, model.apply)
    conn._on_end = model._source_gone
    model._connection = conn
    return model


# ---------------------------------------------------------------------------------------
# Bindings
# ---------------------------------------------------------------------------------------


class Binding:
    """A property or command binding; ``unbind()`` ends it (idempotent). It also ends when the
    widget is destroyed or the object goes (destroyed, runtime shut down)."""

    def __init__(self, widget: Any) -> None:
        self.widget: Any = widget
        self.connection: Connection | None = None
        self._widget_handlers: list[int] = []

    @property
    def bound(self) -> bool:
        return self.widget is not None

    def unbind(self) -> None:
        widget, self.widget = self.widget, None
        conn, self.connection = self.connection, None
        if conn is not None:
            conn._on_end = None
            conn.disconnect()
        if widget is not None:
            for handler in self._widget_handlers:
                widget.disconnect(handler)
        self._widget_handlers.clear()


def bind_property(obj: MvvmObject, name: str, widget: Any, widget_property: str, *,
                  bidirectional: bool = False, invert: bool = False) -> Binding:
    """Binds the ViewModel property ``name`` of ``obj`` to ``widget_property`` of ``widget``:
    the widget gets the value at once and at each change (None as "" or False); with
    ``bidirectional`` the widget's changes set the property (which must be settable); with
    ``invert`` a bool is negated both ways. The widget is written only when its value differs
    (typing in an entry is not disturbed by its own echo)."""
    from . import _streams
    from ._enums import MemberKind

    prop = _streams._member(obj, name, MemberKind.PROPERTY, "property")
    if bidirectional and not prop.settable:
        raise ValueError(f"{type(obj).__name__}.{prop.py} is not settable: it cannot be bound both ways")
    if prop.signal is None:
        raise ValueError(f"the property {prop.name!r} has no notify:: signal")
    pspec = widget.find_property(widget_property)
    if pspec is None:
        raise ValueError(f"{type(widget).__name__} has no property {widget_property!r}")
    getter = getattr(type(obj), prop.py)
    GObject = require_gtk().GObject
    vt = pspec.value_type
    absent: Any = "" if vt == GObject.TYPE_STRING else (False if vt == GObject.TYPE_BOOLEAN else 0)
    binding = Binding(widget)
    updating = [False]

    def to_widget(value: Any) -> Any:
        if invert:
            value = not value
        return absent if value is None else value

    def push(value: Any) -> None:
        w = binding.widget
        if w is None:
            return
        new = to_widget(value)
        if w.get_property(widget_property) != new:
            updating[0] = True
            try:
                w.set_property(widget_property, new)
            finally:
                updating[0] = False

    def on_widget(w: Any, _pspec: Any) -> None:
        if updating[0] or binding.connection is None:
            return
        value = w.get_property(widget_property)
        if invert:
            value = not value
        if getter.fget(obj) != value:
            try:
                setattr(obj, prop.py, value)
            except Exception as exc:  # noqa: BLE001 - reported as the C adapter does, not raised into GTK
                import warnings

                warnings.warn(f"mvvm.gtk: setting {prop.name}: {exc}", stacklevel=2)

    push(getter.fget(obj))
    conn = obj.connect(prop.signal, push)
    conn._on_end = binding.unbind
    binding.connection = conn
    if bidirectional:
        binding._widget_handlers.append(widget.connect(f"notify::{pspec.name}", on_widget))
    _unbind_on_destroy(widget, binding)
    return binding


def _unbind_on_destroy(widget: Any, binding: Binding) -> None:
    """A widget's ``destroy`` (GtkWidget's dispose) ends the binding; any other GObject has no
    such signal: its binding ends with the object or ``unbind()``."""
    GObject = require_gtk().GObject
    if GObject.signal_lookup("destroy", type(widget).__gtype__):
        binding._widget_handlers.append(widget.connect("destroy", lambda w: binding.unbind()))


def bind_command(obj: MvvmObject, command: str, button: Any) -> Binding:
    """Runs the argument-less command ``command`` of ``obj`` on every ``clicked`` of
    ``button``; a failure (the object destroyed meanwhile) is reported with a warning. The
    button keeps the object's wrapper until the button is destroyed or ``unbind()``."""
    from . import _streams
    from ._enums import MemberKind

    cmd = _streams._member(obj, command, MemberKind.COMMAND, "command")
    if cmd.arguments:
        raise ValueError(f"the command {cmd.name!r} takes arguments: it cannot be a button's")
    run = getattr(obj, cmd.py)
    binding = Binding(button)

    def clicked(_button: Any) -> None:
        try:
            run()
        except Exception as exc:  # noqa: BLE001
            import warnings

            warnings.warn(f"mvvm.gtk: {cmd.name}: {exc}", stacklevel=2)

    binding._widget_handlers.append(button.connect("clicked", clicked))
    _unbind_on_destroy(button, binding)
    return binding
