#!/usr/bin/env bash
# HexSwarm from a fresh checkout, in one command.
#
#   ./hexswarm.sh            install (into ./.venv) and start the desktop application
#   ./hexswarm.sh test       install the built wheel with its test tools and OpenSpiel (the
#                            bench extra) and run the whole suite
#   ./hexswarm.sh bench      install and print the kernel and search benchmarks
#
# Needs Python >= 3.11 with venv. On Debian/Ubuntu the Qt runtime libraries are installed with
# apt when they are missing (as root directly, otherwise through sudo if it is available).
set -euo pipefail
cd "$(dirname "$0")"

mode="${1:-start}"
shift || true
python="${PYTHON:-python3}"
venv="$(realpath -m "${HEXSWARM_VENV:-.venv}")"

# Libraries the PySide6 wheels load at run time (the offscreen platform needs the first line;
# a real window on X11 needs the rest).
qt_runtime=(libegl1 libgl1 libfontconfig1 libxkbcommon0 libglib2.0-0 libdbus-1-3
            libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0
            libxcb-render-util0 libxcb-randr0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 libxcb-xfixes0)

install_system_packages() {
  command -v dpkg-query >/dev/null || return 0
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then sudo="sudo"; else
      echo "Please install these system packages first: ${missing[*]}" >&2; return 0; fi
  fi
  echo "Installing system packages: ${missing[*]}" >&2
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

make_venv() {
  if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "HexSwarm needs Python 3.11 or newer (found $("$python" --version 2>&1))." >&2; exit 1
  fi
  if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv" || { install_system_packages python3-venv; "$python" -m venv "$venv"; }
    quietly "$venv/bin/python" -m pip install --upgrade pip
  fi
}

# Run a command with its output kept in a log that is shown only when it fails (pip and
# setuptools print pages of notices, warning boxes included, even with -q).
quietly() {
  local log
  log="$(mktemp)"
  if ! "$@" >"$log" 2>&1; then
    cat "$log" >&2; rm -f "$log"; echo "failed: $*" >&2; exit 1
  fi
  rm -f "$log"
}

# Install the project into the venv only when what it is installed from changed: a stamp in the
# venv holds a checksum of pyproject.toml (dependencies, entry points).
# The editable install picks up source changes by itself.
install_once() {
  local stamp="$venv/.hexswarm-installed" wanted
  wanted="editable $(cksum < pyproject.toml)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
    return 0
  fi
  echo "Installing HexSwarm and its dependencies into $venv ..." >&2
  quietly "$venv/bin/python" -m pip install -e .
  echo "$wanted" > "$stamp"
}

case "$mode" in
  start)
    install_system_packages "${qt_runtime[@]}"
    make_venv
    install_once
    exec "$venv/bin/hexswarm" "$@"
    ;;
  test)
    install_system_packages "${qt_runtime[@]}"
    make_venv
    quietly "$venv/bin/python" -m pip install build
    rm -rf dist
    quietly "$venv/bin/python" -m build --wheel --outdir dist .
    # Test the installed wheel, not the checkout: the tests run from a copy elsewhere so the
    # source folders are not importable. (The wheel replaces any editable install: the start
    # mode's stamp is removed so that it installs again.)
    rm -f "$venv/.hexswarm-installed"
    quietly "$venv/bin/python" -m pip install --force-reinstall --no-deps dist/hexswarm-*.whl
    # bench: OpenSpiel, the public peer that the OpenSpiel figures and their test stand on.
    quietly "$venv/bin/python" -m pip install "$(ls dist/hexswarm-*.whl)[test,bench]"
    workdir="$(mktemp -d)"
    trap 'rm -rf "$workdir"' EXIT
    cp -r tests pyproject.toml "$workdir/"
    # The packaging tests read packaging/ and build a wheel from the checkout: name it.
    export HEXSWARM_CHECKOUT="$PWD"
    # Every optional test dependency is installed: a missing one fails instead of skipping.
    export HEXSWARM_FULL_SUITE=1
    cd "$workdir"
    export QT_QPA_PLATFORM=offscreen
    export NUMBA_CACHE_DIR="$workdir/numba-cache"
    "$venv/bin/pytest" -p no:cacheprovider "$@"
    ;;
  bench)
    make_venv
    install_once
    exec "$venv/bin/hexswarm-bench" "$@"
    ;;
  *)
    echo "usage: ./hexswarm.sh [start|test|bench] [arguments]" >&2; exit 2
    ;;
esac
