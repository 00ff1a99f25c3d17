#!/usr/bin/env python3
"""The layering check of host/ (docs/architecture.md, "Layers"): every #include of a file under host/ must point
to its own layer or a layer below it, as host/LAYERS declares them. A public header (host/include/qrt/...)
belongs to the layer that LAYERS gives it. Fails, naming each file, line and the two layers, when an include goes
up; and when a folder or a public header is in no layer (so that new code is placed on purpose).

    check_layers.py REPO_ROOT
"""
import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]')


def read_layers(path):
    """LAYERS: one layer a line, bottom first: `NAME: folder/ folder/ qrt/header.hpp qrt/dir/ ...`."""
    order, owner = [], {}
    for number, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        name, _, members = line.partition(":")
        name = name.strip()
        if not members or not name or name in order:
            sys.exit(f"{path}:{number}: expected 'LAYER: member ...' with a new layer name")
        order.append(name)
        for member in members.split():
            if member in owner:
                sys.exit(f"{path}:{number}: {member} is already in layer {owner[member]}")
            owner[member] = name
    return order, owner


def layer_of(key, owner):
    """The layer of a source folder key ('src/run/', 'conformance/') or a public header ('qrt/run.hpp'): the
    longest member that is a prefix of it."""
    best = None
    for member, layer in owner.items():
        if key == member or (member.endswith("/") and key.startswith(member)):
            if best is None or len(member) > len(best[0]):
                best = (member, layer)
    return best[1] if best else None


def main():
    root = pathlib.Path(sys.argv[1])
    host = root / "host"
    order, owner = read_layers(host / "LAYERS")
    rank = {name: i for i, name in enumerate(order)}
    problems = []
    for path in sorted(host.rglob("*")):
        if path.suffix not in (".cpp", ".hpp", ".h", ".c") or not path.is_file():
            continue
        relative = path.relative_to(host).as_posix()
        parts = relative.split("/")
        if parts[0] == "include":
            key = "/".join(parts[1:])  # qrt/run.hpp
        elif parts[0] == "src":
            key = "src/" + parts[1] + ("" if len(parts) == 2 else "/")  # src/error.cpp, src/run/
        else:
            key = parts[0] + "/"  # cli/, conformance/
        own = layer_of(key, owner)
        if own is None:
            problems.append(f"host/{relative}: {key} is in no layer of host/LAYERS")
            continue
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            target = match.group(1)
            if target.startswith(("../", "./")):
                problems.append(f"host/{relative}:{number}: includes {target}: name the folder (\"config/x.hpp\"), not a "
                                f"relative path, so that the layer is visible")
                continue
            if target.startswith("qrt/"):
                if (root / "plugin_api" / "include" / target).is_file():
                    continue  # plugin_api/: below every layer
                target_key = target
            elif "/" in target and (host / "src" / target.split("/", 1)[0]).is_dir():
                target_key = "src/" + target.split("/", 1)[0] + "/"
            else:
                continue  # the standard library, Boost, LLVM, a file of its own folder
            theirs = layer_of(target_key, owner)
            if theirs is None:
                problems.append(f"host/{relative}:{number}: includes {target}, which is in no layer of host/LAYERS")
            elif rank[theirs] > rank[own]:
                problems.append(f"host/{relative}:{number}: includes {target} of layer '{theirs}', above its own '{own}'")
    for message in problems:
        print(message)
    if problems:
        print(f"{len(problems)} include(s) against host/LAYERS (bottom first: {', '.join(order)})")
        return 1
    print(f"host/: every include follows host/LAYERS ({len(order)} layers)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
