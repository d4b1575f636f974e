"""A second process for test_shared_stores.py: saves names to one store many times.

    python store_writer.py KIND PATH PREFIX SAVES ID [ID ...]

KIND is "json" or "sqlite". Each of the users ID... gets a detail screen; the script saves
PREFIX-1, PREFIX-2, ... round-robin over them, SAVES times in all, waiting for each save's
"did-save" (or its error), and prints one JSON line: {"saved": n, "errors": [...],
"last": {id: name}}.
"""

from __future__ import annotations

import json
import sys

import mvvm
import mvvm_seeds


def main(kind: str, path: str, prefix: str, saves: int, ids: list[int]) -> int:
    with mvvm.Runtime() as runtime:
        repo = mvvm_seeds.Repository.json_file(path) if kind == "json" else mvvm_seeds.Repository.sqlite(path, runtime)
        details = {user_id: mvvm_seeds.UserDetail(repo, user_id) for user_id in ids}
        done: list[int] = []
        for detail in details.values():
            detail.connect("did-save", lambda user: done.append(1))
            detail.on_appear()
        if not runtime.run_until(lambda: all(d.user is not None for d in details.values()), 30.0):
            print(json.dumps({"saved": 0, "errors": ["the users did not load"], "last": {}}))
            return 1
        errors: list[str] = []
        last: dict[int, str] = {}
        for n in range(1, saves + 1):
            user_id = ids[n % len(ids)]
            detail = details[user_id]
            name = f"{prefix}-{n}"
            detail.draft_name = name
            before = len(done)
            detail.save()
            runtime.run_until(
                lambda: len(done) > before or (not detail.is_saving and detail.error_message is not None), 30.0)
            if len(done) > before:
                last[user_id] = name
            else:
                errors.append(str(detail.error_message))
        print(json.dumps({"saved": len(done), "errors": errors, "last": last}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), [int(a) for a in sys.argv[5:]]))
