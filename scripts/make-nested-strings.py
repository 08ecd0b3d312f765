#!/usr/bin/env python3
"""Writes a kiosk config whose string files nest deep, to time `kiosk check` on them (it must
stay linear in the files' size: keys are dotted paths of the groups, and a naive reader copies
the whole prefix at every level, and warns about each key with the whole key in the message).

    scripts/make-nested-strings.py OUTDIR [--depth 500] [--name-length 1000]
    /usr/bin/time -v kiosk check OUTDIR/nested.json | tail -3

Files:
  nested.json          a config with one label that uses "@title" and languages en and de
  strings/en.json      "title", then DEPTH groups nested in one another, each named by
                       NAME-LENGTH letters and holding a string nobody uses (a warning each),
                       a string at the bottom
  strings/de.json      "title" only: every key of en.json is missing from it
"""
import argparse, json, os


def nested(depth, name_length):
    # Built inside out, written by hand: json.dumps recurses once per level.
    inner = '"bottom": "unten"'
    for level in reversed(range(depth)):
        name = chr(ord("a") + level % 26) * name_length
        inner = f'"unused{level}": "nobody shows this", "{name}": {{{inner}}}'
    return '{"title": "Title", ' + inner + "}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("outdir")
    parser.add_argument("--depth", type=int, default=500)
    parser.add_argument("--name-length", type=int, default=1000)
    args = parser.parse_args()
    os.makedirs(os.path.join(args.outdir, "strings"), exist_ok=True)
    config = {
        "startScreen": "main",
        "languages": {"default": "en", "files": {"en": "strings/en.json", "de": "strings/de.json"}},
        "screens": [{"id": "main", "controls": [
            {"type": "label", "id": "title", "frame": [20, 20, 400, 40], "text": "@title"}]}],
    }
    with open(os.path.join(args.outdir, "nested.json"), "w") as f:
        json.dump(config, f, indent=2)
    with open(os.path.join(args.outdir, "strings", "en.json"), "w") as f:
        f.write(nested(args.depth, args.name_length) + "\n")
    with open(os.path.join(args.outdir, "strings", "de.json"), "w") as f:
        f.write('{"title": "Titel"}\n')


if __name__ == "__main__":
    main()
