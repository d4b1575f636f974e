#!/usr/bin/env python3
"""A Tk host: users list (next page loads on scroll) -> detail editor (Save enabled only when
the ViewModel says can-save) -> back, a post with a like button, and a stopwatch.

Run:  MVVM_LIBRARY=/path/to/libmvvm.so python3 examples/tk_host.py
      ... --self-test [--screenshot out.png]   drives the UI by itself, checks it, exits 0
"""

from __future__ import annotations

import argparse
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


class UsersPane(ttk.Frame):
    def __init__(self, master: tk.Misc, users: mvvm.UserList) -> None:
        super().__init__(master, padding=6)
        self.users = users
        ttk.Label(self, text="Users", font=("TkDefaultFont", 12, "bold")).pack(anchor="w")
        self.status = ttk.Label(self, text="")
        self.status.pack(anchor="w")
        box = ttk.Frame(self)
        box.pack(fill="both", expand=True)
        self.listbox = tk.Listbox(box, width=34, height=18, exportselection=False)
        scroll = ttk.Scrollbar(box, orient="vertical", command=self.listbox.yview)

        def on_scroll(first: float, last: float) -> None:
            scroll.set(first, last)
            self._scrolled()

        self.listbox.configure(yscrollcommand=on_scroll)
        self.listbox.pack(side="left", fill="both", expand=True)
        scroll.pack(side="right", fill="y")
        self.listbox.bind("<<ListboxSelect>>", self._selected)
        users.connect("rows-changed", self._rows_changed)
        users.connect("notify::loading", lambda v: self._show_status())
        users.connect("notify::error-message", lambda m: self._show_status())
        self._show_status()

    @staticmethod
    def _text(user: mvvm.User) -> str:
        return f"#{user.id}  {user.name}"

    def _rows_changed(self, changes: list[mvvm.ListChange]) -> None:
        lb = self.listbox
        for c in changes:
            if c.kind is mvvm.ListChangeKind.RESET:
                lb.delete(0, "end")
                for i in range(c.count):
                    lb.insert("end", self._text(self.users.rows[i]))
            elif c.kind is mvvm.ListChangeKind.INSERT:
                for i in range(c.start, c.start + c.count):
                    lb.insert(i, self._text(self.users.rows[i]))
            elif c.kind is mvvm.ListChangeKind.REMOVE:
                lb.delete(c.start, c.start + c.count - 1)
            elif c.kind is mvvm.ListChangeKind.UPDATE:
                for i in range(c.start, c.start + c.count):
                    lb.delete(i)
                    lb.insert(i, self._text(self.users.rows[i]))
            elif c.kind is mvvm.ListChangeKind.MOVE:
                text = lb.get(c.start)
                lb.delete(c.start)
                lb.insert(c.count, text)
        self._show_status()

    def _show_status(self) -> None:
        loading = self.users.loading
        error = self.users.error_message
        if error:
            text = f"Error: {error}"
        elif loading is mvvm.Loading.FULL_SCREEN:
            text = "Loading…"
        elif loading is mvvm.Loading.NEXT_PAGE:
            text = f"{self.users.count} users, loading more…"
        else:
            more = " (scroll for more)" if self.users.has_more_pages else ""
            text = f"{self.users.count} users{more}"
        self.status.configure(text=text)

    def _scrolled(self) -> None:
        size = self.listbox.size()
        if size:
            last = int(self.listbox.nearest(self.listbox.winfo_height()))  # type: ignore[no-untyped-call]
            self.users.did_display_row(min(max(last, 0), size - 1))

    def _selected(self, event: object) -> None:
        sel = self.listbox.curselection()  # type: ignore[no-untyped-call]
        if sel:
            self.users.did_select_row(int(sel[0]))


class DetailPane(ttk.Frame):
    def __init__(self, master: tk.Misc, coordinator: mvvm.Coordinator) -> None:
        super().__init__(master, padding=6)
        self.coordinator = coordinator
        self.detail: mvvm.UserDetail | None = None
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

    def show(self, detail: mvvm.UserDetail | None) -> None:
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
        detail.on_appear()
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
    def __init__(self, master: tk.Misc, post: mvvm.PostDetail) -> None:
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
    def __init__(self, master: tk.Misc, sw: mvvm.Stopwatch) -> None:
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
        self.repo = mvvm.Repository.sample(runtime, latency_ms=40)
        self.coordinator = mvvm.Coordinator(self.repo)
        self.coordinator.connect("navigate", self._navigate)
        self.users_pane: UsersPane | None = None
        self.detail_pane = DetailPane(root, self.coordinator)
        self.coordinator.start()  # pushes the user list
        self.post = mvvm.PostDetail(self.repo, 1)
        self.stopwatch = mvvm.Stopwatch(runtime)
        self.post_pane = PostPane(root, self.post)
        self.stopwatch_pane = StopwatchPane(root, self.stopwatch)
        assert self.users_pane is not None
        self.users_pane.grid(row=0, column=0, rowspan=2, sticky="nsew")
        self.detail_pane.grid(row=0, column=1, sticky="nw")
        self.stopwatch_pane.grid(row=1, column=1, sticky="nw")
        self.post_pane.grid(row=0, column=2, rowspan=2, sticky="nw")

    def _navigate(self, action: mvvm.Navigation, screen: mvvm.MvvmObject) -> None:
        if action is mvvm.Navigation.PUSH and isinstance(screen, mvvm.UserList):
            self.users_pane = UsersPane(self.root, screen)
            screen.on_appear()
        elif action is mvvm.Navigation.PUSH and isinstance(screen, mvvm.UserDetail):
            self.detail_pane.show(screen)
        elif action is mvvm.Navigation.POP:
            self.detail_pane.show(None)
            if self.users_pane is not None:
                self.users_pane.listbox.selection_clear(0, "end")


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
        print("screenshot skipped: xwd missing (apt-get install x11-apps)", file=sys.stderr)
        return False
    root.update()
    dump = subprocess.run([xwd, "-root", "-silent"], capture_output=True, check=True).stdout
    box = (root.winfo_rootx(), root.winfo_rooty(), root.winfo_width(), root.winfo_height())
    xwd_to_png(dump, path, box)
    return os.path.exists(path)


def self_test(root: tk.Tk, app: App, shot: str | None, done: Callable[[int], None]) -> None:
    """Drives the UI like a user would, one step when its condition holds."""
    users = app.users_pane
    assert users is not None
    lb = users.listbox
    original: list[str] = []

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
    ]
    ticks = [0]

    def poll() -> None:
        ticks[0] += 1
        if ticks[0] > 1000:  # 20 s
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
