#!/usr/bin/env bash
# Build the one-folder Linux bundle dist/HexSwarm/ (runs on a machine without Python).
#   packaging/build_bundle.sh            build with ./.venv (created and filled if missing)
#   packaging/build_bundle.sh --check    build, then start the bundle headless under Xvfb with a
#                                        clean environment and save a screenshot of its window
set -euo pipefail
cd "$(dirname "$0")/.."
venv="$(realpath -m "${HEXSWARM_VENV:-.venv}")"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q . "pyinstaller>=6"
"$venv/bin/pyinstaller" --noconfirm --clean --log-level WARN \
  --distpath dist --workpath build/pyinstaller packaging/hexswarm.spec
echo "bundle: dist/HexSwarm/HexSwarm ($(du -sh dist/HexSwarm | cut -f1))"

if [ "${1:-}" = "--check" ]; then
  command -v xvfb-run >/dev/null || { echo "--check needs xvfb-run (apt-get install xvfb xauth)" >&2; exit 1; }
  home="$(mktemp -d)"
  shot="${2:-docs/screenshots/bundle-first-window.png}"
  for start in cold warm; do
    env -i HOME="$home" PATH=/usr/bin:/bin HEXSWARM_TIMING=1 HEXSWARM_SCREENSHOT="$(realpath -m "$shot")" \
      xvfb-run -a -s "-screen 0 1400x900x24" dist/HexSwarm/HexSwarm 2>&1 | sed "s/^/$start start: /" | grep "first window"
  done
  echo "screenshot: $shot"
fi
