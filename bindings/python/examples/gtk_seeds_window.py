#!/usr/bin/env python3
"""A GTK 4 window over the seeds' app in Python, through PyGObject and mvvm.gtk (the Python
twin of bindings/gtk/examples/seeds_window.c): a search entry (UserSearch), the users in a
Gtk.ListView (UserList, paging as the view scrolls), a detail pane with the editable name and
Save (UserDetail), errors in a banner.

Run:  python3 examples/gtk_seeds_window.py                 the window (Debian's python3, which
                                                           has python3-gi and gir1.2-gtk-4.0)
      python3 examples/gtk_seeds_window.py --test PNG      drives it (scroll, query, select,
                                                           edit, save), checks the widgets,
                                                           writes a screenshot to PNG, exits 0
                                                           when every check passed
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable

try:
    import mvvm
except ImportError:  # running from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import mvvm
import mvvm_seeds
from mvvm import gtk as mvvm_gtk

gi = mvvm_gtk.require_gtk()  # ImportError naming what to install, without PyGObject/GTK 4
GLib, Gtk = gi.GLib, gi.Gtk


class SeedsWindow:
    def __init__(self, runtime: mvvm.Runtime) -> None:
        self.repository = mvvm_seeds.Repository.sample(runtime, user_count=1000, page_size=20)
        self.list_vm = mvvm_seeds.UserList(self.repository)
        self.search_vm = mvvm_seeds.UserSearch(self.repository)
        self.list_model = mvvm_gtk.list_model(self.list_vm, "rows")
        self.search_model = mvvm_gtk.list_model(self.search_vm, "rows")
        self.shown: mvvm_seeds.UserList | mvvm_seeds.UserSearch = self.list_vm
        self.detail_vm: mvvm_seeds.UserDetail | None = None
        self.pane: Any = None
        self.name_entry: Any = None
        self.save: Any = None
        self.status: Any = None
        self.saves = 0

        self.window = Gtk.Window(title="mvvm: users (PyGObject, GTK 4)")
        self.window.set_default_size(720, 480)
        outer = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        self.banner, self.banner_label = self._banner()
        self.search = Gtk.SearchEntry(margin_start=8, margin_end=8, margin_top=8, margin_bottom=8)
        self.selection = Gtk.SingleSelection(model=self.list_model, autoselect=False, can_unselect=True)
        self.selection.set_selected(Gtk.INVALID_LIST_POSITION)
        factory = Gtk.SignalListItemFactory()
        factory.connect("setup", self._row_setup)
        factory.connect("bind", self._row_bind)
        factory.connect("unbind", self._row_unbind)
        self.view = Gtk.ListView(model=self.selection, factory=factory)
        self.scroller = Gtk.ScrolledWindow(child=self.view)
        self.scroller.set_size_request(320, -1)
        self.detail_box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6, margin_start=12, margin_end=12,
                                  margin_top=12)
        paned = Gtk.Paned(orientation=Gtk.Orientation.HORIZONTAL, start_child=self.scroller,
                          end_child=self.detail_box, position=400, vexpand=True)
        for child in (self.banner, self.search, paned):
            outer.append(child)
        self.window.set_child(outer)

        mvvm_gtk.bind_property(self.search_vm, "query", self.search, "text", bidirectional=True)
        mvvm_gtk.bind_property(self.list_vm, "error-message", self.banner_label, "label")
        self.search_vm.connect("notify::is-query-empty", self._query_empty)
        self.selection.connect("notify::selected", self._selected)
        self.list_vm.on_appear()

    # The banner: a revealer whose label shows a ViewModel's "error-message".
    def _banner(self) -> tuple[Any, Any]:
        revealer = Gtk.Revealer()
        label = Gtk.Label(margin_top=6, margin_bottom=6)
        label.add_css_class("error")
        revealer.set_child(label)
        label.connect("notify::label", lambda lbl, _p: revealer.set_reveal_child(bool(lbl.get_label())))
        return revealer, label

    # Rows: a label showing the item's "name"; every row bound on screen is reported with the
    # shown list's did_display_row (the next page loads near the end).
    def _row_setup(self, _factory: Any, item: Any) -> None:
        item.set_child(Gtk.Label(xalign=0, margin_start=8, margin_top=4, margin_bottom=4))

    def _row_bind(self, _factory: Any, item: Any) -> None:
        row, label = item.get_item(), item.get_child()
        label.set_text(row.props.name)
        item.handler = row.connect("notify::name", lambda r, _p: label.set_text(r.props.name))
        self.shown.did_display_row(item.get_position())

    def _row_unbind(self, _factory: Any, item: Any) -> None:
        handler = getattr(item, "handler", None)
        if handler is not None:
            item.get_item().disconnect(handler)
            item.handler = None

    def _query_empty(self, empty: bool) -> None:
        shown = self.list_vm if empty else self.search_vm
        if shown is not self.shown:
            self.shown = shown
            self.selection.set_model(self.list_model if empty else self.search_model)

    def _selected(self, selection: Any, _pspec: Any) -> None:
        row = selection.get_selected_item()
        if row is not None:
            self.open_detail(row.props.id)

    def open_detail(self, user_id: int) -> None:
        if self.detail_vm is not None:
            self.detail_vm.close()  # its bindings end with it
        if self.pane is not None:
            self.detail_box.remove(self.pane)
        detail = self.detail_vm = mvvm_seeds.UserDetail(self.repository, user_id)
        self.pane = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
        self.name_entry = Gtk.Entry()
        self.save = Gtk.Button(label="Save")
        validation = Gtk.Label(xalign=0)
        self.status = Gtk.Label(xalign=0)
        for child in (Gtk.Label(label="Name", xalign=0), self.name_entry, validation, self.save, self.status):
            self.pane.append(child)
        self.detail_box.append(self.pane)
        mvvm_gtk.bind_property(detail, "draft-name", self.name_entry, "text", bidirectional=True)
        mvvm_gtk.bind_property(detail, "can-save", self.save, "sensitive")
        mvvm_gtk.bind_property(detail, "validation-message", validation, "label")
        mvvm_gtk.bind_property(detail, "error-message", self.banner_label, "label")
        mvvm_gtk.bind_command(detail, "save", self.save)
        detail.connect("did-save", self._did_save)
        detail.on_appear()

    def _did_save(self, user: mvvm_seeds.User) -> None:
        self.saves += 1
        self.status.set_text(f'Saved "{user.name}"')

    def close(self) -> None:
        self.window.destroy()
        for vm in (self.detail_vm, self.search_vm, self.list_vm):
            if vm is not None:
                vm.close()


# ---- --test: drive the window, check it, take a screenshot ------------------------------

failures = 0


def check(ok: bool, what: str) -> None:
    global failures
    if not ok:
        failures += 1
    print(("ok: " if ok else "FAILED: ") + what, flush=True)


def wait_until(cond: Callable[[], bool], ms: int) -> bool:
    """Iterates GLib's main context until ``cond()`` holds or ``ms`` pass (it blocks in the
    loop's poll, woken by the runtime's descriptor, GTK's frames and a 10 ms tick)."""
    context = GLib.MainContext.default()
    end = GLib.get_monotonic_time() + ms * 1000
    tick = GLib.timeout_add(10, lambda: True)
    try:
        while not cond():
            if GLib.get_monotonic_time() > end:
                return False
            context.iteration(True)
        return True
    finally:
        GLib.source_remove(tick)


def pump(ms: int) -> None:
    wait_until(lambda: False, ms)


def rows_shown(view: Any) -> list[str]:
    """The texts of the rows of a Gtk.ListView on screen (its mapped children)."""
    texts = []
    child = view.get_first_child()
    while child is not None:
        label = child.get_first_child()
        if child.get_mapped() and isinstance(label, Gtk.Label):
            texts.append(label.get_text())
        child = child.get_next_sibling()
    return texts


def save_png(window: Any, path: str) -> bool:
    """The window rendered by its own renderer into a PNG, as the C window does
    (gtk_widget_paintable_new, gtk_snapshot_free_to_node, gsk_renderer_render_texture). Through
    ctypes: PyGObject 3.42 cannot hand out a GskRenderNode."""
    import ctypes

    gtk = ctypes.CDLL("libgtk-4.so.1")
    vp, d = ctypes.c_void_p, ctypes.c_double
    get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
    get_pointer.restype, get_pointer.argtypes = vp, [ctypes.py_object, ctypes.c_char_p]
    for name, restype, argtypes in (
        ("gtk_widget_paintable_new", vp, [vp]), ("gtk_snapshot_new", vp, []),
        ("gdk_paintable_snapshot", None, [vp, vp, d, d]), ("gtk_snapshot_free_to_node", vp, [vp]),
        ("gtk_native_get_renderer", vp, [vp]), ("gsk_renderer_render_texture", vp, [vp, vp, vp]),
        ("gdk_texture_save_to_png", ctypes.c_int, [vp, ctypes.c_char_p]), ("gsk_render_node_unref", None, [vp]),
        ("g_object_unref", None, [vp]),
    ):
        fn = getattr(gtk, name)
        fn.restype, fn.argtypes = restype, argtypes

    class Rect(ctypes.Structure):  # graphene_rect_t
        _fields_ = [("x", ctypes.c_float), ("y", ctypes.c_float), ("w", ctypes.c_float), ("h", ctypes.c_float)]

    widget = get_pointer(window.__gpointer__, None)
    w, h = window.get_width(), window.get_height()
    paintable = gtk.gtk_widget_paintable_new(widget)
    snapshot = gtk.gtk_snapshot_new()
    gtk.gdk_paintable_snapshot(paintable, snapshot, w, h)
    node = gtk.gtk_snapshot_free_to_node(snapshot)
    ok = False
    if node:
        rect = Rect(0, 0, w, h)
        texture = gtk.gsk_renderer_render_texture(gtk.gtk_native_get_renderer(widget), node, ctypes.byref(rect))
        ok = bool(gtk.gdk_texture_save_to_png(texture, path.encode()))
        gtk.g_object_unref(texture)
        gtk.gsk_render_node_unref(node)
    gtk.g_object_unref(paintable)
    return ok


def drive(app: SeedsWindow, png: str) -> None:
    lst, search = app.list_vm, app.search_vm
    check(wait_until(lambda: lst.count > 0 and bool(rows_shown(app.view)), 5000),
          f"the user list shows rows ({lst.count} users, {len(rows_shown(app.view))} rows on screen)")
    first = (rows_shown(app.view) or [""])[0]
    check(bool(first) and first == lst.rows[0].name, f'the first row reads "{first}"')
    check(not app.banner.get_reveal_child(), "no error: the banner is hidden")
    before = lst.count
    adj = app.scroller.get_vadjustment()
    for _ in range(20):
        if lst.count > before:
            break
        adj.set_value(adj.get_upper() - adj.get_page_size())
        pump(50)
    check(wait_until(lambda: lst.count > before, 5000),
          f"scrolling to the end loaded the next page ({before} -> {lst.count} users)")
    app.search.set_text("an")
    check(wait_until(lambda: app.shown is search and search.count > 0 and bool(rows_shown(app.view)), 5000),
          f'the query "an" shows {search.count} results in the view ({len(rows_shown(app.view))} rows on screen)')
    check(search.query == "an", "the entry set the ViewModel's query")
    first = (rows_shown(app.view) or [""])[0]
    check("an" in first.lower(), f'the first result "{first}" matches')
    # A user the repository does not have: the detail's error shows in the banner.
    app.open_detail(lst.count + 10_000)
    check(wait_until(lambda: bool(app.banner.get_reveal_child()), 5000),
          f'a detail that fails shows its error in the banner: "{app.banner_label.get_label()}"')
    pump(300)  # the revealer's transition
    error_png = png[:-4] + "-error.png" if png.endswith(".png") else png + "-error.png"
    check(save_png(app.window, error_png), f"screenshot {error_png}")
    app.selection.set_selected(0)
    check(wait_until(lambda: not app.banner.get_reveal_child(), 5000),
          "opening another detail clears the banner")
    check(wait_until(lambda: app.name_entry is not None and bool(app.name_entry.get_text()), 5000),
          f'selecting the first result opens its detail: name "{app.name_entry.get_text() if app.name_entry else ""}"')
    check(not app.save.get_sensitive(), "Save is disabled before an edit")
    app.name_entry.set_text("Ada Lovelace")
    check(wait_until(lambda: bool(app.save.get_sensitive()), 2000), "editing the name enables Save")
    assert app.detail_vm is not None
    check(app.detail_vm.draft_name == "Ada Lovelace", "the entry set the detail's draft name")
    app.save.emit("clicked")
    check(wait_until(lambda: app.saves > 0, 5000), f'Save stored the name: the status reads "{app.status.get_text()}"')
    check(not app.detail_vm.is_dirty, "after saving the detail is not dirty")
    app.search.set_text("")
    check(wait_until(lambda: app.shown is lst and (rows_shown(app.view) or [""])[0] == lst.rows[0].name, 5000),
          f'clearing the query shows the list again (first row "{(rows_shown(app.view) or [""])[0]}")')
    adj = app.scroller.get_vadjustment()
    adj.set_value(0)
    pump(300)
    check(save_png(app.window, png), f"screenshot {png}")


def main(argv: list[str]) -> int:
    png = argv[2] if len(argv) == 3 and argv[1] == "--test" else None
    if not Gtk.init_check():
        print("gtk_seeds_window: no display (set DISPLAY, or run under xvfb-run)", file=sys.stderr)
        return 2
    with mvvm.Runtime() as runtime, mvvm_gtk.attach(runtime):
        app = SeedsWindow(runtime)
        app.window.present()
        if png is not None:
            drive(app, png)
            print(f"py seeds window: {0 if failures else 1} passed, {1 if failures else 0} failed")
        else:
            loop = GLib.MainLoop()
            app.window.connect("close-request", lambda w: loop.quit() or False)
            loop.run()
        app.close()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
