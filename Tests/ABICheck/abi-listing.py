#!/usr/bin/env python3
"""Prints the C ABI that headers declare, one fact a line, sorted: every function's type,
every struct's size and alignment, every field's offset and type, every enum constant's value.

    abi-listing.py CLANG INCLUDE_DIR HEADER...

The facts come from clang's AST of one translation unit including the headers (types as clang
spells them, typedefs resolved to what they name) and from a program compiled against them
(sizes, alignments, offsets). Tests/ABICheck/check-abi-baseline.sh compares a listing of today's
headers with the committed listing of a released version: every line of that one must still
be here (the ABI only grows), except the changes it names.
"""
import json
import re
import os
import subprocess
import sys
import tempfile

clang, include_dir, headers = sys.argv[1], os.path.abspath(sys.argv[2]), [os.path.abspath(h) for h in sys.argv[3:]]
work = tempfile.mkdtemp()
unit = os.path.join(work, "unit.c")
with open(unit, "w") as f:
    f.write("#include <stddef.h>\n#include <stdio.h>\n")
    for header in headers:
        f.write('#include "%s"\n' % header)
ast = json.loads(subprocess.run(
    [clang, "-x", "c", "-std=c11", "-fsyntax-only", "-Xclang", "-ast-dump=json", "-I", include_dir, unit],
    check=True, capture_output=True, text=True).stdout)

facts, structs = set(), {}
def canonical(node):
    t = node.get("type", {})
    spelled = t.get("desugaredQualType", t.get("qualType"))
    # An unnamed member's type is spelled with its place in the file, which is not ABI.
    return re.sub(r"\(unnamed at [^)]*\)", "(unnamed)", spelled)
def walk(node, in_project):
    loc = node.get("loc", {})
    if "file" in loc:  # the AST names a file when it changes
        walk.file = loc["file"]
    own = any(walk.file.endswith("/" + os.path.basename(h)) for h in headers) if walk.file else False
    kind, name = node.get("kind"), node.get("name", "")
    if own and kind == "FunctionDecl":
        facts.add("function %s: %s" % (name, canonical(node)))
    if own and kind == "EnumConstantDecl":
        structs.setdefault(("enum", name), None)
    if own and kind == "RecordDecl" and node.get("completeDefinition") and name:
        structs[("struct", name)] = None
        for field in node.get("inner", []):
            if field.get("kind") == "FieldDecl":
                facts.add("field %s.%s: %s" % (name, field["name"], canonical(field)))
    for child in node.get("inner", []) or []:
        walk(child, in_project)
walk.file = None
walk(ast, False)

# Sizes, offsets and constant values, computed by the compiler.
program = os.path.join(work, "layout.c")
with open(program, "w") as f:
    f.write(open(unit).read())
    f.write("int main(void) {\n")
    for (what, name) in sorted(structs):
        if what == "enum":
            f.write('    printf("constant %s = %%lld\\n", (long long)(%s));\n' % (name, name))
        else:
            f.write('    printf("struct %s: size %%zu, alignment %%zu\\n", sizeof(struct %s), _Alignof(struct %s));\n' % (name, name, name))
    for fact in sorted(facts):
        if fact.startswith("field "):
            struct, field = fact[len("field "):].split(":")[0].split(".")
            f.write('    printf("offset %s.%s = %%zu\\n", offsetof(struct %s, %s));\n' % (struct, field, struct, field))
    f.write("    return 0;\n}\n")
binary = os.path.join(work, "layout")
subprocess.run([clang, "-std=c11", "-w", "-I", include_dir, program, "-o", binary], check=True)
facts.update(subprocess.run([binary], check=True, capture_output=True, text=True).stdout.splitlines())
print("\n".join(sorted(facts)))
