# Sourced by the scripts: puts a Swift toolchain from the usual places on PATH.
if ! command -v swift >/dev/null 2>&1; then
  for d in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
    if [ -x "$d/swift" ]; then PATH="$d:$PATH"; export PATH; break; fi
  done
fi
