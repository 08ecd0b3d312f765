#!/usr/bin/env python3
"""Checks the relative links of Markdown files: each target file must exist, and each
#anchor must be a heading of the target (GitHub's slugs: lower case, punctuation dropped,
spaces to hyphens). Usage: scripts/check-doc-links.py [FILE.md ...] (default: README.md,
CONTRIBUTING.md and every .md under Documentation/ and Examples/, outside .build)."""
import os, re, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)

def slug(heading):
    s = heading.strip().lower()
    s = re.sub(r'[`*_]', '', s)
    s = re.sub(r'[^\w\- ]', '', s)
    return s.replace(' ', '-')

def anchors(path):
    out, fence = set(), False
    for line in open(path, encoding='utf-8'):
        if line.startswith('```'): fence = not fence
        if not fence and line.startswith('#'):
            out.add(slug(line.lstrip('#')))
    return out

files = sys.argv[1:] or (['README.md', 'CONTRIBUTING.md'] + sorted(
    os.path.join(d, f) for top in ('Documentation', 'Examples') for d, _, fs in os.walk(top)
    if '.build' not in d for f in fs if f.endswith('.md')))
bad = 0
for md in files:
    text, fence, lines = open(md, encoding='utf-8').read(), False, []
    for n, line in enumerate(text.split('\n'), 1):
        if line.startswith('```'): fence = not fence; continue
        if fence: continue
        line = re.sub(r'`[^`]*`', '', line)
        for target in re.findall(r'\]\(([^)\s]+)\)', line):
            if re.match(r'[a-z]+:', target) or target.startswith('doc:'): continue
            path, _, anchor = target.partition('#')
            full = os.path.normpath(os.path.join(os.path.dirname(md), path)) if path else md
            if not os.path.exists(full):
                print(f'{md}:{n}: {target}: no such file'); bad += 1
            elif anchor and full.endswith('.md') and anchor not in anchors(full):
                print(f'{md}:{n}: {target}: no heading #{anchor}'); bad += 1
sys.exit(1 if bad else 0)
