#!/usr/bin/env python3
"""A local test server for mvvm's HTTP repository, shaped like JSONPlaceholder.

Standard library only (http.server.ThreadingHTTPServer), bound to 127.0.0.1. Used by the Swift
tests (started through `Process`), the C tests, the Python tests, the fuzz-free benchmarks and
the demo (`terminal_host --http URL`).

    python3 Tests/Support/placeholder_server.py [--port 0] [--port-file PATH]
        [--users 45] [--posts 30] [--seed 7]
        [--latency-ms MS] [--fail-status CODE] [--garbage] [--oversize BYTES] [--drop]
        [--idle-timeout 30] [--max-lifetime 300] [--max-requests 100000]

On start it prints one line `PORT <n>` to stdout (flushed) and, with --port-file, writes the
port to PATH (atomically: a temporary file renamed), so a test can wait for either.

The contract (the same as Include/mvvm.h documents for mvvm_repository_new_http):

    GET    /users?_page=N&_limit=M        JSON array of users; X-Total-Count: all users
    GET    /users?name_like=Q&_page=N&_limit=M
                                          users whose name contains Q ignoring case, in id
                                          order; X-Total-Count: all matches
    GET    /users/{id}                    a user, or 404
    PATCH  /users/{id}                    JSON object of the fields to change ("name",
                                          "email"); returns the stored user; 404 for an unknown
                                          id, 422 {"error": "..."} for a blank name or a bad body
    GET    /posts/{id}                    a post with its author embedded as "user", or 404
    GET    /posts/{id}/comments           JSON array of the post's comments, oldest first; 404
    PUT    /posts/{id}/like               the current user likes it; returns the stored post
    DELETE /posts/{id}/like               the current user no longer likes it; the stored post

    user    {"id": 1, "name": "Ada Lovelace", "email": "ada.lovelace@example.com"}
    post    {"id": 1, "userId": 3, "title": "...", "body": "...",
             "createdAt": "2024-01-02T03:04:05Z", "likesCount": 4,
             "likedByCurrentUser": false, "commentsCount": 2, "user": {user}}
    comment {"id": 1, "postId": 1, "name": "<author name>", "body": "..."}

A page past the last one is an empty array (as JSONPlaceholder answers); the client decides
what that means. Errors are JSON objects {"error": "<sentence>"}.

Fault injection, so the client's error handling can be tested. Each fault applies to the data
endpoints only (never to /_control), and the same settings come from the command line (for
every request) or from the control endpoint:

    POST /_control   JSON {"latency_ms": 0, "status": 0, "mode": "normal"|"garbage"|
                     "oversized"|"drop"|"cut"|"nul"|"wrong_id"|"many_headers"|"long_header",
                     "oversize_bytes": 8388608, "header_count": 100000,
                     "header_bytes": 10485760, "count": -1}
                     replaces the fault settings; "count" is how many data requests they apply
                     to before the server is normal again (-1: all). Answers {"ok": true}.
    POST /_control/reset   the data back to the seeded state and no faults.
    GET  /_control/stats   {"requests": n, "connections": m} (data requests served so far, and
                           the connections accepted: fewer than requests when kept alive).

    latency_ms   sleep before answering
    status       answer with this HTTP status and {"error": "injected"} instead
    garbage      200 with a body of seeded random bytes (not JSON)
    oversized    200 with a valid JSON array of `oversize_bytes` bytes
    drop         read the request, then close the connection without a response
    cut          send a status line and half a header, then close the connection (the
                 headers never end)
    nul          the normal answer, with a NUL character and "!" appended to every "name" in it
    wrong_id     the normal answer, with every top-level "id" (and a comment's "postId")
                 one higher: users/1 answers user 2
    many_headers 200 with `header_count` short extra headers before an empty array
    long_header  200 with one extra header line of `header_bytes` bytes

Bounded: the server exits after --idle-timeout seconds without a request, after
--max-lifetime seconds in all, or after --max-requests requests, whichever comes first, so a
test that forgets it cannot leave it running.

Why the data is generated here (seeded, deterministic) rather than loaded from a store the
library writes: the C tests, the benchmark and the fuzz-free demo then need nothing but
python3, the data does not change when the library's sample generator does, and the
expectations in the tests are written against this file alone.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

FIRST_NAMES = ["Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Frances", "Niklaus",
               "Margaret", "John", "Radia", "Ken", "Sophie", "Dennis", "Karen", "Tony"]
LAST_NAMES = ["Lovelace", "Turing", "Hopper", "Dijkstra", "Liskov", "Knuth", "Allen", "Wirth",
              "Hamilton", "McCarthy", "Perlman", "Thompson", "Wilson", "Ritchie", "Jones", "Hoare"]
WORDS = ["signal", "binding", "state", "list", "page", "cache", "thread", "loop", "model",
         "view", "change", "event", "query", "store", "value", "host"]


class SplitMix64:
    """A tiny seeded generator whose sequence never depends on the Python version."""

    def __init__(self, seed: int) -> None:
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        return self.next() % bound

    def pick(self, items: list[str]) -> str:
        return items[self.below(len(items))]


class Store:
    """The users, posts, comments and likes, guarded by one lock."""

    def __init__(self, users: int, posts: int, seed: int) -> None:
        self.lock = threading.Lock()
        self.shape = (users, posts, seed)
        self.reset()

    def reset(self) -> None:
        users, posts, seed = self.shape
        rng = SplitMix64(seed)
        with self.lock:
            self.users: dict[int, dict] = {}
            for uid in range(1, users + 1):
                first, last = rng.pick(FIRST_NAMES), rng.pick(LAST_NAMES)
                self.users[uid] = {"id": uid, "name": f"{first} {last}",
                                   "email": f"{first.lower()}.{last.lower()}{uid}@example.com"}
            self.posts: dict[int, dict] = {}
            self.comments: dict[int, list[dict]] = {}
            comment_id = 0
            for pid in range(1, posts + 1):
                title = " ".join(rng.pick(WORDS) for _ in range(4)).capitalize()
                body = " ".join(rng.pick(WORDS) for _ in range(20)).capitalize() + "."
                day = 1 + rng.below(28)
                self.posts[pid] = {"id": pid, "userId": 1 + rng.below(max(users, 1)),
                                   "title": title, "body": body,
                                   "createdAt": f"2024-01-{day:02d}T{rng.below(24):02d}:00:00Z",
                                   "likesCount": rng.below(50), "likedByCurrentUser": False}
                thread = []
                for _ in range(rng.below(5)):
                    comment_id += 1
                    author = self.users[1 + rng.below(max(users, 1))]["name"] if users else "Anonymous"
                    thread.append({"id": comment_id, "postId": pid, "name": author,
                                   "body": " ".join(rng.pick(WORDS) for _ in range(8)) + "."})
                self.comments[pid] = thread

    def post(self, pid: int) -> dict | None:
        stored = self.posts.get(pid)
        if stored is None:
            return None
        author = self.users.get(stored["userId"], {"id": stored["userId"], "name": "Unknown",
                                                   "email": "unknown@example.com"})
        return dict(stored, commentsCount=len(self.comments.get(pid, [])), user=dict(author))


class Faults:
    """What the data endpoints do instead of answering normally."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.set({})

    def set(self, settings: dict) -> None:
        with self.lock:
            self.latency_ms = int(settings.get("latency_ms", 0))
            self.status = int(settings.get("status", 0))
            self.mode = str(settings.get("mode", "normal"))
            self.oversize_bytes = int(settings.get("oversize_bytes", 8 * 1024 * 1024))
            self.header_count = int(settings.get("header_count", 100_000))
            self.header_bytes = int(settings.get("header_bytes", 10 * 1024 * 1024))
            self.count = int(settings.get("count", -1))
            if self.mode not in MODES:
                raise ValueError(f"unknown mode {self.mode!r}")

    def take(self) -> tuple[int, int, str, int]:
        """The settings for one data request, counting it against `count`."""
        with self.lock:
            if self.count == 0:
                return 0, 0, "normal", 0
            if self.count > 0:
                self.count -= 1
            size = {"many_headers": self.header_count, "long_header": self.header_bytes}
            return self.latency_ms, self.status, self.mode, size.get(self.mode, self.oversize_bytes)


MODES = ("normal", "garbage", "oversized", "drop", "cut", "nul", "wrong_id", "many_headers", "long_header")


def with_nul_names(value: object) -> object:
    """`value` with a NUL character and "!" appended to every "name" (the `nul` fault)."""
    if isinstance(value, list):
        return [with_nul_names(item) for item in value]
    if isinstance(value, dict):
        return {key: (item + "\u0000!" if key == "name" and isinstance(item, str) else with_nul_names(item))
                for key, item in value.items()}
    return value


def with_wrong_ids(value: object) -> object:
    """`value` with each top-level record's "id" and a comment's "postId" one higher."""
    def shifted(record: object) -> object:
        if not isinstance(record, dict):
            return record
        return {key: (item + 1 if key in ("id", "postId") and isinstance(item, int) else item)
                for key, item in record.items()}
    return [shifted(item) for item in value] if isinstance(value, list) else shifted(value)


class PlaceholderServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, args: argparse.Namespace) -> None:
        super().__init__(("127.0.0.1", args.port), Handler)
        self.store = Store(args.users, args.posts, args.seed)
        self.faults = Faults()
        self.faults.set({"latency_ms": args.latency_ms, "status": args.fail_status,
                         "mode": ("garbage" if args.garbage else "oversized" if args.oversize
                                  else "drop" if args.drop else "normal"),
                         "oversize_bytes": args.oversize or 8 * 1024 * 1024})
        self.garbage_rng = SplitMix64(args.seed ^ 0x5EED)
        self.requests = 0
        self.data_requests = 0
        self.connections = 0
        self.max_requests = args.max_requests
        self.last_request = time.monotonic()
        self.counter_lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    server: PlaceholderServer
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes: without TCP_NODELAY, Nagle's algorithm and the
    # client's delayed ACK hold the body back for about 40 ms on every keep-alive request.
    disable_nagle_algorithm = True

    def setup(self) -> None:
        super().setup()
        with self.server.counter_lock:
            self.server.connections += 1

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base name
        if os.environ.get("PLACEHOLDER_SERVER_LOG"):
            super().log_message(format, *args)

    # Plumbing ------------------------------------------------------------------------------

    # The fault that rewrites this request's JSON answer ("nul", "wrong_id"), if any.
    rewrite = "normal"

    def send_json(self, status: int, value: object, headers: dict[str, str] | None = None) -> None:
        if status == 200 and self.rewrite == "nul":
            value = with_nul_names(value)
        elif status == 200 and self.rewrite == "wrong_id":
            value = with_wrong_ids(value)
        body = json.dumps(value, separators=(",", ":")).encode()
        self.send_bytes(status, body, headers)

    def send_bytes(self, status: int, body: bytes, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def error(self, status: int, sentence: str) -> None:
        self.send_json(status, {"error": sentence})

    def read_body(self) -> bytes:
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(min(length, 1 << 20)) if length > 0 else b""

    def count_request(self) -> bool:
        with self.server.counter_lock:
            self.server.requests += 1
            self.server.last_request = time.monotonic()
            over = self.server.requests > self.server.max_requests
        if over:
            threading.Thread(target=self.server.shutdown, daemon=True).start()
        return not over

    def dispatch(self) -> None:
        body = self.read_body()
        if not self.count_request():
            self.close_connection = True
            return
        url = urlsplit(self.path)
        parts = [p for p in url.path.split("/") if p]
        if parts[:1] == ["_control"]:
            self.control(parts[1:], body)
            return
        with self.server.counter_lock:
            self.server.data_requests += 1
        latency, status, mode, oversize = self.server.faults.take()
        if latency > 0:
            time.sleep(latency / 1000)
        if mode == "drop":
            self.close_connection = True
            try:
                self.connection.shutdown(2)
            except OSError:
                pass
            return
        if mode == "cut":
            self.close_connection = True
            self.wfile.write(b"HTTP/1.1 200 OK\r\nX-Total-Count: 1\r\nContent-Le")
            return
        if status:
            self.error(status, "injected")
            return
        if mode in ("many_headers", "long_header"):
            self.close_connection = True
            lines = [b"HTTP/1.1 200 OK\r\n", b"Content-Type: application/json\r\n"]
            if mode == "many_headers":
                lines += [b"X-Filler-%d: x\r\n" % i for i in range(oversize)]
            else:
                lines.append(b"X-Filler: " + b"x" * oversize + b"\r\n")
            lines += [b"X-Total-Count: 0\r\nContent-Length: 2\r\n\r\n[]"]
            try:
                self.wfile.write(b"".join(lines))
            except OSError:
                pass  # the client gave up on the headers, as it should
            return
        self.rewrite = mode
        if mode == "garbage":
            with self.server.counter_lock:
                rng = self.server.garbage_rng
                junk = bytes(rng.below(256) for _ in range(64 + rng.below(512)))
            self.send_bytes(200, junk)
            return
        if mode == "oversized":
            item = b'{"id":1,"name":"Big","email":"big@example.com"},'
            count = max(1, oversize // len(item))
            self.send_bytes(200, b"[" + item * (count - 1) + item[:-1] + b"]", {"X-Total-Count": "1"})
            return
        self.route(parts, parse_qs(url.query), body)

    def control(self, parts: list[str], body: bytes) -> None:
        if self.command == "POST" and parts == []:
            try:
                self.server.faults.set(json.loads(body or b"{}"))
            except (ValueError, TypeError) as error:
                self.error(400, f"bad control settings: {error}")
                return
            self.send_json(200, {"ok": True})
        elif self.command == "POST" and parts == ["reset"]:
            self.server.store.reset()
            self.server.faults.set({})
            self.send_json(200, {"ok": True})
        elif self.command == "GET" and parts == ["stats"]:
            self.send_json(200, {"requests": self.server.data_requests,
                                 "connections": self.server.connections})
        else:
            self.error(404, "no such control endpoint")

    # The contract ----------------------------------------------------------------------------

    def route(self, parts: list[str], query: dict[str, list[str]], body: bytes) -> None:
        store = self.server.store
        method = self.command
        ident = None
        if len(parts) >= 2:
            try:
                ident = int(parts[1])
            except ValueError:
                self.error(404, f"no resource {'/'.join(parts)}")
                return
        if parts == ["users"] and method == "GET":
            self.list_users(query)
        elif len(parts) == 2 and parts[0] == "users" and method == "GET":
            with store.lock:
                user = store.users.get(ident)
            if user is None:
                self.error(404, f"no user {ident}")
            else:
                self.send_json(200, user)
        elif len(parts) == 2 and parts[0] == "users" and method == "PATCH":
            self.patch_user(ident, body)
        elif len(parts) == 2 and parts[0] == "posts" and method == "GET":
            with store.lock:
                post = store.post(ident)
            if post is None:
                self.error(404, f"no post {ident}")
            else:
                self.send_json(200, post)
        elif len(parts) == 3 and parts[0] == "posts" and parts[2] == "comments" and method == "GET":
            with store.lock:
                known = ident in store.posts
                comments = list(store.comments.get(ident, []))
            if not known:
                self.error(404, f"no post {ident}")
            else:
                self.send_json(200, comments)
        elif len(parts) == 3 and parts[0] == "posts" and parts[2] == "like" and method in ("PUT", "DELETE"):
            liked = method == "PUT"
            with store.lock:
                stored = store.posts.get(ident)
                if stored is not None and stored["likedByCurrentUser"] != liked:
                    stored["likedByCurrentUser"] = liked
                    stored["likesCount"] = max(0, stored["likesCount"] + (1 if liked else -1))
                post = store.post(ident)
            if post is None:
                self.error(404, f"no post {ident}")
            else:
                self.send_json(200, post)
        else:
            self.error(404 if method in ("GET", "PATCH", "PUT", "DELETE") else 405,
                       f"no route {method} /{'/'.join(parts)}")

    def list_users(self, query: dict[str, list[str]]) -> None:
        try:
            page = int(query.get("_page", ["1"])[0])
            limit = int(query.get("_limit", ["10"])[0])
        except ValueError:
            self.error(400, "_page and _limit must be integers")
            return
        if page < 1 or limit < 1:
            self.error(400, "_page and _limit start at 1")
            return
        with self.server.store.lock:
            users = [self.server.store.users[k] for k in sorted(self.server.store.users)]
        if "name_like" in query:
            needle = query["name_like"][0].casefold()
            users = [u for u in users if needle and needle in u["name"].casefold()] \
                if needle.strip() else []
        start = (page - 1) * limit
        self.send_json(200, users[start:start + limit], {"X-Total-Count": str(len(users))})

    def patch_user(self, ident: int | None, body: bytes) -> None:
        try:
            changes = json.loads(body or b"{}")
            if not isinstance(changes, dict):
                raise ValueError("the body is not a JSON object")
            for field in ("name", "email"):
                if field in changes and not isinstance(changes[field], str):
                    raise ValueError(f"{field} must be a string")
        except ValueError as error:
            self.error(422, f"bad user: {error}")
            return
        if "name" in changes and not changes["name"].strip():
            self.error(422, "a user's name must not be empty")
            return
        store = self.server.store
        with store.lock:
            user = store.users.get(ident)
            if user is not None:
                for field in ("name", "email"):
                    if field in changes:
                        user[field] = changes[field]
                user = dict(user)
        if user is None:
            self.error(404, f"no user {ident}")
        else:
            self.send_json(200, user)

    do_GET = do_PATCH = do_PUT = do_DELETE = do_POST = dispatch


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=0, help="0 (default): an ephemeral port")
    parser.add_argument("--port-file", help="write the port here once listening")
    parser.add_argument("--users", type=int, default=45)
    parser.add_argument("--posts", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--latency-ms", type=int, default=0)
    parser.add_argument("--fail-status", type=int, default=0)
    parser.add_argument("--garbage", action="store_true")
    parser.add_argument("--oversize", type=int, default=0, metavar="BYTES")
    parser.add_argument("--drop", action="store_true")
    parser.add_argument("--idle-timeout", type=float, default=30.0)
    parser.add_argument("--max-lifetime", type=float, default=300.0)
    parser.add_argument("--max-requests", type=int, default=100000)
    args = parser.parse_args()

    server = PlaceholderServer(args)
    port = server.server_address[1]
    if args.port_file:
        temporary = f"{args.port_file}.{os.getpid()}.tmp"
        with open(temporary, "w") as handle:
            handle.write(f"{port}\n")
        os.replace(temporary, args.port_file)
    print(f"PORT {port}", flush=True)

    started = time.monotonic()

    def watchdog() -> None:
        while True:
            time.sleep(0.2)
            now = time.monotonic()
            with server.counter_lock:
                idle = now - server.last_request
            if idle > args.idle_timeout or now - started > args.max_lifetime:
                server.shutdown()
                return

    threading.Thread(target=watchdog, daemon=True).start()
    try:
        server.serve_forever(poll_interval=0.1)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
