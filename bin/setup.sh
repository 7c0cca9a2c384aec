#!/bin/sh
# Sets up a fresh machine and builds the bundled site into dist/: npm packages, the compiled CLI, and
# Debian's Chromium with CJK fonts for the browser tests (installed with apt-get when missing).
set -e
cd "$(dirname "$0")/.."
if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
npm run compile
if ! command -v chromium >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi "noto.*cjk"; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -q && apt-get install -y -q chromium fonts-noto-cjk
  elif command -v sudo >/dev/null 2>&1; then
    sudo apt-get update -q && sudo apt-get install -y -q chromium fonts-noto-cjk
  else
    echo "note: install Debian's chromium and fonts-noto-cjk to run the browser tests" >&2
  fi
fi
npm run build
