#!/bin/sh
# Sets up a fresh clone and builds the bundled site into dist/: npm packages (whose `prepare` compiles the CLI
# into lib/), and for the tests Debian's Chromium with CJK fonts (browser tests), a Java runtime (the Nu HTML
# Checker), openssl (the link-check tests' certificate) and nginx (test/deploy/nginx.test.ts runs it from a
# temporary configuration), installed with apt-get when missing. Nothing else on the machine changes: no system
# service is started or enabled, and the build uses the image variants committed in content/.generated/images.
set -e
cd "$(dirname "$0")/.."
if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
packages=""
command -v chromium >/dev/null 2>&1 || packages="$packages chromium"
fc-list 2>/dev/null | grep -qi "noto.*cjk" || packages="$packages fonts-noto-cjk"
command -v java >/dev/null 2>&1 || packages="$packages default-jre-headless"
command -v openssl >/dev/null 2>&1 || packages="$packages openssl"
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || packages="$packages nginx"
if [ -n "$packages" ]; then
  if [ "$(id -u)" = 0 ]; then as_root=""
  elif command -v sudo >/dev/null 2>&1; then as_root="sudo"
  else
    echo "note: install Debian's$packages to run the browser, HTML-validity and nginx tests" >&2
    packages=""
  fi
fi
if [ -n "$packages" ]; then
  # policy-rc.d answering 101 ("action forbidden") keeps the packages' maintainer scripts from starting any
  # service during the install; one already there is the machine's own and is left as it is.
  policy=/usr/sbin/policy-rc.d
  made=""
  if [ ! -e "$policy" ]; then
    $as_root sh -c "printf '#!/bin/sh\nexit 101\n' > $policy && chmod 755 $policy"
    made=1
    trap '$as_root rm -f "$policy"' EXIT
  fi
  $as_root apt-get update -q
  $as_root apt-get install -y -q $packages
  if [ -n "$made" ]; then $as_root rm -f "$policy"; trap - EXIT; fi
  case "$packages" in
    *nginx*)
      # nginx's package enables its boot-time service (and starts it where no policy forbids it): the tests
      # never use it, so it is stopped and disabled again, leaving only the program installed.
      if command -v systemctl >/dev/null 2>&1; then $as_root systemctl disable --now nginx >/dev/null 2>&1 || true; fi
      if command -v update-rc.d >/dev/null 2>&1; then $as_root update-rc.d nginx disable >/dev/null 2>&1 || true; fi
      ;;
  esac
fi
npm run build
