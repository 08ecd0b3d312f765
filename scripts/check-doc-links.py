#!/usr/bin/env python3
"""Checks the relative links of Markdown files: each target file must exist, and each
#anchor must be a heading of the target (GitHub's slugs: lower case, punctuation dropped,
spaces to hyphens). Backticked paths are checked too: one that starts with a top-level
folder of the repository (`Sources/KioskService/Runner/KioskRunner.swift`, `scripts/test.sh`)
must exist, with the line it names (`…/File.swift:42`) inside the file; a bare Swift file
name (`KioskRunner.swift`) must be some tracked file's name. Paths of a kiosk's own files in
examples (`strings/de.json`, `/etc/swiftkiosk/kiosk.json`) start elsewhere and are left alone.
Usage: scripts/check-doc-links.py [FILE.md ...] (default: README.md, CONTRIBUTING.md and
every .md under Documentation/ and Examples/, outside .build)."""
import os, re, subprocess, sys

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

tracked = subprocess.run(['git', 'ls-files'], capture_output=True, text=True).stdout.split()
tops = {t.split('/')[0] for t in tracked if '/' in t}
names = {os.path.basename(t) for t in tracked}
path_pattern = re.compile(r'^([\w.+-]+(?:/[\w.+-]+)*\.[a-z]+|[\w.+-]+(?:/[\w.+-]+)+/?)(?::(\d+))?$')

def backticked_problem(token, md):
    """Why a backticked path does not hold, or None (also for what is not a repository path:
    a placeholder such as `Fuzz/Corpus/TARGET`, a build product under .build)."""
    m = path_pattern.match(token)
    if not m: return None
    path, line = m.group(1), m.group(2)
    if '.build' in path.split('/') or any(re.fullmatch(r'[A-Z][A-Z0-9_]*', part) for part in path.split('/')):
        return None
    if '/' in path:
        # From the repository's top, or from the Markdown file's own folder (an example's README).
        here = os.path.normpath(os.path.join(os.path.dirname(md), path))
        if os.path.exists(here) and os.path.dirname(md): path = here
        elif path.split('/')[0] not in tops: return None
        elif not os.path.exists(path): return 'no such file or folder'
        if line and os.path.isfile(path) and int(line) > sum(1 for _ in open(path, encoding='utf-8', errors='replace')):
            return f'{path} has fewer than {line} lines'
        return None
    if path.endswith('.swift') and path not in names: return 'no tracked file of that name'
    return None

files = sys.argv[1:] or (['README.md', 'CONTRIBUTING.md'] + sorted(
    os.path.join(d, f) for top in ('Documentation', 'Examples') for d, _, fs in os.walk(top)
    if '.build' not in d for f in fs if f.endswith('.md')))
bad = 0
for md in files:
    text, fence, lines = open(md, encoding='utf-8').read(), False, []
    for n, line in enumerate(text.split('\n'), 1):
        if line.startswith('```'): fence = not fence; continue
        if fence: continue
        for token in re.findall(r'`([^`\s]+)`', line):
            problem = backticked_problem(token, md)
            if problem: print(f'{md}:{n}: `{token}`: {problem}'); bad += 1
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
