#!/bin/sh
# Sets up a fresh clone for building and builds the bundled site into dist/: the npm packages the build needs
# (dependencies only; their `prepare` compiles the CLI into lib/), then `hotelsite build` from the image variants
# committed in content/.generated/images. No root, no system package, nothing outside the clone but npm's cache.
# What only the tests need (the test tools, Chromium, Java, nginx, openssl) is `npm test`'s first step:
# bin/test-setup.sh.
set -e
cd "$(dirname "$0")/.."
echo "setup: installing the npm packages the build needs (npm ci --omit=dev; about 20 s with npm's cache filled)..."
if [ -f package-lock.json ]; then npm ci --omit=dev --no-audit --no-fund; else npm install --omit=dev --no-audit --no-fund; fi
echo "setup: building the bundled site into dist/..."
npm run build
