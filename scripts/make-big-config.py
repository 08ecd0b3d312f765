#!/usr/bin/env python3
"""Writes large kiosk configs into OUTDIR, to time `kiosk check` on them (it must stay linear:
a few seconds for 10 MB, whatever the content).

    scripts/make-big-config.py OUTDIR [--megabytes 10]
    for f in OUTDIR/*.json; do /usr/bin/time -f "%e s %M KB $f" kiosk check "$f" | tail -1; done

Files (every one but big.json is big.json with something hostile added or changed):
  big.json            a realistic config: many screens of labels, sliders and buttons whose actions
                      switch screens, show panels and open popups; it passes `kiosk check`
  unknown-keys.json   one control and one button action with 32,000 unknown keys each
  missing-refs.json   8,000 actions naming screens, panels and popups that do not exist (each a
                      near miss of a real id, so every one looks for a suggestion)
  long-ids.json       screens, panels and popups with ids of 100,000 characters, and actions naming
                      missing ids of that length (one character off)
  long-strings.json   label texts, titles, fonts, keywords and unknown keys of a megabyte, plain
                      and full of escapes
  duplicate-ids.json  every control has the same id
  wide-object.json    one control with 500,000 unknown keys (the parser's duplicate-key check)
  deep.json           values nested 500 deep, many times over
The popup template the configs name is written to OUTDIR/popups/dialog.json.
"""
import argparse, copy, json, os, random

TEMPLATE = {
    "box": {"frame": [200, 110, 400, 260], "cornerRadius": 14, "background": "#222A34",
            "border": "#4A5A6E", "borderWidth": 1},
    "backdrop": "#00000080",
    "title": {"frame": [24, 20, 352, 36], "font": "sans-serif bold 22", "color": "#FFFFFF", "alignment": "center"},
    "text": {"frame": [24, 64, 352, 110], "font": "sans-serif 17", "color": "#C8D2DC", "alignment": "center"},
    "buttons": {"frame": [24, 192, 352, 48], "font": "sans-serif bold 17", "color": "#FFFFFF",
                "background": "#0073F0", "cornerRadius": 10, "spacing": 12},
}

WORDS = ("Price Size Angle Colour Volume Filters Details Menu Help Home Settings Brightness Coffee Milk "
         "Sugar Tea Water Order Pay Cancel Back Next Language हिन्दी नमस्ते Café Größe 価格").split()


def screen_id(i): return f"screen{i:05d}"
def panel_id(i): return f"panel{i:04d}"
def popup_id(i): return f"popup{i:04d}"


def controls(prefix, count, rng, screens, panels, popups, width=800, height=480):
    """`count` controls of every kind; buttons act on random screens, panels and popups."""
    out = []
    for j in range(count):
        cid = f"{prefix}-c{j:02d}"
        x, y = rng.randrange(0, width - 200), rng.randrange(0, height - 60)
        kind = j % 5
        if kind == 0:
            c = {"type": "label", "id": cid, "frame": [x, y, 200, 32],
                 "text": " ".join(rng.choice(WORDS) for _ in range(rng.randrange(1, 6)))}
            if rng.random() < 0.3: c["font"] = "sans-serif bold 20"
            if rng.random() < 0.3: c["alignment"] = rng.choice(["leading", "center", "trailing"])
        elif kind == 1:
            c = {"type": "rangeSlider", "id": cid, "frame": [x, y, 200, 40],
                 "min": 0, "max": 100, "lower": 20, "upper": 80}
        elif kind == 2:
            c = {"type": "circularSlider", "id": cid, "frame": [x, y, 120, 120], "angle": rng.randrange(0, 360)}
        else:
            c = {"type": "button", "id": cid, "frame": [x, y, 160, 56], "title": rng.choice(WORDS)}
            r = rng.random()
            if r < 0.5:
                c["action"] = {"switchScreen": screen_id(rng.randrange(screens)),
                               "transition": rng.choice(["none", "slideUp", "flipFromBottom", "fade"])}
            elif r < 0.7 and panels:
                c["action"] = {"showPanel": panel_id(rng.randrange(panels))}
            elif r < 0.9 and popups:
                c["action"] = {"showPopup": popup_id(rng.randrange(popups))}
            else:
                c["action"] = {"back": True}
        out.append(c)
    return out


def realistic(megabytes, rng):
    # About 2.6 kB per screen of 20 controls (one per line); panels and popups add a tenth.
    screens = max(2, int(megabytes * 1_000_000 / 2800))
    panels, popups = max(1, screens // 20), max(1, screens // 20)
    config = {
        "display": {"rotation": 0, "background": "#101418", "designSize": [800, 480]},
        "theme": {"accent": "#0073F0", "font": "sans-serif 18", "panelCornerRadius": 16},
        "startScreen": screen_id(0),
        "screens": [{"id": screen_id(i), "controls": controls(screen_id(i), 20, rng, screens, panels, popups)}
                    for i in range(screens)],
        "panels": [{"id": panel_id(i), "edge": "bottom", "extent": 0.5,
                    "controls": controls(panel_id(i), 6, rng, screens, panels, popups, height=240)}
                   for i in range(panels)],
        "popups": [{"id": popup_id(i), "template": "popups/dialog.json", "title": rng.choice(WORDS),
                    "text": " ".join(rng.choice(WORDS) for _ in range(12)),
                    "buttons": [{"id": "ok", "title": "Okay"},
                                {"id": "more", "title": "More", "action": {"switchScreen": screen_id(i)}}]}
                   for i in range(popups)],
    }
    return config


def all_controls(config):
    for container in config["screens"] + config["panels"]:
        yield from container["controls"]


def buttons(config):
    return [c for c in all_controls(config) if c["type"] == "button"]


def unknown_keys(config, rng, count=32000):
    # Short keys, some of them near misses of real keys, so that suggestions are looked for.
    def keys(real):
        out = {}
        while len(out) < count:
            base = rng.choice(real) if rng.random() < 0.5 else "".join(rng.choice("abcdefghij") for _ in range(6))
            out[f"{base}{len(out)}"] = len(out)
        return out
    label = next(c for c in all_controls(config) if c["type"] == "label")
    label.update(keys(["colour", "fnt", "txt", "alignmnt", "frme"]))
    button = next(c for c in buttons(config) if "action" in c)
    button["action"].update(keys(["showPanle", "switchScren", "transtion", "duraton"]))


def missing_refs(config, rng, count=8000):
    def near_miss(word):
        # A letter for one digit of the number: one edit away from a real id, never a real id.
        i = rng.randrange(len(word.rstrip("0123456789")), len(word))
        return word[:i] + rng.choice("oOlI") + word[i + 1:]
    chosen = rng.sample([b for b in buttons(config) if "action" in b and "back" not in b["action"]], count)
    for b in chosen:
        (verb, target), = [(k, v) for k, v in b["action"].items() if k != "transition"]
        b["action"][verb] = near_miss(target)


def long_ids(config, rng, length=100_000, count=3):
    def long_id(tag, i): return (tag * length)[:length - 6] + f"{i:06d}"
    for kind, key, tag in (("screens", "switchScreen", "s"), ("panels", "showPanel", "p"), ("popups", "showPopup", "q")):
        for i in range(count):
            config[kind][i]["id"] = long_id(tag, i)
    refs = [b for b in buttons(config) if "action" in b and "back" not in b["action"]]
    for n, b in enumerate(refs[:9 * count]):
        (verb, _), = [(k, v) for k, v in b["action"].items() if k != "transition"]
        tag = {"switchScreen": "s", "showPanel": "p", "showPopup": "q"}[verb]
        b["action"][verb] = long_id(tag, n % count)[:-1] + "x"  # one character off: missing
    config["startScreen"] = config["screens"][0]["id"]


def long_strings(config, rng, length=1_000_000):
    labels = [c for c in all_controls(config) if c["type"] == "label"]
    labels[0]["text"] = "x" * length
    labels[1]["text"] = "é\n\"\t" * (length // 4)  # written with escapes by json.dumps
    labels[2]["text"] = "a\u0301" * (length // 2)  # combining marks
    labels[3]["type"] = "l" + "a" * length  # an unknown control type
    labels[4]["font"] = "sans-serif " * (length // 11)
    labels[5]["colour" * (length // 6)] = 1  # an unknown key
    buttons(config)[0]["title"] = "ब्" * (length // 2)
    config["popups"][0]["text"] = "y" * length


def duplicate_ids(config, rng):
    for c in all_controls(config):
        c["id"] = "same"


def wide_object(config, rng, count=500_000):
    label = next(c for c in all_controls(config) if c["type"] == "label")
    label.update({f"k{i}": i for i in range(count)})


def deep(config, rng, depth=500, count=2000):
    nested = 0
    for _ in range(depth): nested = [nested]
    labels = [c for c in all_controls(config) if c["type"] == "label"]
    for i in range(count):
        labels[i]["frame"] = nested if i % 2 else labels[i]["frame"]
        labels[i]["note"] = {"a": nested}


def write(path, config):
    """One control per line, like a config written by hand."""
    def dump(v): return json.dumps(v, ensure_ascii=False)
    lines = ["{"]
    top = list(config.items())
    for n, (key, value) in enumerate(top):
        comma = "," if n < len(top) - 1 else ""
        if key in ("screens", "panels") or key == "popups":
            lines.append(f"  {dump(key)}: [")
            for m, element in enumerate(value):
                ec = "," if m < len(value) - 1 else ""
                if "controls" in element:
                    head = {k: v for k, v in element.items() if k != "controls"}
                    lines.append("    " + dump(head)[:-1] + ', "controls": [')
                    for k, c in enumerate(element["controls"]):
                        lines.append("      " + dump(c) + ("," if k < len(element["controls"]) - 1 else ""))
                    lines.append("    ]}" + ec)
                else:
                    lines.append("    " + dump(element) + ec)
            lines.append("  ]" + comma)
        else:
            lines.append(f"  {dump(key)}: {dump(value)}{comma}")
    lines.append("}")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("outdir")
    parser.add_argument("--megabytes", type=float, default=10)
    args = parser.parse_args()
    os.makedirs(os.path.join(args.outdir, "popups"), exist_ok=True)
    with open(os.path.join(args.outdir, "popups", "dialog.json"), "w") as f:
        json.dump(TEMPLATE, f, indent=2)
    base = realistic(args.megabytes, random.Random(7))
    variants = {"big": None, "unknown-keys": unknown_keys, "missing-refs": missing_refs, "long-ids": long_ids,
                "long-strings": long_strings, "duplicate-ids": duplicate_ids, "wide-object": wide_object,
                "deep": deep}
    for name, change in variants.items():
        config = copy.deepcopy(base) if change else base
        if change: change(config, random.Random(11))
        path = os.path.join(args.outdir, name + ".json")
        write(path, config)
        print(f"{path}: {os.path.getsize(path) / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
