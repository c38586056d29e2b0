#!/bin/sh
# setup.sh: puppeteer-core for the browser test (tests/html/check-html.js),
# from the npm registry, into a folder outside the checkout
# ($XDG_CACHE_HOME/annogrind or ~/.cache/annogrind; ANNOGRIND_NPM_DIR to
# choose): installed with npm the first time, found there afterwards.  It
# drives Debian's chromium; it downloads no browser of its own.  Prints the
# folder of node modules to set as NODE_PATH, or nothing and the reason on
# standard error.
set -u
version=24.40.0
dir=${ANNOGRIND_NPM_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/annogrind}/puppeteer-core-$version
if [ -f "$dir/node_modules/puppeteer-core/package.json" ]; then
	echo "$dir/node_modules"
	exit 0
fi
command -v node >/dev/null 2>&1 || { echo "node (Debian nodejs) is not installed" >&2; exit 0; }
command -v npm >/dev/null 2>&1 || { echo "npm (Debian npm) is not installed" >&2; exit 0; }
mkdir -p "$dir" || exit 0
# PUPPETEER_SKIP_DOWNLOAD: the test runs the installed chromium, never a downloaded one
if (cd "$dir" && PUPPETEER_SKIP_DOWNLOAD=1 npm install --no-audit --no-fund --loglevel=error \
	"puppeteer-core@$version" >npm.log 2>&1); then
	echo "$dir/node_modules"
else
	echo "npm could not install puppeteer-core@$version (see $dir/npm.log)" >&2
fi
