#!/bin/sh
# Sets up a fresh machine and builds the bundled site into dist/: npm packages, the compiled CLI, and for the
# tests Debian's Chromium with CJK fonts (browser tests), a Java runtime (the Nu HTML Checker) and nginx (the
# README's server block, test/deploy/nginx.test.ts), installed with apt-get when missing.
set -e
cd "$(dirname "$0")/.."
if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
npm run compile
packages=""
command -v chromium >/dev/null 2>&1 || packages="$packages chromium"
fc-list 2>/dev/null | grep -qi "noto.*cjk" || packages="$packages fonts-noto-cjk"
command -v java >/dev/null 2>&1 || packages="$packages default-jre-headless"
# The link-check tests make a self-signed certificate for their HTTPS server.
command -v openssl >/dev/null 2>&1 || packages="$packages openssl"
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || packages="$packages nginx"
if [ -n "$packages" ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -q && apt-get install -y -q $packages
  elif command -v sudo >/dev/null 2>&1; then
    sudo apt-get update -q && sudo apt-get install -y -q $packages
  else
    echo "note: install Debian's$packages to run the browser, HTML-validity and nginx tests" >&2
  fi
fi
npm run build
