#!/usr/bin/env python3
"""A Tk host: users list (next page loads on scroll) -> detail editor (Save enabled only when
the ViewModel says can-save) -> back; Search… over the list (search as you type, results page
on scroll) -> a result's detail -> saving returns to the search -> Back; a post with a like
button, and a stopwatch.

Run:  MVVM_LIBRARY=/path/to/libmvvm.so python3 examples/tk_host.py
      ... --self-test [--screenshot out.png]   drives the UI by itself, checks it, exits 0;
          with --screenshot, also saves the search pane showing results as out_search.png
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import subprocess
import sys
import tkinter as tk
from pathlib import Path
from tkinter import ttk
from types import TracebackType
from typing import Callable, Literal

try:
    import mvvm
except ImportError:  # running from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import mvvm
import mvvm.tk
import mvvm_seeds


class UserRows(ttk.Frame):
    """A listbox of users that mirrors a ViewModel's rows by applying its "rows-changed" change
    sets; scrolling reports the last row on screen (the next page loads near the end), a click
    selects a row."""

    def __init__(
        self, master: tk.Misc, row: Callable[[int], mvvm_seeds.User],
        did_display_row: Callable[[int], None], did_select_row: Callable[[int], None],
    ) -> None:
        super().__init__(master)
        self.row = row
        self.did_display_row = did_display_row
        self.did_select_row = did_select_row
        self.listbox = tk.Listbox(self, width=34, height=18, exportselection=False)
        scroll = ttk.Scrollbar(self, orient="vertical", command=self.listbox.yview)

        def on_scroll(first: float, last: float) -> None:
            scroll.set(first, last)
            self._scrolled()

        self.listbox.configure(yscrollcommand=on_scroll)
        self.listbox.pack(side="left", fill="both", expand=True)
        scroll.pack(side="right", fill="y")
        self.listbox.bind("<<ListboxSelect>>", self._selected)

    def _text(self, index: int) -> str:
        user = self.row(index)
        return f"#{user.id}  {user.name}"

    def apply(self, changes: list[mvvm.ListChange]) -> None:
        lb = self.listbox
        for c in changes:
            if c.kind is mvvm.ListChangeKind.RESET:
                lb.delete(0, "end")
                for i in range(c.count):
                    lb.insert("end", self._text(i))
            elif c.kind is mvvm.ListChangeKind.INSERT:
                for i in range(c.start, c.start + c.count):
                    lb.insert(i, self._text(i))
            elif c.kind is mvvm.ListChangeKind.REMOVE:
                lb.delete(c.start, c.start + c.count - 1)
            elif c.kind is mvvm.ListChangeKind.UPDATE:
                for i in range(c.start, c.start + c.count):
                    lb.delete(i)
                    lb.insert(i, self._text(i))
            elif c.kind is mvvm.ListChangeKind.MOVE:
                text = lb.get(c.start)
                lb.delete(c.start)
                lb.insert(c.count, text)

    def _scrolled(self) -> None:
        size = self.listbox.size()
        if size:
            last = int(self.listbox.nearest(self.listbox.winfo_height()))  # type: ignore[no-untyped-call]
            self.did_display_row(min(max(last, 0), size - 1))

    def _selected(self, event: object) -> None:
        sel = self.listbox.curselection()  # type: ignore[no-untyped-call]
        if sel:
            self.did_select_row(int(sel[0]))


class UsersPane(ttk.Frame):
    def __init__(self, master: tk.Misc, users: mvvm_seeds.UserList, show_search: Callable[[], None]) -> None:
        super().__init__(master, padding=6)
        self.users = users
        header = ttk.Frame(self)
        header.pack(fill="x")
        ttk.Label(header, text="Users", font=("TkDefaultFont", 12, "bold")).pack(side="left")
        self.search_button = ttk.Button(header, text="Search…", command=show_search)
        self.search_button.pack(side="right")
        self.status = ttk.Label(self, text="")
        self.status.pack(anchor="w")
        self.rows = UserRows(self, users.row, users.did_display_row, users.did_select_row)
        self.rows.pack(fill="both", expand=True)
        self.listbox = self.rows.listbox
        users.connect("rows-changed", self._rows_changed)
        users.connect("notify::loading", lambda v: self._show_status())
        users.connect("notify::error-message", lambda m: self._show_status())
        self._show_status()

    def _rows_changed(self, changes: list[mvvm.ListChange]) -> None:
        self.rows.apply(changes)
        self._show_status()

    def _show_status(self) -> None:
        loading = self.users.loading
        error = self.users.error_message
        if error:
            text = f"Error: {error}"
        elif loading is mvvm_seeds.Loading.FULL_SCREEN:
            text = "Loading…"
        elif loading is mvvm_seeds.Loading.NEXT_PAGE:
            text = f"{self.users.count} users, loading more…"
        else:
            more = " (scroll for more)" if self.users.has_more_pages else ""
            text = f"{self.users.count} users{more}"
        self.status.configure(text=text)


class SearchPane(ttk.Frame):
    """The user search the coordinator pushes over the list: the query (set on every
    keystroke), a spinner while searching, a hint while the query is empty, the results (next
    page on scroll; a click pushes the user's detail) and Back."""

    HINT = "Type part of a name to search the users."

    def __init__(self, master: tk.Misc, search: mvvm_seeds.UserSearch, back: Callable[[], None]) -> None:
        super().__init__(master, padding=6)
        self.search = search
        header = ttk.Frame(self)
        header.pack(fill="x")
        ttk.Label(header, text="Search users", font=("TkDefaultFont", 12, "bold")).pack(side="left")
        self.back = ttk.Button(header, text="Back", command=back)
        self.back.pack(side="right")
        self.query = tk.StringVar(value=search.query)
        self.entry = ttk.Entry(self, textvariable=self.query, width=34)
        self.entry.pack(fill="x", pady=(4, 2))
        status_row = ttk.Frame(self)
        status_row.pack(fill="x")
        self.status = ttk.Label(status_row, text="")
        self.status.pack(side="left")
        self.spinner = ttk.Progressbar(status_row, mode="indeterminate", length=60)
        self.dismiss = ttk.Button(status_row, text="Dismiss", command=search.dismiss_error)
        self.rows = UserRows(self, search.row, search.did_display_row, search.did_select_row)
        self.rows.pack(fill="both", expand=True)
        self.listbox = self.rows.listbox
        self._spinning = False
        self.query.trace_add("write", lambda *a: self._query_typed())
        self.connections = [
            search.connect("notify::query", self._query_changed),
            search.connect("rows-changed", self._rows_changed),
            search.connect("notify::is-searching", lambda v: self._show_status()),
            search.connect("notify::is-query-empty", lambda v: self._show_status()),
            search.connect("notify::error-message", lambda m: self._show_status()),
            search.connect("notify::has-more-pages", lambda v: self._show_status()),
        ]
        self._show_status()

    def close(self) -> None:
        """The search was popped (its wrapper is closed): lets go of it and goes away."""
        for conn in self.connections:
            conn.disconnect()
        self.connections = []
        self.spinner.stop()
        self.destroy()

    def _query_typed(self) -> None:
        if self.query.get() != self.search.query:
            self.search.query = self.query.get()

    def _query_changed(self, query: str) -> None:
        if self.query.get() != query:
            self.query.set(query)

    def _rows_changed(self, changes: list[mvvm.ListChange]) -> None:
        self.rows.apply(changes)
        self._show_status()

    def _show_status(self) -> None:
        s = self.search
        searching = s.is_searching
        if searching != self._spinning:
            self._spinning = searching
            if searching:
                self.spinner.pack(side="left", padx=6)
                self.spinner.start(15)
            else:
                self.spinner.stop()
                self.spinner.pack_forget()
        error = s.error_message
        if error:
            text, color = f"Error: {error}", "#b00"
            self.dismiss.pack(side="right")
        else:
            self.dismiss.pack_forget()
            color = ""
            if s.is_query_empty:
                text, color = self.HINT, "#666"
            elif searching:
                text = "Searching…"
            elif s.count == 0:
                text = f"No user matches “{s.query.strip()}”."
            else:
                more = " (scroll for more)" if s.has_more_pages else ""
                text = f"{s.count} result{'' if s.count == 1 else 's'}{more}"
        self.status.configure(text=text, foreground=color)


class DetailPane(ttk.Frame):
    def __init__(self, master: tk.Misc, coordinator: mvvm_seeds.Coordinator) -> None:
        super().__init__(master, padding=6)
        self.coordinator = coordinator
        self.detail: mvvm_seeds.UserDetail | None = None
        self.connections: list[mvvm.Connection] = []
        ttk.Label(self, text="Detail", font=("TkDefaultFont", 12, "bold")).pack(anchor="w")
        self.info_label = ttk.Label(self, text="Select a user", width=36)
        self.info_label.pack(anchor="w")
        self.draft = tk.StringVar()
        self.entry = ttk.Entry(self, textvariable=self.draft, width=32, state="disabled")
        self.entry.pack(anchor="w", pady=4)
        self.validation = ttk.Label(self, text="", foreground="#b00")
        self.validation.pack(anchor="w")
        row = ttk.Frame(self)
        row.pack(anchor="w", pady=4)
        self.save = ttk.Button(row, text="Save", state="disabled", command=self._save)
        self.save.pack(side="left")
        self.back = ttk.Button(row, text="Back", state="disabled", command=coordinator.back)
        self.back.pack(side="left", padx=4)
        self.draft.trace_add("write", lambda *a: self._draft_edited())

    def show(self, detail: mvvm_seeds.UserDetail | None) -> None:
        for conn in self.connections:
            conn.disconnect()
        self.connections = []
        self.detail = detail
        if detail is None:
            self.info_label.configure(text="Select a user")
            self.draft.set("")
            self.validation.configure(text="")
            for w in (self.entry, self.save, self.back):
                w.configure(state="disabled")
            return
        self.connections = [
            detail.connect("notify::user", lambda u: self._refresh()),
            detail.connect("notify::draft-name", lambda d: self._refresh()),
            detail.connect("notify::can-save", lambda v: self._refresh()),
            detail.connect("notify::is-saving", lambda v: self._refresh()),
            detail.connect("notify::validation-message", lambda m: self._refresh()),
            detail.connect("notify::error-message", lambda m: self._refresh()),
        ]
        self.back.configure(state="normal")
        self._refresh()

    def _refresh(self) -> None:
        d = self.detail
        if d is None:
            return
        user = d.user
        if user is None:
            self.info_label.configure(text="Loading…")
            self.entry.configure(state="disabled")
        else:
            saving = " — saving…" if d.is_saving else ""
            self.info_label.configure(text=f"#{user.id} {user.email}{saving}")
            self.entry.configure(state="normal")
            if self.draft.get() != d.draft_name:
                self.draft.set(d.draft_name)
        self.validation.configure(text=d.validation_message or d.error_message or "")
        self.save.configure(state="normal" if d.can_save else "disabled")

    def _draft_edited(self) -> None:
        d = self.detail
        if d is not None and d.user is not None and self.draft.get() != d.draft_name:
            d.draft_name = self.draft.get()

    def _save(self) -> None:
        if self.detail is not None:
            self.detail.save()


class PostPane(ttk.Frame):
    def __init__(self, master: tk.Misc, post: mvvm_seeds.PostDetail) -> None:
        super().__init__(master, padding=6)
        self.post = post
        ttk.Label(self, text="Post", font=("TkDefaultFont", 12, "bold")).pack(anchor="w")
        self.title = ttk.Label(self, text="Loading…", wraplength=260)
        self.title.pack(anchor="w")
        self.body = ttk.Label(self, text="", wraplength=260)
        self.body.pack(anchor="w", pady=2)
        row = ttk.Frame(self)
        row.pack(anchor="w")
        self.like = ttk.Button(row, text="Like", command=post.toggle_like, state="disabled")
        self.like.pack(side="left")
        self.likes = ttk.Label(row, text="")
        self.likes.pack(side="left", padx=6)
        self.comments = tk.Listbox(self, width=40, height=5)
        self.comments.pack(anchor="w", pady=4)
        post.connect("notify::state", lambda s: self._refresh())
        post.connect("notify::is-liked", lambda v: self._refresh())
        post.connect("notify::likes-count", lambda n: self._refresh())
        post.on_appear()

    def _refresh(self) -> None:
        p = self.post.post
        if p is None:
            self.title.configure(text=self.post.state.name.title())
            return
        self.title.configure(text=p.title)
        self.body.configure(text=f"{p.body}\n— {p.author_name}")
        self.like.configure(state="normal", text="Unlike" if self.post.is_liked else "Like")
        self.likes.configure(text=f"♥ {self.post.likes_count}")
        if self.comments.size() != self.post.comment_count:
            self.comments.delete(0, "end")
            for c in self.post.comments:
                self.comments.insert("end", f"{c.author_name}: {c.body}")


class StopwatchPane(ttk.Frame):
    def __init__(self, master: tk.Misc, sw: mvvm_seeds.Stopwatch) -> None:
        super().__init__(master, padding=6)
        self.sw = sw
        ttk.Label(self, text="Stopwatch", font=("TkDefaultFont", 12, "bold")).pack(anchor="w")
        self.elapsed = ttk.Label(self, text=sw.elapsed_text, font=("TkFixedFont", 20))
        self.elapsed.pack(anchor="w")
        row = ttk.Frame(self)
        row.pack(anchor="w")
        self.button = ttk.Button(row, text=sw.button_text, command=sw.button_tapped)
        self.button.pack(side="left")
        self.lap = ttk.Button(row, text="Lap", command=sw.lap, state="disabled")
        self.lap.pack(side="left", padx=4)
        ttk.Button(row, text="Reset", command=sw.reset).pack(side="left")
        self.laps = tk.Listbox(self, width=20, height=4)
        self.laps.pack(anchor="w", pady=4)
        sw.connect("notify::elapsed-text", lambda t: self.elapsed.configure(text=t))
        sw.connect("notify::button-text", lambda t: self.button.configure(text=t))
        sw.connect(
            "notify::is-lap-enabled", lambda v: self.lap.configure(state="normal" if v else "disabled")
        )
        sw.connect("laps-changed", self._laps_changed)

    def _laps_changed(self, changes: list[mvvm.ListChange]) -> None:
        self.laps.delete(0, "end")
        for text in self.sw.laps:
            self.laps.insert("end", text)


class App:
    def __init__(self, root: tk.Tk, runtime: mvvm.Runtime) -> None:
        self.root = root
        self.repo = mvvm_seeds.Repository.sample(runtime, latency_ms=40)
        self.coordinator = mvvm_seeds.Coordinator(self.repo)
        self.coordinator.connect("navigate", self._navigate)
        self.users_pane: UsersPane | None = None
        self.search_pane: SearchPane | None = None
        self.detail_pane = DetailPane(root, self.coordinator)
        self.coordinator.start()  # pushes the user list
        self.post = mvvm_seeds.PostDetail(self.repo, 1)
        self.stopwatch = mvvm_seeds.Stopwatch(runtime)
        self.post_pane = PostPane(root, self.post)
        self.stopwatch_pane = StopwatchPane(root, self.stopwatch)
        assert self.users_pane is not None
        self._place_left(self.users_pane)
        self.detail_pane.grid(row=0, column=1, sticky="nw")
        self.stopwatch_pane.grid(row=1, column=1, sticky="nw")
        self.post_pane.grid(row=0, column=2, rowspan=2, sticky="nw")

    @staticmethod
    def _place_left(pane: ttk.Frame) -> None:
        """The left column shows the list, or the search while it is pushed over the list."""
        pane.grid(row=0, column=0, rowspan=2, sticky="nsew")

    def _navigate(self, action: mvvm_seeds.Navigation, screen: mvvm.MvvmObject) -> None:
        if action is mvvm_seeds.Navigation.PUSH:
            if isinstance(screen, mvvm_seeds.UserList):
                self.users_pane = UsersPane(self.root, screen, self.coordinator.show_search)
            elif isinstance(screen, mvvm_seeds.UserSearch):
                self.search_pane = SearchPane(self.root, screen, self.coordinator.back)
                if self.users_pane is not None:
                    self.users_pane.grid_remove()
                self._place_left(self.search_pane)
                self.search_pane.entry.focus_set()
            elif isinstance(screen, mvvm_seeds.UserDetail):
                self.detail_pane.show(screen)
            # Once its pane listens: a pushed screen that loads on appearing does it now.
            on_appear = getattr(screen, "on_appear", None)
            if callable(on_appear):
                on_appear()
        elif action is mvvm_seeds.Navigation.POP:
            # The popped screen's wrapper is closed: only its type is read.
            if isinstance(screen, mvvm_seeds.UserDetail):
                self.detail_pane.show(None)
            elif isinstance(screen, mvvm_seeds.UserSearch) and self.search_pane is not None:
                self.search_pane.close()
                self.search_pane = None
                if self.users_pane is not None:
                    self._place_left(self.users_pane)
            left = self.search_pane or self.users_pane
            if left is not None:
                left.listbox.selection_clear(0, "end")
        # Only the top screen navigates: Search… on the list, Back on the search.
        top = self.coordinator.top
        if self.users_pane is not None:
            listed = isinstance(top, mvvm_seeds.UserList)
            self.users_pane.search_button.configure(state="normal" if listed else "disabled")
        if self.search_pane is not None:
            searching = isinstance(top, mvvm_seeds.UserSearch)
            self.search_pane.back.configure(state="normal" if searching else "disabled")


def xwd_to_png(dump: bytes, path: str, box: tuple[int, int, int, int] | None = None) -> None:
    """Writes a 24/32-bit TrueColor XWD dump (optionally cropped to x, y, w, h) as a PNG."""
    import struct
    import zlib

    h = struct.unpack(">25I", dump[:100])
    header_size, width, height = h[0], h[4], h[5]
    byte_order, bpp, bpl = h[7], h[11], h[12]
    masks, ncolors = h[14:17], h[19]
    if bpp not in (24, 32):
        raise ValueError(f"unsupported XWD: {bpp} bits per pixel")
    data = dump[header_size + 12 * ncolors:]
    x0, y0, w, hh = box or (0, 0, width, height)
    w, hh = min(w, width - x0), min(hh, height - y0)
    step = bpp // 8
    shifts = [(m & -m).bit_length() - 1 for m in masks]
    endian: Literal["little", "big"] = "little" if byte_order == 0 else "big"
    rows = bytearray()
    for y in range(y0, y0 + hh):
        rows.append(0)
        line = data[y * bpl:(y + 1) * bpl]
        for x in range(x0, x0 + w):
            px = int.from_bytes(line[x * step:(x + 1) * step], endian)
            rows += bytes(((px & m) >> s) & 0xFF for m, s in zip(masks, shifts))

    def chunk(tag: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body))

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, hh, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def screenshot(root: tk.Tk, path: str) -> bool:
    """Saves the window as a PNG through xwd (X11's window dump; skipped if missing)."""
    xwd = shutil.which("xwd")
    if not xwd:
        print("screenshot skipped: xwd missing (run `make deps`)", file=sys.stderr)
        return False
    root.update()
    dump = subprocess.run([xwd, "-root", "-silent"], capture_output=True, check=True).stdout
    box = (root.winfo_rootx(), root.winfo_rooty(), root.winfo_width(), root.winfo_height())
    xwd_to_png(dump, path, box)
    return os.path.exists(path)


def search_screenshot_path(shot: str) -> str:
    """Where the search pane's screenshot goes: tk_host.png -> tk_host_search.png."""
    path = Path(shot)
    return str(path.with_name(f"{path.stem}_search{path.suffix or '.png'}"))


def self_test(root: tk.Tk, app: App, shot: str | None, done: Callable[[int], None]) -> None:
    """Drives the UI like a user would, one step when its condition holds. With ``shot``, saves
    the search pane with its results (``search_screenshot_path(shot)``) and, at the end, the
    window (``shot``)."""
    users = app.users_pane
    assert users is not None
    lb = users.listbox
    original: list[str] = []
    found: list[int] = []  # the id of the search result that gets renamed
    shots_taken: list[str] = []
    counts: list[int] = []  # the search's count before scrolling to its end

    def click_row() -> None:
        lb.selection_set(2)
        lb.event_generate("<<ListboxSelect>>")

    def edit_name() -> None:
        assert str(app.detail_pane.save.cget("state")) == "disabled"  # not dirty yet
        app.detail_pane.draft.set("Tk Renamed")

    def empty_name() -> None:
        app.detail_pane.draft.set("")

    def scroll_to_end() -> None:
        original.append(lb.get(2))
        lb.yview_moveto(1.0)

    # -- the search
    def search_pane() -> SearchPane:
        assert app.search_pane is not None
        return app.search_pane

    def showing_search() -> bool:
        pane = app.search_pane
        return (pane is not None and app.coordinator.depth == 2 and bool(pane.winfo_ismapped())
                and not users.winfo_ismapped() and str(pane.back.cget("state")) == "normal")

    def type_text(text: str) -> None:
        """Types ``text`` into the query entry one key at a time, 40 ms apart (under the
        300 ms debounce, so one search runs for the whole word)."""
        entry = search_pane().entry
        entry.focus_set()
        for i, char in enumerate(text):
            root.after(40 * i, functools.partial(entry.insert, "end", char))

    def results_of(query: str, shown: Callable[[int], bool]) -> Callable[[], bool]:
        """The search settled on ``query``'s results, a count that ``shown`` accepts, all in
        the listbox, the spinner hidden."""
        def settled() -> bool:
            pane = app.search_pane
            if pane is None or pane.search.is_searching or pane.search.query != query:
                return False
            count = pane.search.count
            texts = [str(t) for t in pane.listbox.get(0, "end")]
            return (len(texts) == count and shown(count) and all(query in t.lower() for t in texts)
                    and str(pane.status.cget("text")).startswith(f"{count} result")
                    and not pane.spinner.winfo_ismapped())
        return settled

    def scroll_results_to_end() -> None:
        pane = search_pane()
        counts.append(pane.search.count)
        pane.listbox.yview_moveto(1.0)

    def clear_query() -> None:
        search_pane().entry.delete(0, "end")

    def empty_hint() -> bool:
        pane = app.search_pane
        return (pane is not None and pane.search.is_query_empty and pane.listbox.size() == 0
                and pane.status.cget("text") == SearchPane.HINT)

    def select_result() -> None:
        pane = search_pane()
        found.append(pane.search.rows[0].id)
        pane.listbox.selection_set(0)
        pane.listbox.event_generate("<<ListboxSelect>>")

    def detail_of_result() -> bool:
        detail = app.detail_pane.detail
        return (app.coordinator.depth == 3 and detail is not None and detail.user is not None
                and detail.user.id == found[0] and str(app.detail_pane.entry.cget("state")) == "normal"
                and str(search_pane().back.cget("state")) == "disabled")

    def shoot_search() -> None:
        if not shot:
            shots_taken.append("")
            return
        path = search_screenshot_path(shot)

        def take() -> None:
            screenshot(root, path)
            shots_taken.append(path)

        root.after(200, take)

    def rename_result() -> None:
        app.detail_pane.draft.set("Tk Found")

    def back_on_search() -> bool:
        return (showing_search() and app.detail_pane.detail is None
                and search_pane().listbox.size() == search_pane().search.count == 5
                and not search_pane().listbox.curselection())  # type: ignore[no-untyped-call]

    def result_renamed_in_list() -> bool:
        return (app.coordinator.depth == 1 and app.search_pane is None and bool(users.winfo_ismapped())
                and str(users.search_button.cget("state")) == "normal"
                and f"#{found[0]}  Tk Found" in [str(t) for t in lb.get(0, "end")])

    steps: list[tuple[str, Callable[[], bool], Callable[[], None]]] = [
        ("first page", lambda: lb.size() == 20, scroll_to_end),
        ("next page on scroll", lambda: lb.size() == 40, click_row),
        ("detail loaded", lambda: str(app.detail_pane.entry.cget("state")) == "normal", empty_name),
        ("save disabled on invalid", lambda: str(app.detail_pane.save.cget("state")) == "disabled"
            and app.detail_pane.validation.cget("text") != "", edit_name),
        ("save enabled", lambda: str(app.detail_pane.save.cget("state")) == "normal",
            lambda: app.detail_pane.save.invoke()),
        ("back on list, row renamed", lambda: app.coordinator.depth == 1 and "Tk Renamed" in lb.get(2),
            lambda: app.post_pane.like.invoke()),
        ("liked", lambda: app.post_pane.like.cget("text") == "Unlike",
            lambda: app.stopwatch_pane.button.invoke()),
        ("stopwatch ticking", lambda: app.stopwatch.elapsed_text >= "00:00.20",
            lambda: app.stopwatch_pane.lap.invoke()),
        ("lap recorded", lambda: app.stopwatch_pane.laps.size() == 1,
            lambda: app.stopwatch_pane.button.invoke()),
        ("stopwatch stopped", lambda: app.stopwatch_pane.button.cget("text") == "Start",
            lambda: users.search_button.invoke()),
        ("search shown over the list, empty-query hint", lambda: showing_search() and empty_hint(),
            lambda: type_text("r")),
        ("search: results for 'r', more pages", results_of("r", lambda n: n >= 20
            and search_pane().search.has_more_pages), scroll_results_to_end),
        ("search: next page on scroll", results_of("r", lambda n: n > counts[0]), clear_query),
        ("search: empty-query hint again", empty_hint, lambda: type_text("lovelace")),
        ("search: results for 'lovelace'", results_of("lovelace", lambda n: n == 5), select_result),
        ("search: result's detail pushed", detail_of_result, shoot_search),
        ("search: screenshot taken", lambda: bool(shots_taken), rename_result),
        ("search: save enabled", lambda: str(app.detail_pane.save.cget("state")) == "normal",
            lambda: app.detail_pane.save.invoke()),
        ("back on search after save", back_on_search, lambda: search_pane().back.invoke()),
        ("back on list, search result renamed", result_renamed_in_list, lambda: None),
    ]
    ticks = [0]

    def poll() -> None:
        ticks[0] += 1
        if ticks[0] > 1500:  # 30 s
            print(f"SELF-TEST FAILED at step: {steps[0][0]}", file=sys.stderr)
            done(1)
            return
        while steps and steps[0][1]():
            name, _, action = steps.pop(0)
            print(f"ok: {name}")
            action()
        if steps:
            root.after(20, poll)
            return
        root.update()
        if shot:
            def finish() -> None:
                try:
                    screenshot(root, shot)
                    print("SELF-TEST OK")
                    done(0)
                except Exception as exc:
                    print(f"SELF-TEST FAILED: screenshot: {exc}", file=sys.stderr)
                    done(1)

            root.after(200, finish)
        else:
            print("SELF-TEST OK")
            done(0)

    root.after(50, poll)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--self-test", action="store_true")
    parser.add_argument("--screenshot")
    args = parser.parse_args()
    status = [0]
    with mvvm.Runtime() as runtime:
        root = tk.Tk()
        root.title("mvvm — Tk host")
        attachment = mvvm.tk.attach(runtime, root)
        errors: list[BaseException] = []

        def report(exc: type[BaseException], val: BaseException, tb: TracebackType | None) -> None:
            errors.append(val)
            import traceback

            traceback.print_exception(exc, val, tb)

        root.report_callback_exception = report
        app = App(root, runtime)

        def done(code: int) -> None:
            status[0] = code or (1 if errors else 0)
            root.quit()

        if args.self_test:
            self_test(root, app, args.screenshot, done)
        root.mainloop()
        attachment.detach()
        root.destroy()
    return status[0]


if __name__ == "__main__":
    sys.exit(main())
