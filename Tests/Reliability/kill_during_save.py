#!/usr/bin/env python3
"""Crash-safety test of the file stores: SIGKILL a writer at random moments.

Runs json_saver (Tests/Reliability/json_saver.c, linked to libmvvm) over and over on one JSON
file (--store json, the default) or one SQLite database (--store sqlite). Each run renames user 1 to "Name <counter>" and saves in a loop, reporting on stdout the
name it is about to save ("saving X") and each name whose "did-save" arrived ("saved X"). The
driver kills the run with SIGKILL after a random delay, then checks:

  * the file still parses as JSON (json.load) and holds version 1 and a list of users; a
    SQLite database opens (read-only, with Python's sqlite3), passes PRAGMA quick_check and
    has a users table;
  * user 1's name is the last committed name (the last "saved" line; before any, the name the
    file held when the run started) or the name of the save in flight (the last "saving" line,
    whose rename may have happened before the kill): old or new state, never anything else;
  * temporary files (".<name>.<uuid>.tmp", or ".<name>.<uuid>.creating" for SQLite, left when
    the kill lands between creating and renaming one) are counted after every kill; at the end a run that saves to completion must
    leave none behind older than the run, i.e. the store cleans up after crashed writers.

Most kills land after the writer reported "ready" (so inside the save loop), some at a random
moment after spawning (during start-up, the first read, or the seeding of a missing file).
The RNG is seeded (--seed, default: from the clock) and the seed is printed, so a failing run
can be replayed.

Usage: kill_during_save.py --saver PATH [--store json|sqlite] [--runs N] [--seed S] [--dir DIR]
Prints "kill-during-save: N kills, N consistent" last; exit status 1 on any inconsistency.
Python 3.11 standard library only.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import random
import re
import select
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time


def read_line(proc: subprocess.Popen[bytes], timeout: float) -> str | None:
    """One line of the child's stdout, or None on EOF or timeout."""
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    if not ready:
        return None
    line = proc.stdout.readline()
    return line.decode("utf-8", "replace").rstrip("\n") if line else None


def user1_name(path: str) -> tuple[str | None, str | None]:
    """(name of user 1, None) or (None, the reason the file is not a valid store)."""
    try:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
    except (OSError, ValueError) as error:
        return None, f"does not parse as JSON: {error}"
    if not isinstance(document, dict) or document.get("version") != 1:
        return None, "no version 1 at the top level"
    users = document.get("users")
    if not isinstance(users, list):
        return None, "no list of users"
    for user in users:
        if isinstance(user, dict) and user.get("id") == 1:
            name = user.get("name")
            return (name, None) if isinstance(name, str) else (None, "user 1 has no name")
    return None, "user 1 is missing"


def sqlite_user1_name(path: str) -> tuple[str | None, str | None]:
    """(name of user 1, None) or (None, the reason the database is not a valid store)."""
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as error:
        return None, f"does not open as a SQLite database: {error}"
    try:
        check = db.execute("PRAGMA quick_check").fetchall()
        if check != [("ok",)]:
            return None, f"quick_check says {check!r}"
        row = db.execute("SELECT name FROM users WHERE id = 1").fetchone()
    except sqlite3.Error as error:
        return None, f"does not read as our SQLite database: {error}"
    finally:
        db.close()
    if row is None:
        return None, "user 1 is missing"
    return (row[0], None) if isinstance(row[0], str) else (None, "user 1 has no name")


def temp_files(path: str, suffix: str = ".tmp") -> list[str]:
    directory, name = os.path.split(path)
    return sorted(glob.glob(os.path.join(glob.escape(directory), f".{glob.escape(name)}.*{suffix}")))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saver", required=True, help="the json_saver program")
    parser.add_argument("--store", choices=("json", "sqlite"), default="json",
                        help="which store the saver writes (default json)")
    parser.add_argument("--runs", type=int, default=300, help="how many runs to kill (default 300)")
    parser.add_argument("--seed", type=int, default=None, help="RNG seed (default: from the clock)")
    parser.add_argument("--dir", default=None, help="folder for the JSON file (default: a new temporary one)")
    parser.add_argument("--max-delay-ms", type=float, default=100.0,
                        help="kills land up to this long after the writer is ready (default 100)")
    args = parser.parse_args()

    seed = args.seed if args.seed is not None else int(time.time_ns() % 2**32)
    rng = random.Random(seed)
    print(f"kill-during-save: {args.store} store, seed {seed} (replay with --seed {seed}), {args.runs} runs",
          flush=True)
    sqlite_store = args.store == "sqlite"
    saver = [args.saver, "--sqlite"] if sqlite_store else [args.saver]
    read_name = sqlite_user1_name if sqlite_store else user1_name
    suffix = ".creating" if sqlite_store else ".tmp"

    own_dir = args.dir is None
    directory = tempfile.mkdtemp(prefix="mvvm-kill-") if own_dir else args.dir
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, "store.sqlite" if sqlite_store else "store.json")
    for stale in (path, path + "-wal", path + "-shm"):
        if os.path.exists(stale):
            os.unlink(stale)
    for leftover in temp_files(path, suffix):
        os.unlink(leftover)

    counter = 1
    kills = consistent = 0
    problems: list[str] = []
    committed: str | None = None  # user 1's name on disk as of the last check (None: no file yet)
    saves_total = 0
    max_temps = 0
    temps_history: list[int] = []
    outcomes = {"no save in flight": 0, "in flight, old state": 0, "in flight, new state": 0}
    started = time.monotonic()

    for run in range(args.runs):
        proc = subprocess.Popen([*saver, path, str(counter)], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        saving: str | None = None
        last_saved: str | None = None
        lines: list[str] = []
        early = rng.random() < 0.15
        if early:
            # Anywhere in start-up: loading the library, preflight, the first read or seeding.
            time.sleep(rng.uniform(0.0, 0.15))
        else:
            line = read_line(proc, 10.0)
            if line is None or not line.startswith("ready "):
                proc.kill()
                proc.wait()
                err = proc.stderr.read().decode("utf-8", "replace") if proc.stderr else ""
                problems.append(f"run {run}: the writer did not become ready (got {line!r}; stderr: {err.strip()!r})")
                break
            lines.append(line)
            time.sleep(rng.uniform(0.0, args.max_delay_ms / 1000.0))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert proc.stdout is not None and proc.stderr is not None
        lines += proc.stdout.read().decode("utf-8", "replace").splitlines()
        err = proc.stderr.read().decode("utf-8", "replace").strip()
        proc.stdout.close()
        proc.stderr.close()
        if proc.returncode != -signal.SIGKILL:
            problems.append(f"run {run}: the writer exited by itself with status {proc.returncode}: {err!r}")
        for line in lines:
            if line.startswith("ready "):
                ready_name = line[len("ready "):]
                if committed is not None and ready_name != committed:
                    problems.append(f"run {run}: the writer loaded {ready_name!r}, the file held {committed!r}")
            elif line.startswith("saving "):
                saving = line[len("saving "):]
                counter = int(saving.split()[-1]) + 1
            elif line.startswith("saved "):
                last_saved = line[len("saved "):]
                saves_total += 1
        kills += 1

        expected_old = last_saved if last_saved is not None else committed
        in_flight = saving if saving is not None and saving != last_saved else None
        if not os.path.exists(path):
            # Only acceptable while the file has never been created (killed while seeding).
            if committed is None and last_saved is None:
                consistent += 1
            else:
                problems.append(f"run {run}: the file is gone (last committed {expected_old!r})")
        else:
            name, reason = read_name(path)
            if reason is not None:
                problems.append(f"run {run}: the file is broken: {reason}")
                broken = os.path.join(directory, f"broken-{run}.{args.store}")
                shutil.copy(path, broken)
                problems.append(f"    kept a copy as {broken}")
                break
            allowed = {n for n in (expected_old, in_flight) if n is not None}
            # Before any save reached the disk the old state is the seeded sample data, whose
            # user 1 has a generated name (never one of ours, "Name <counter>").
            if expected_old is None and name is not None and not re.fullmatch(r"Name \d+", name):
                allowed.add(name)
            if name in allowed:
                consistent += 1
                if in_flight is not None:
                    outcomes["in flight, new state" if name == in_flight else "in flight, old state"] += 1
                else:
                    outcomes["no save in flight"] += 1
                committed = name
            else:
                problems.append(f"run {run}: user 1 is {name!r}; expected {expected_old!r}"
                                f" or the save in flight {in_flight!r}")
                committed = name
        temps = len(temp_files(path, suffix))
        temps_history.append(temps)
        max_temps = max(max_temps, temps)

    elapsed = time.monotonic() - started
    temps_after_kills = len(temp_files(path, suffix))

    # One writer that saves to completion: the store should clean up after crashed writers.
    final = subprocess.run([*saver, path, str(counter), "1"], capture_output=True, timeout=60)
    if final.returncode != 0:
        problems.append(f"the final clean run failed ({final.returncode}): {final.stderr.decode(errors='replace').strip()}")
    else:
        name, reason = read_name(path)
        expected = f"Name {counter}"
        if name != expected:
            problems.append(f"after the final clean run user 1 is {name!r} ({reason}), expected {expected!r}")
    temps_after_clean = len(temp_files(path, suffix))

    print(f"kill-during-save: {saves_total} saves committed across the runs in {elapsed:.1f} s")
    print("kill-during-save: where the kills landed: "
          + ", ".join(f"{what} {count}" for what, count in outcomes.items()))
    print(f"kill-during-save: kills that left a temporary file behind: {sum(1 for t in temps_history if t)}")
    print(f"kill-during-save: temporary files: at most {max_temps} after a kill, "
          f"{temps_after_kills} after the last kill, {temps_after_clean} after a clean open and save")
    if temps_after_clean > 0:
        problems.append(f"{temps_after_clean} temporary file(s) remain after a clean open and save: "
                        "crashed writers' leftovers are never cleaned up")
    for problem in problems:
        print(f"kill-during-save: FAIL {problem}")
    if own_dir and not problems:
        shutil.rmtree(directory, ignore_errors=True)
    print(f"kill-during-save: {kills} kills, {consistent} consistent")
    return 0 if not problems and consistent == kills else 1


if __name__ == "__main__":
    sys.exit(main())
