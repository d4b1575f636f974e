"""The live viewer: ``python3 -m mvvm.inspect --socket PATH`` shows the objects of a running
host (one that called ``mvvm_debug_serve()`` / ``runtime.serve()``), their properties, list
counts and handlers, refreshed twice a second, with the journal's last lines. ``--once``
prints one view and exits (for scripts and tests)."""

from __future__ import annotations

import argparse
import json
import socket
import sys
import time
from typing import Any


def ask(path: str, request: str, timeout: float = 10.0) -> str:
    """Sends ``request`` ("snapshot", "tail N") to the socket at ``path``; the reply without
    its closing blank line."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.settimeout(timeout)
        connection.connect(path)
        connection.sendall(request.encode() + b"\n")
        chunks = []
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
    return b"".join(chunks).decode("utf-8", "replace").rstrip("\n")


def render(snapshot: dict[str, Any], tail: list[str]) -> str:
    """One view: an object per paragraph, then the journal's tail."""
    lines: list[str] = []
    objects = snapshot.get("objects", [])
    lines.append(f"{len(objects)} live objects, {len(snapshot.get('requests', []))} pending requests")
    for entry in objects:
        handle = entry["object"]["object"] if isinstance(entry.get("object"), dict) else entry.get("object")
        owned = " (owned)" if entry.get("owned") else ""
        lines.append(f"\n{entry['type']} {handle:#x}{owned}")
        for name, value in entry.get("properties", {}).items():
            lines.append(f"  {name} = {json.dumps(value)}")
        for name, count in entry.get("lists", {}).items():
            lines.append(f"  {name}: {json.dumps(count)} items")
        for connection in entry.get("connections", []):
            lines.append(f"  handler {connection['id']} on {connection['signal']}")
    if tail:
        lines.append("\njournal:")
        lines.extend("  " + line[:200] for line in tail)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m mvvm.inspect", description="Shows a running mvvm host's objects.")
    parser.add_argument("--socket", required=True, help="the path mvvm_debug_serve() gave")
    parser.add_argument("--once", action="store_true", help="print one view and exit")
    parser.add_argument("--tail", type=int, default=10, help="journal lines to show")
    arguments = parser.parse_args(argv)
    while True:
        try:
            snapshot = json.loads(ask(arguments.socket, "snapshot"))
            tail_text = ask(arguments.socket, f"tail {arguments.tail}")
        except (OSError, ValueError) as error:
            print(f"mvvm.inspect: {arguments.socket}: {error}", file=sys.stderr)
            return 1
        tail = [] if tail_text.startswith("error:") else tail_text.splitlines()
        view = render(snapshot, tail)
        if arguments.once:
            print(view)
            return 0
        sys.stdout.write("\x1b[H\x1b[2J" + view + "\n")
        sys.stdout.flush()
        time.sleep(0.5)


if __name__ == "__main__":
    sys.exit(main())
