"""Prints, one per line and each once, the functions of one object file that a callgrind
profile saw run, in the order the profile first names them (scripts/start-order.sh).

    python3 callgrind_functions.py CALLGRIND_OUT OBJECT_NAME

callgrind's output names an object (ob=) and a function (fn=) once, with a number, and then
uses the number alone: `fn=(12) name` defines, `fn=(12)` refers back.
"""

from __future__ import annotations

import re
import sys

ENTRY = re.compile(r"^(ob|fn|cob|cfn)=\((\d+)\)(?: (.*))?$")


def functions(path: str, object_name: str) -> list[str]:
    objects: dict[str, str] = {}
    names: dict[str, str] = {}
    current_object = ""
    seen: set[str] = set()
    result: list[str] = []
    for line in open(path, encoding="utf-8", errors="replace"):
        match = ENTRY.match(line.rstrip("\n"))
        if match is None:
            continue
        kind, number, name = match.groups()
        if kind in ("ob", "cob"):
            if name:
                objects[number] = name
            if kind == "ob":
                current_object = objects.get(number, "")
            continue
        if name:
            names[number] = name
        # A function counts where its own costs are listed (fn=), under its object (ob=).
        if kind == "fn" and current_object.endswith("/" + object_name):
            function = names[number]
            # callgrind marks a recursive call's cycle as name'2; unnamed code as 0x....
            function = re.sub(r"'\d+$", "", function)
            if not function.startswith("0x") and function not in seen:
                seen.add(function)
                result.append(function)
    return result


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: callgrind_functions.py CALLGRIND_OUT OBJECT_NAME")
    for function in functions(sys.argv[1], sys.argv[2]):
        print(function)
