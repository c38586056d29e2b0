#!/bin/sh
# deps.sh: the Debian packages the build and the tests need, one line each
# in table() below, and what make does when some are missing.
#
# usage: sh tests/deps.sh MODE [ARG...]
#   build [PKG...]   make, make unit: when a build package (or a PKG) is
#                    missing, name it and the command that installs it,
#                    and exit 1; never installs anything
#   demo             make demo: install the missing build packages
#                    (apt-get, as root); otherwise name them with the
#                    command, and exit 1
#   all              make deps: the same for every package of the table
#   check            make check: as root, as "all"; otherwise exit 1 only
#                    for a missing build package, and for a missing test
#                    package say which tests are skipped and the command,
#                    and go on (exit 0)
#   has PKG...       exit 0 when every PKG is installed, else 1
#   need SUITE PKG...  a suite's first check: when a PKG is missing, print
#                    why SUITE is skipped and "SUITE: 0 passed, 0 failed,
#                    1 skipped", and exit 1 (the suite then exits 0)
#   missing          tests/run.sh's last words: the missing test packages
#                    and the command that installs them, or nothing
# Environment: CC, the compiler make uses (it looks the headers up).
set -u

# One line per package: pkg NAME KIND WHO TEST...: the Debian package
# NAME, needed to build (KIND build) or by the tests only (test), by WHO
# (the targets and suites that need it), installed when the command TEST
# succeeds.  A suite checks for its packages with "need" or "has".
table() {
	pkg uthash-dev build "make (uthash.h)" header uthash.h
	pkg zlib1g-dev build "make (zlib.h)" header zlib.h
	pkg check test "05-unit, 40-sanitize (make unit)" header check.h
	pkg pkg-config test "05-unit, 40-sanitize (make unit)" has_cmd pkg-config
	pkg gcc test "46-diff-source, 46-parts, 12-readme" has_cmd gcc
	pkg clang test "22-views (a view's bytes with another compiler)" has_cmd clang
	pkg g++ test "12-readme (its C++ example), 46-diff-scale" has_cmd g++
	pkg python3 test "the checkers of most suites" has_cmd python3
	pkg python3-jsonschema test "40-ci-json, 42-diff-json" python3 -c 'import jsonschema'
	pkg python3-yaml test "45-ci-baseline (doc/ci.md's jobs)" python3 -c 'import yaml'
	pkg valgrind test "50-memcheck, 46-diff-source, 46-diff-scale, 46-parts, 60-asm, 60-hostile, 43-diff-oracle-read, 45-ci-baseline, 12-readme" has_cmd valgrind
	pkg binutils test "60-asm, 47-diff-asm (objdump, nm)" has_cmd objdump
	pkg mandoc test "12-man" has_cmd mandoc
	pkg zsh test "12-completion" has_cmd zsh
	pkg cmark-gfm test "45-ci-baseline (Markdown)" has_cmd cmark-gfm
	pkg graphviz test "41-diff-dot, 12-readme (dot)" has_cmd dot
	pkg bsdutils test "45-wide (script, a terminal)" has_cmd script
	pkg time test "60-hostile (/usr/bin/time)" test -x /usr/bin/time
	pkg libxml2-utils test "45-flame (xmllint)" has_cmd xmllint
	pkg nodejs test "48-html (node --check, the browser test)" has_cmd node
	pkg chromium test "45-flame, 48-html" has_cmd chromium
	pkg npm test "48-html (puppeteer-core, tests/html/setup.sh)" has_cmd npm
	pkg golang-go test "49-pprof (go tool pprof)" has_cmd go
}

has_cmd() { command -v "$1" >/dev/null 2>&1; }
# The compiler finds the header (where make's build will look for it).
header() { printf '#include <%s>\n' "$1" | ${CC:-cc} -E -x c - >/dev/null 2>&1; }

# scan KINDS [PKG...]: sets miss to the missing packages of KINDS
# ("build", "build test", "none") and of PKG, and why to a line for each
# ("annogrind: missing Debian package P, for WHO").
scan() {
	kinds=$1
	shift
	want=" $* "
	miss="" why="" found=""
	pkg() {
		p=$1 k=$2 w=$3
		shift 3
		case " $kinds " in
		*" $k "*) ;;
		*) case $want in *" $p "*) ;; *) return 0 ;; esac ;;
		esac
		found="$found $p"
		"$@" >/dev/null 2>&1 && return 0
		miss="$miss $p"
		why="${why}annogrind: missing Debian package $p, for $w
"
	}
	table
	for p in $want; do
		case "$found " in
		*" $p "*) ;;
		*) echo "deps.sh: no package $p in its table" >&2; exit 2 ;;
		esac
	done
	them=them
	case $miss in " "*" "*) ;; *) them=it ;; esac
}

# install: apt-get the missing packages as root; 0 when that worked
install() {
	[ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 || return 1
	echo "annogrind: installing$miss" >&2
	# shellcheck disable=SC2086
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $miss >/dev/null ||
	{ apt-get update >/dev/null &&
	  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $miss >/dev/null; } ||
	{ echo "annogrind: apt-get could not install$miss" >&2; return 1; }
}

# tell [WHAT-MAKE-DOES]: the missing packages, what needs them, the command
tell() {
	printf '%s' "$why" >&2
	echo "annogrind: ${1:-}install $them as root with \"make deps\", or with: sudo apt-get install$miss" >&2
}

mode=${1:-}
[ $# -gt 0 ] && shift
case $mode in
build)
	scan build "$@"
	[ -z "$miss" ] && exit 0
	tell
	exit 1 ;;
demo|all)
	if [ "$mode" = demo ]; then scan build; else scan "build test"; fi
	[ -z "$miss" ] && exit 0
	install && exit 0
	tell
	exit 1 ;;
check)
	scan "build test"
	[ -z "$miss" ] && exit 0
	install && exit 0
	scan build
	if [ -n "$miss" ]; then tell; exit 1; fi
	scan test
	tell "make check skips the tests that need $them; "
	exit 0 ;;
has)
	scan none "$@"
	[ -z "$miss" ] ;;
need)
	suite=$1
	shift
	scan none "$@"
	[ -z "$miss" ] && exit 0
	s=s
	[ $them = it ] && s=
	echo "$suite: skipped: missing Debian package$s$miss (make deps installs $them)"
	echo "$suite: 0 passed, 0 failed, 1 skipped"
	exit 1 ;;
missing)
	scan test
	[ -z "$miss" ] && exit 0
	s=s
	[ $them = it ] && s=
	echo "skipped for want of Debian package$s$miss: install $them as root with \"make deps\", or with: sudo apt-get install$miss" ;;
*)
	echo "usage: sh tests/deps.sh build|demo|all|check|has|need|missing [ARG...]" >&2
	exit 2 ;;
esac
