#!/usr/bin/env bash
# Regenerates the xdg-shell client code in Sources/CXdgShell from the system's wayland-protocols
# (Debian: wayland-protocols, libwayland-bin). The output is committed: the package stays at
# tools-version 6.0, whose build plugins cannot generate C (that needs 6.3's experimental
# "experimentalCGen" feature, see shared/notes/swift-c-interop.md §4), and a clean clone builds
# without wayland-scanner. The code depends only on the protocol's XML, which changes rarely;
# run this after a wayland-protocols upgrade and commit the difference.
set -euo pipefail
cd "$(dirname "$0")/.."
protocols=${WAYLAND_PROTOCOLS_DIR:-$(pkg-config --variable=pkgdatadir wayland-protocols)}
xml="${protocols%/}/stable/xdg-shell/xdg-shell.xml"
out=Sources/CXdgShell
wayland-scanner client-header "$xml" "$out/include/xdg-shell-client-protocol.h"
wayland-scanner private-code "$xml" "$out/xdg-shell-protocol.c"
echo "generated from $xml ($(pkg-config --modversion wayland-protocols), $(wayland-scanner --version 2>&1))"
