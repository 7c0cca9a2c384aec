#!/bin/sh
# `npm test`'s first step (its `pretest`): what only the tests need. The test tools (npm's devDependencies:
# vitest, TypeScript, playwright-core, the Nu HTML Checker...) when `npm run setup` left them out, and with
# apt-get, whichever Debian packages are missing: Chromium with CJK fonts (browser tests), a Java runtime (the Nu
# HTML Checker), openssl (the link checker's TLS test) and nginx (test/deploy/nginx.test.ts runs it from a
# temporary configuration). It installs them as root or through sudo; without either it names what is missing
# and how to install it, and stops. No system service is started or enabled. With `tools` (before test:unit and
# test:build, which need no system package) it installs the test tools only.
set -e
cd "$(dirname "$0")/.."
missing_dev=$(node -e 'const fs = require("fs"); const p = JSON.parse(fs.readFileSync("package.json", "utf8"));
  console.log(Object.keys(p.devDependencies || {}).filter((d) => !fs.existsSync(`node_modules/${d}/package.json`)).join(" "))')
if [ -n "$missing_dev" ]; then
  echo "test setup: installing the test tools (npm ci with devDependencies; about 80 s with npm's cache filled)..."
  npm ci --no-audit --no-fund
fi
[ "${1:-}" != tools ] || exit 0
packages=""
command -v chromium >/dev/null 2>&1 || packages="$packages chromium"
fc-list 2>/dev/null | grep -qi "noto.*cjk" || packages="$packages fonts-noto-cjk"
command -v java >/dev/null 2>&1 || packages="$packages default-jre-headless"
command -v openssl >/dev/null 2>&1 || packages="$packages openssl"
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || packages="$packages nginx"
[ -n "$packages" ] || exit 0
if [ "$(id -u)" = 0 ]; then as_root=""
elif command -v sudo >/dev/null 2>&1 && { sudo -n true 2>/dev/null || [ -t 0 ]; }; then as_root="sudo"
else as_root="none"
fi
why=""
command -v apt-get >/dev/null 2>&1 || why="this machine has no apt-get"
[ "$as_root" = none ] && why="${why:-this user is neither root nor allowed to use sudo}"
if [ -n "$why" ]; then
  echo "test setup: the browser, HTML-validity, link-check and nginx tests need the Debian packages$packages," >&2
  echo "which are missing, and $why to install them. Install them as root (apt-get install$packages)" >&2
  echo "and run npm test again, or run the tiers that need none: npm run test:unit and npm run test:build." >&2
  exit 1
fi
echo "test setup: installing$packages with apt-get${as_root:+ through sudo} (a minute or more)..."
# policy-rc.d answering 101 ("action forbidden") keeps the packages' maintainer scripts from starting any service
# during the install; one already there is the machine's own and is left as it is.
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
    # nginx's package enables its boot-time service (and starts it where no policy forbids it): the tests never
    # use it, so it is stopped and disabled again, leaving only the program installed.
    if command -v systemctl >/dev/null 2>&1; then $as_root systemctl disable --now nginx >/dev/null 2>&1 || true; fi
    if command -v update-rc.d >/dev/null 2>&1; then $as_root update-rc.d nginx disable >/dev/null 2>&1 || true; fi
    ;;
esac
