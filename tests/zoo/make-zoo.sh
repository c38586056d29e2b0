#!/bin/sh
# make-zoo.sh [NAME...]: profile the zoo's real programs under Valgrind's
# Callgrind and write each profile, gzip -9 -n, into testdata/zoo/, with
# the command that made it in testdata/zoo/MANIFEST.
#
# The zoo is a set of programs nobody here wrote, of distinct shapes:
# threads in one file and in separate files, stripped objects and a plugin,
# interpreters (one with tail-jump dispatch), a compiler, C++ with heavy
# inlining, Rust and Go binaries, and Callgrind's options that change what
# a profile says (--separate-callers, --separate-recs, --dump-before,
# --cache-sim, --branch-sim, --cacheuse, --collect-systime, --dump-instr,
# --collect-jumps).  tests/zoo/check-zoo.py checks annogrind on each;
# "make check" reads the committed profiles and needs none of these
# programs.  With NAMEs only those are made again (MANIFEST keeps the
# others' lines).  Each runs in an empty folder under $ZOO_WORK
# (/tmp/annogrind-zoo), holding only the inputs of tests/zoo/src it names.
#
# To add a program: a case below (its inputs under tests/zoo/src), its
# name in ALL, then "sh tests/zoo/make-zoo.sh NAME" and
# "python3 tests/zoo/check-zoo.py ./annogrind NAME" (doc/hacking.md).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
src=$top/tests/zoo/src
out=$top/testdata/zoo
work=${ZOO_WORK:-/tmp/annogrind-zoo}
ALL="dot-threads dot-sep node-jitless node-sep python3 perl lua cc1 cxx-inline
rg go sqlite3-sim git-systime gzip sort zstd xz-cacheuse mandoc-recs
cmark-callers sed-jumps openssl-dumps jq"

# The Debian packages the zoo's programs come from: only remaking the zoo
# needs them.
need=""
for pair in valgrind:valgrind dot:graphviz node:nodejs /usr/bin/python3:python3 \
	perl:perl lua5.4:lua5.4 gcc:gcc g++:g++ rg:ripgrep go:golang-go \
	sqlite3:sqlite3 git:git gzip:gzip sort:coreutils zstd:zstd xz:xz-utils \
	mandoc:mandoc cmark-gfm:cmark-gfm sed:sed openssl:openssl jq:jq; do
	command -v "${pair%%:*}" >/dev/null 2>&1 || need="$need ${pair#*:}"
done
if [ -n "$need" ]; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "make-zoo: installing$need"
		# shellcheck disable=SC2086
		apt-get update >/dev/null &&
			DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $need >/dev/null
	else
		echo "make-zoo: missing Debian packages:$need" >&2
		echo "make-zoo: install them with: sudo apt-get install$need" >&2
		exit 1
	fi
fi
case $(valgrind --version) in
valgrind-3.19.*) ;;
*) echo "make-zoo: warning: $(valgrind --version), the zoo was made with 3.19" >&2 ;;
esac

# data.txt: 3000 lines of words and numbers, the same on every machine
# (a linear congruential generator in awk)
gen_text() {
	awk 'BEGIN { x = 12345
		split("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu", w, " ")
		for (i = 0; i < 3000; i++) {
			x = (x * 1103515245 + 12345) % 2147483648; a = w[x % 12 + 1]
			x = (x * 1103515245 + 12345) % 2147483648; b = x % 100000
			x = (x * 1103515245 + 12345) % 2147483648; c = w[x % 12 + 1]
			printf "%s %d %s line%d\n", a, b, c, i
		} }' >"$1"
}
# data.json: 2000 objects for jq
gen_json() {
	awk 'BEGIN { printf "["
		for (i = 0; i < 2000; i++)
			printf "%s{\"id\":%d,\"name\":\"item%d\",\"score\":%d,\"tags\":[\"t%d\",\"t%d\"]}", \
				i ? "," : "", i, (i * 7919) % 3001, (i * 37) % 101, i % 7, i % 11
		print "]" }' >"$1"
}

manifest=$out/MANIFEST
mkdir -p "$out" "$work"
[ -f "$manifest" ] || printf '%s\n' \
	"# The zoo's profiles, one a line, tab-separated: NAME, the Debian package" \
	"# and version of the program, the files written (gzip -9 -n), and the" \
	"# command, run in an empty folder holding the inputs it names (see" \
	"# tests/zoo/make-zoo.sh, which made them; valgrind 3.19, Debian 12)." >"$manifest"

# profile NAME PACKAGE VALGRIND-OPTIONS -- COMMAND...: run COMMAND under
# Callgrind in $work/NAME (prepared by the caller), gzip each file it
# wrote into $out and note the command in MANIFEST.  $zenv: variables
# (NAME=VALUE ...) set for that one run.
zenv=""
quote() { # ARG...: the words as a shell would need them, quoted where needed
	for a in "$@"; do
		case $a in
		*[!A-Za-z0-9_./=:,+-]* | "") printf " '%s'" "$(printf '%s' "$a" | sed "s/'/'\\\\''/g")" ;;
		*) printf ' %s' "$a" ;;
		esac
	done
}
profile() {
	name=$1 pkg=$2 vopts=$3
	shift 4
	dir=$work/$name
	rm -f "$out/$name".out*
	cmd="${zenv:+$zenv }valgrind --tool=callgrind ${vopts:+$vopts }--callgrind-out-file=$name.out$(quote "$@")"
	printf 'make-zoo: %s: %s\n' "$name" "$cmd"
	# shellcheck disable=SC2086
	(cd "$dir" && env $zenv valgrind --tool=callgrind $vopts --callgrind-out-file="$name.out" "$@" \
		>"$work/$name.stdout" 2>"$work/$name.stderr") ||
		{ echo "make-zoo: $name failed: see $work/$name.stderr" >&2; exit 1; }
	files=""
	for f in "$dir/$name".out*; do
		# an empty base file beside thread files is not kept
		[ -s "$f" ] || continue
		b=$(basename "$f")
		gzip -9 -n -c "$f" >"$out/$b.gz"
		files="$files $b.gz"
	done
	ver=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null || echo '?')
	grep -v "^$name	" "$manifest" >"$manifest.new" || true
	printf '%s\t%s %s\t%s\t%s\n' "$name" "$pkg" "$ver" "${files# }" "$cmd" >>"$manifest.new"
	mv "$manifest.new" "$manifest"
}

fresh() { # NAME [INPUT...]: an empty folder with these inputs of tests/zoo/src
	d=$work/$1
	shift
	rm -rf "$d"
	mkdir -p "$d"
	for f in "$@"; do cp "$src/$f" "$d/"; done
}

make_one() {
	case $1 in
	dot-threads) # threads in one file (pango's font thread), stripped plugins
		fresh "$1" graph.gv
		profile "$1" graphviz "" -- dot -Tsvg -o /dev/null graph.gv ;;
	dot-sep) # the same, one file per thread
		fresh "$1" graph.gv
		profile "$1" graphviz "--separate-threads=yes" -- dot -Tsvg -o /dev/null graph.gv ;;
	node-jitless) # V8's interpreter: handlers tail-jump; V8's threads in one file
		fresh "$1" work.js
		profile "$1" nodejs "" -- node --jitless work.js ;;
	node-sep) # the same, one file per thread
		fresh "$1" work.js
		profile "$1" nodejs "--separate-threads=yes" -- node --jitless work.js ;;
	python3)
		fresh "$1" work.py
		profile "$1" python3 "" -- /usr/bin/python3 work.py ;;
	perl)
		fresh "$1" work.pl
		profile "$1" perl "" -- perl work.pl ;;
	lua)
		fresh "$1" work.lua
		profile "$1" lua5.4 "" -- lua5.4 work.lua ;;
	cc1) # gcc's compiler proper on a small file (clang's deep stacks of long
		# C++ names give 1.6 GB of folded stacks: too much for make check)
		fresh "$1" small.c
		profile "$1" cpp-12 "" -- "$(gcc -print-prog-name=cc1)" -quiet -O2 small.c -o small.s ;;
	cxx-inline) # C++ -O2 -g: most code inlined from the library's headers
		fresh "$1" inline.cpp
		(cd "$work/$1" && g++ -O2 -g -o inline inline.cpp)
		profile "$1" g++ "" -- ./inline ;;
	rg) # a stripped Rust binary, two threads in one file
		fresh "$1" work.py work.pl work.lua work.js small.c inline.cpp
		gen_text "$work/$1/data.txt"
		profile "$1" ripgrep "" -- rg -j2 -n -c 'gamma [0-9]+|item' . ;;
	go) # a Go binary: its own runtime, goroutines on threads
		fresh "$1" hello.go
		(cd "$work/$1" && GOCACHE=$work/gocache GOFLAGS=-trimpath go build -o hello hello.go)
		# Callgrind 3.19 asserts on the signals of Go's async preemption
		zenv=GODEBUG=asyncpreemptoff=1
		profile "$1" golang-go "" -- ./hello
		zenv="" ;;
	sqlite3-sim) # cache and branch simulation: 13 events
		fresh "$1" work.sql
		profile "$1" sqlite3 "--cache-sim=yes --branch-sim=yes" -- sqlite3 :memory: ".read work.sql" ;;
	git-systime) # system calls counted and timed
		fresh "$1" work.py work.pl work.lua
		(cd "$work/$1" && export GIT_CONFIG_NOSYSTEM=1 HOME="$work/$1" &&
			git init -q && git add work.py && git -c user.name=zoo -c user.email=zoo@invalid commit -q -m one &&
			git add work.pl work.lua && git -c user.name=zoo -c user.email=zoo@invalid commit -q -m two)
		profile "$1" git "--collect-systime=yes" -- git --no-pager log -p --stat ;;
	gzip)
		fresh "$1"
		gen_text "$work/$1/data.txt"
		profile "$1" gzip "" -- gzip -9 -c data.txt ;;
	sort)
		fresh "$1"
		gen_text "$work/$1/data.txt"
		profile "$1" coreutils "" -- sort -k3,3 -k2n data.txt ;;
	zstd)
		fresh "$1"
		gen_text "$work/$1/data.txt"
		profile "$1" zstd "" -- zstd -19 -c data.txt ;;
	xz-cacheuse) # cache use in thread files: summary: lines that say 0
		fresh "$1"
		gen_text "$work/$1/data.txt"
		profile "$1" xz-utils "--cacheuse=yes --separate-threads=yes" -- \
			xz -T2 -1 --block-size=48KiB -c data.txt ;;
	mandoc-recs) # a recursive tree walk, recursion levels up to 'N
		fresh "$1"
		cp "$top/man/annogrind.1" "$work/$1/annogrind.1"
		profile "$1" mandoc "--separate-recs=6" -- mandoc -Tutf8 annogrind.1 ;;
	cmark-callers) # names carry their two callers: f'g'h
		fresh "$1"
		cp "$top/README" "$work/$1/README.md"
		profile "$1" cmark-gfm "--separate-callers=2" -- cmark-gfm -e table README.md ;;
	sed-jumps) # instruction positions and jumps
		fresh "$1"
		gen_text "$work/$1/data.txt"
		profile "$1" sed "--dump-instr=yes --collect-jumps=yes" -- \
			sed -E 's/([a-z]+) ([0-9]+)/\2 \1/; /9 /d' data.txt ;;
	openssl-dumps) # a run in parts: one dump before each digest
		fresh "$1"
		gen_text "$work/$1/data.txt"
		profile "$1" openssl "--dump-before=EVP_DigestInit_ex" -- \
			openssl dgst -sha256 data.txt ;;
	jq) # a bytecode VM
		fresh "$1"
		gen_json "$work/$1/data.json"
		profile "$1" jq "" -- jq -c '[.[] | select(.score > 50) | {name, t: (.tags | join("-"))}] | group_by(.t) | map(length)' data.json ;;
	*) echo "make-zoo: no program named $1; the zoo:" >&2
		echo "$ALL" >&2
		exit 2 ;;
	esac
}

# shellcheck disable=SC2086
[ $# -gt 0 ] || set -- $ALL
for n in "$@"; do
	make_one "$n"
done
LC_ALL=C sort -o "$manifest.new" "$manifest" && mv "$manifest.new" "$manifest"
du -cb "$out"/*.gz | tail -1 | awk '{ printf "make-zoo: %d bytes of profiles\n", $1 }'
