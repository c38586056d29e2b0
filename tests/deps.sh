#!/bin/sh
# deps.sh build|check: make sure the Debian packages annogrind needs are here.
# As root, missing ones are installed with apt-get; otherwise the exact
# command is printed and the build stops.
set -e
need=""
[ -f /usr/include/uthash.h ] || need="$need uthash-dev"
[ -f /usr/include/zlib.h ] || need="$need zlib1g-dev"
if [ "$1" = check ]; then
	pkg-config --exists check 2>/dev/null || need="$need check pkg-config"
	python3 -c 'import jsonschema' 2>/dev/null || need="$need python3-jsonschema"
	command -v valgrind >/dev/null 2>&1 || need="$need valgrind"
	command -v mandoc >/dev/null 2>&1 || need="$need mandoc"
	command -v zsh >/dev/null 2>&1 || need="$need zsh"
	command -v objdump >/dev/null 2>&1 || need="$need binutils"
	command -v cmark-gfm >/dev/null 2>&1 || need="$need cmark-gfm"
	python3 -c 'import yaml' 2>/dev/null || need="$need python3-yaml"
	command -v dot >/dev/null 2>&1 || need="$need graphviz"
	[ -x /usr/bin/time ] || need="$need time"
	command -v xmllint >/dev/null 2>&1 || need="$need libxml2-utils"
	command -v node >/dev/null 2>&1 || need="$need nodejs"
	command -v chromium >/dev/null 2>&1 || need="$need chromium"
	command -v npm >/dev/null 2>&1 || need="$need npm"
fi
[ -z "$need" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "annogrind: installing$need"
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $need >/dev/null ||
	{ apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $need >/dev/null; }
	exit 0
fi
echo "annogrind: missing Debian packages:$need" >&2
echo "annogrind: install them with: sudo apt-get install$need" >&2
exit 1
