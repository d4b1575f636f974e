#!/usr/bin/env python3
"""Writes the hand-made seed corpus of api_fuzzer.c into corpus/ (run once; the files are
committed). The byte layout follows run_op() in api_fuzzer.c: one opcode byte, then the
bytes each operation reads."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))

def sample(users=20, page=5, posts=4, comments=2, fail=0):
    return [0, 1, users, page - 1, posts, comments, 1, fail]
def host(mode, cancel=True, posts=True):
    return [1, mode | (4 if cancel else 0) | (0 if posts else 8)]
def slot(k):
    return [3, k]
def vm(which, repo, obj_id=1):   # 0 user list, 1 user detail, 2 post detail, 3 coordinator
    return [2, which] + slot(repo) + [1, obj_id]
def stopwatch():
    return [4, 1, 1]
def sorted_ints(values, seed=7):
    return [4, 0, len(values)] + values + [1, seed]
def connect(k, sig, flags=0, action=0, random_name=False):
    return [7] + slot(k) + [flags | (0x40 if random_name else 0) | (0x80 if flags else 0), sig, action, 1]
def on(k, sub, *args):           # operation `sub` of the object's own type
    return [16] + slot(k) + [7 * sub] + list(args)
def run(n=3):
    return [12, 1] * n
def destroy(k):
    return [5] + slot(k)

seeds = {
    "user_list": sample() + vm(0, 0) + connect(1, 0) + connect(1, 4, flags=1) + connect(1, 2, flags=2)
        + on(1, 0) + run() + on(1, 5, 1) + on(1, 6, 1, 8, 2, 1) + on(1, 2, 1, 8, 3) + on(1, 3, 1, 8, 1)
        + on(1, 1) + run() + destroy(1),
    "user_detail": sample() + vm(1, 0, 3) + connect(1, 0) + connect(1, 7, flags=1) + on(1, 0) + run()
        + on(1, 3, 0) + on(1, 1, 2) + on(1, 1, 4, 5, 0xc3, 0x28, 0x41, 0x42, 0x43) + on(1, 4, 1) + on(1, 2)
        + run() + on(1, 8, 1) + on(1, 9, 1),
    "post_detail": sample() + vm(2, 0, 2) + connect(1, 0, flags=2) + connect(1, 2) + on(1, 0) + run()
        + on(1, 2, 1) + on(1, 3, 1) + on(1, 1) + run() + on(1, 5, 1, 8, 1, 1) + on(1, 7, 1),
    "sorted_integers": sorted_ints([5, 3, 9, 1]) + connect(0, 1) + connect(0, 0, flags=1)
        + on(0, 0) + on(0, 1, 1, 42, 0, 1) + on(0, 2, 1, 0) + on(0, 4, 1, 2, 1) + on(0, 2, 1, 5),
    "stopwatch": stopwatch() + connect(0, 0) + connect(0, 5, flags=2) + on(0, 0) + run(5) + on(0, 1)
        + on(0, 3, 1) + on(0, 8, 1, 1) + on(0, 0) + on(0, 2) + on(0, 7, 1),
    "coordinator": sample() + vm(3, 0) + connect(1, 0) + on(1, 0) + run() + on(1, 2, 1)
        + on(1, 3, 1, 1, 1) + [16, 3, 2, 7 * 3, 1, 8, 1] + on(1, 1) + run(),
    "host_immediate": host(0) + vm(0, 0) + vm(1, 0, 2) + vm(2, 0, 3) + on(1, 0) + on(2, 0) + on(3, 0)
        + run() + on(2, 1, 4) + on(2, 2) + on(3, 1) + run(),
    "host_later": host(3) + vm(0, 0) + vm(2, 0) + on(1, 0) + on(2, 0) + [15, 0, 2] + [15, 0, 0] + run()
        + destroy(1) + [15, 0, 1] + run(),
    "host_never_fail": host(1, posts=False) + host(2) + vm(1, 0) + vm(2, 1) + vm(2, 0) + on(2, 0)
        + on(3, 0) + on(4, 0) + run() + destroy(0),
    "handlers_reenter": sorted_ints([1, 2]) + connect(0, 1, action=1) + connect(0, 0, action=2)
        + connect(0, 1, flags=1, action=3) + connect(0, 0, flags=2, action=0x87) + on(0, 0) + on(0, 0),
    "stale_wrong_type": stopwatch() + sorted_ints([]) + destroy(0) + [6, 1, 0, 1] + on(1, 0)
        + [16, 3, 1, 0x80] + [16, 0, 3] + [16, 2, 9, 3] + [6, 2, 5, 1] + connect(1, 0, random_name=True) + [0x58, 0xff],
    "closures_misc": sample() + vm(0, 0) + [10, 0] + slot(1) + [1, 1] + [10, 1, 0] + [10, 2, 1, 0]
        + [10, 2, 0, 1] + [13, 0, 3] + [13, 1, 9] + [13, 2, 1] + [13, 3, 1] + [13, 4] + [13, 5] + [9, 0, 0] + [11],
    "shutdown_init": sample() + vm(0, 0) + connect(1, 0) + on(1, 0) + [14, 0, 1, 3, 1, 0] + [6, 1, 0, 1] + on(1, 0)
        + vm(0, 0) + run(),
}

os.makedirs(os.path.join(HERE, "corpus"), exist_ok=True)
for name, data in seeds.items():
    with open(os.path.join(HERE, "corpus", name), "wb") as f:
        f.write(bytes(b & 0xFF for b in data))
print(f"{len(seeds)} seeds written")
