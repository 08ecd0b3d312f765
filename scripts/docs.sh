#!/usr/bin/env bash
# Builds the API documentation and fails on any gap: scripts/docs.sh
#   1. symbol graphs of the library modules (public and open symbols only), from SwiftPM's own
#      `swift package dump-symbol-graph`: it reuses the normal debug build (no extra compiler
#      flags, so nothing is rebuilt after scripts/test.sh) and runs swift-symbolgraph-extract per
#      module with the right search paths; SwiftPM's docc plugin is not needed;
#   2. scripts/doc-coverage.py: every public symbol has a doc comment (the rule is there), or it
#      lists `file:line: symbol` for each one that lacks it and fails;
#      then scripts/check-doc-links.py: every relative link and #anchor of the Markdown pages exists, and every backticked repository path (and line);
#   3. `docc convert` of Documentation/SwiftKiosk.docc with all the modules' graphs at once, with
#      --warnings-as-errors (a broken ``link``, an undocumented parameter of a documented
#      function, a misplaced topic all fail).
# One combined convert, not one archive per module plus `docc merge`: the articles link to
# symbols of every module (``KioskUI/Control``, ``KioskConfig/ControlRegistry``), and a link
# across separately built archives resolves only through docc's experimental external-link
# support. docc 6.3 documents several modules in one convert: each module is a root, the
# catalog's landing page is the SwiftKiosk module's page, and the articles hang below it.
# Output: .build/docs/SwiftKiosk.doccarchive, transformed for static hosting (docc's default):
#   python3 -m http.server -d .build/docs/SwiftKiosk.doccarchive 8000
#   open http://localhost:8000/documentation/swiftkiosk
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
scripts/install-deps.sh

# The library surface, every module with public symbols: the app tier (re-exported by
# SwiftKiosk) and the implementor tier (KioskBackend, KioskLoop: SwiftKioskBackend). The rest
# (KioskDevice, KioskInput, KioskFramebuffer, KioskMQTT, KioskFuzzing) is all `package`.
modules=(KioskCore KioskGestures KioskAnimation KioskUI KioskConfig KioskControls KioskRender
         KioskService KioskCLI KioskBackend KioskLoop)
# The products, documented as soon as their modules exist.
for product in SwiftKiosk SwiftKioskTesting SwiftKioskBackend; do
  if [ -d "Sources/$product" ]; then modules+=("$product"); fi
done

out=.build/docs
graphs=$out/symbol-graphs
rm -rf "$out"
mkdir -p "$graphs"

# Where dump-symbol-graph writes, emptied first so that a graph left by an earlier run
# cannot pass for a fresh one.
written=$(dirname "$(swift build --show-bin-path)")/symbolgraph
rm -rf "$written"
# Synthesized members (protocol extension defaults, inherited superclass members) are left out:
# they are documented where they are declared. SwiftPM also extracts the test products' own
# modules (SwiftKioskPackageTests, ...), which exist only after `swift build --build-tests`;
# their failure says nothing about the library, any other failure stops the build.
dump=$(swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members 2>&1) || true
if grep '^error:' <<<"$dump" | grep -qv "for 'SwiftKioskPackage[A-Za-z]*Tests'"; then
  echo "$dump" >&2; echo "docs: symbol graphs could not be made" >&2; exit 1
fi
for module in "${modules[@]}"; do
  if [ ! -e "$written/$module.symbols.json" ]; then
    echo "$dump" >&2; echo "docs: no symbol graph for $module" >&2; exit 1
  fi
  cp "$written/$module".symbols.json "$graphs/"
  # Extensions of other modules' types (Duration, Double, ...) are the module's API too.
  for extension in "$written/$module"@*.symbols.json; do
    if [ -e "$extension" ]; then cp "$extension" "$graphs/"; fi
  done
done

python3 scripts/doc-coverage.py "$graphs" "${modules[@]}"
# Every relative link and #anchor of the Markdown pages (README, CONTRIBUTING, Documentation/, Examples/).
python3 scripts/check-doc-links.py

# Until the SwiftKiosk module exists, its page cannot be the landing page: the catalog is then
# built from a copy whose landing page is a plain technology root with the same text.
catalog=Documentation/SwiftKiosk.docc
if [ ! -d Sources/SwiftKiosk ]; then
  cp -R "$catalog" "$out/SwiftKiosk.docc"
  catalog=$out/SwiftKiosk.docc
  sed -i '1s/.*/# SwiftKiosk\n\n@Metadata {\n  @TechnologyRoot\n}/' "$catalog/SwiftKiosk.md"
fi

# docc ships beside swift in the toolchain, which need not be on PATH by that name.
docc=$(command -v docc || echo "$(dirname "$(readlink -f "$(command -v swift)")")/docc")
log=$out/docc.log
if ! "$docc" convert "$catalog" --additional-symbol-graph-dir "$graphs" \
    --output-path "$out/SwiftKiosk.doccarchive" \
    --fallback-display-name SwiftKiosk --fallback-bundle-identifier org.swiftkiosk \
    --transform-for-static-hosting --warnings-as-errors >"$log" 2>&1 \
  || grep -qE '^(warning|error):' "$log"; then
  cat "$log" >&2
  echo "docs: docc reported problems (above)" >&2
  exit 1
fi
echo "docs: $out/SwiftKiosk.doccarchive (${#modules[@]} modules: ${modules[*]})" >&2
