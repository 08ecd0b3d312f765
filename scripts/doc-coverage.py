#!/usr/bin/env python3
"""Fails when a public symbol of the documented modules has no doc comment.

usage: doc-coverage.py SYMBOL_GRAPH_DIR MODULE...

Reads MODULE.symbols.json and MODULE@Other.symbols.json (the module's extensions of other
modules' types, which are its API too) as `swift package dump-symbol-graph
--minimum-access-level public --skip-synthesized-members` writes them, and prints
`Sources/File.swift:LINE: Type.member (kind)` for each public or open symbol without one.

The rule, and why:
- Counted: every public/open symbol declared in our sources, including enum cases, stored
  properties and initialisers; a reader of the reference meets each of them.
- Documented: the symbol has a doc comment, its own or the one the symbol graph inherits for
  it. A symbol graph inherits a comment only for an implementation of a protocol requirement
  (`description`, `==`, `hash(into:)`, `encode(to:)`, a requirement of our own protocols) and an
  override of a documented superclass member: the requirement's text is what such a member
  does, and repeating it would drift.
- Exempt: symbols with no source location, which the compiler wrote (an enum's
  `init(rawValue:)`, a `Codable` `init(from:)`, `CodingKeys`). Members a type only inherits
  (protocol extension defaults, superclass members) are not in the graph at all
  (--skip-synthesized-members): they are documented where they are declared.
"""
import glob
import json
import os
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    directory, modules = sys.argv[1], sys.argv[2:]
    root = os.getcwd() + "/"
    total = 0
    missing = []
    for module in modules:
        files = glob.glob(os.path.join(directory, module + ".symbols.json"))
        files += glob.glob(os.path.join(directory, module + "@*.symbols.json"))
        if not files:
            sys.exit(f"doc-coverage: no symbol graph for {module} in {directory}")
        for path in files:
            with open(path) as f:
                graph = json.load(f)
            for symbol in graph["symbols"]:
                if symbol["accessLevel"] not in ("public", "open"):
                    continue
                location = symbol.get("location")
                if location is None:
                    continue
                total += 1
                if symbol.get("docComment", {}).get("lines"):
                    continue
                file = location["uri"].removeprefix("file://").removeprefix(root)
                line = location["position"]["line"] + 1  # the graph counts lines from 0
                name = ".".join(symbol["pathComponents"])
                kind = symbol["kind"]["displayName"].lower()
                missing.append((file, line, f"{file}:{line}: {name} ({kind})"))
    for _, _, text in sorted(missing):
        print(text)
    print(f"doc-coverage: {total - len(missing)} of {total} public symbols documented "
          f"in {', '.join(modules)}", file=sys.stderr)
    if missing:
        print(f"doc-coverage: doc comment missing on {len(missing)} public symbol(s), listed above",
              file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
