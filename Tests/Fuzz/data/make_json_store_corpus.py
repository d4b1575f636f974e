#!/usr/bin/env python3
"""Writes the hand-made seeds of json_store_fuzzer.c into corpus/json_store/ (run once; the
files are committed): a valid store in the library's own format (sorted keys, ISO 8601
dates), one with two pages of users, and broken ones: truncated, wrong types, huge numbers,
deep nesting, inconsistent contents, bad strings."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "corpus", "json_store")


def store(users=3, posts=2, likes=3):
    return {
        "version": 1,
        "users": [{"id": i, "name": f"User {i}", "email": f"u{i}@example.com"} for i in range(1, users + 1)],
        "posts": [
            {"id": p, "title": f"Post {p}", "body": "Body.", "authorId": 1 + p % users,
             "createdAt": "2024-05-01T12:00:00Z", "likesCount": likes, "likedByCurrentUser": p % 2 == 0}
            for p in range(1, posts + 1)
        ],
        "comments": [{"id": c, "postId": 1 + c % posts, "authorName": "Ada", "body": "Nice."}
                     for c in range(1, 4)],
    }


def text(value):
    return (json.dumps(value, indent=2, sort_keys=True) + "\n").encode()


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def main():
    os.makedirs(OUT, exist_ok=True)
    valid = text(store())
    write("valid", valid)
    write("valid-two-pages", text(store(users=23)))
    write("valid-empty", text({"version": 1, "users": [], "posts": [], "comments": []}))
    write("truncated", valid[: len(valid) // 2])
    write("truncated-in-string", valid[: valid.index(b"User 2") + 3])

    wrong = store()
    wrong["users"][0]["id"] = "1"
    wrong["posts"][0]["likesCount"] = True
    wrong["posts"][0]["createdAt"] = 1714564800
    write("wrong-types", text(wrong))
    write("wrong-top-level", b'[{"version": 1}]\n')
    write("null-field", text(store()).replace(b'"name": "User 1"', b'"name": null'))

    huge = store()
    huge["posts"][0]["likesCount"] = 2**63 - 1  # liking it once more overflows an Int
    huge["users"][0]["id"] = 2**63 - 1
    huge["posts"][0]["authorId"] = 2**63 - 1
    write("huge-numbers", text(huge))
    lowest = store()
    lowest["posts"][0]["likesCount"] = -(2**63)
    lowest["posts"][0]["likedByCurrentUser"] = True
    write("lowest-numbers", text(lowest))
    write("number-out-of-range", text(store()).replace(b'"likesCount": 3', b'"likesCount": 1e400', 1))
    write("version-2", text(store()).replace(b'"version": 1', b'"version": 2'))

    depth = 2000  # past the parser's nesting limit (512), and small
    write("deep-nesting", b'{"version": 1, "users": ' + b"[" * depth + b"]" * depth
          + b', "posts": [], "comments": []}\n')
    write("deep-objects", b'{"version": 1, "x": ' + b'{"a": ' * (depth // 3) + b"1" + b"}" * (depth // 3)
          + b', "users": [], "posts": [], "comments": []}\n')

    duplicate = store()
    duplicate["users"][1]["id"] = 1
    write("duplicate-user", text(duplicate))
    orphan = store()
    orphan["comments"][0]["postId"] = 99
    write("orphan-comment", text(orphan))
    write("bad-utf8", text(store()).replace(b"User 1", b"User \xff\xfe 1"))
    write("lone-surrogate", text(store()).replace(b"User 1", b"User \\ud800 1"))
    write("bad-date", text(store()).replace(b"2024-05-01T12:00:00Z", b"yesterday", 1))


if __name__ == "__main__":
    main()
