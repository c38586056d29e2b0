#!/bin/sh
# The Makefile: --version names the commit of a checkout and only the
# version without .git; make install stamps it and installs the man page and
# the completions, make uninstall removes them; with make -j the objects
# wait for deps-build.
set -u
top=$(pwd)
name=build
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
pass=0 fail=0 skip=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
version=$(sed -n 's/^#define ANNOGRIND_VERSION "\(.*\)"$/\1/p' src/main.c)

# 1. a checkout: "annogrind VERSION (git DESCRIBE)", DESCRIBE as git says now
${MAKE:-make} -s annogrind >"$tmp/log" 2>&1 || { cat "$tmp/log"; bad "make"; }
if [ -e .git ] && command -v git >/dev/null 2>&1; then
	want="annogrind $version (git $(git describe --always --dirty))"
	got=$(./annogrind --version)
	if [ "$got" = "$want" ]; then ok; else bad "--version: got '$got', want '$want'"; fi
else
	echo "not a git checkout: the commit is not checked"
fi

# 2. no .git (a tarball): the plain version.  Only main.o is built there;
# it is linked with this build's other objects.
mkdir -p "$tmp/tar/tests"
cp -R Makefile src "$tmp/tar/" && cp tests/deps.sh "$tmp/tar/tests/"
if ${MAKE:-make} -s -C "$tmp/tar" build/plain/main.o >"$tmp/log" 2>&1 &&
   ${CC:-cc} -o "$tmp/tar/annogrind" "$tmp/tar/build/plain/main.o" \
	$(ls build/plain/*.o | grep -v '/main\.o$') -pthread -lz -lm >>"$tmp/log" 2>&1; then
	got=$("$tmp/tar/annogrind" --version)
	if [ "$got" = "annogrind $version" ]; then ok; else bad "tarball --version: got '$got'"; fi
else
	cat "$tmp/log"; bad "tarball build"
fi

# 3. make install PREFIX DESTDIR, then make uninstall
d=$tmp/dest
files="usr/bin/annogrind usr/share/man/man1/annogrind.1
usr/share/bash-completion/completions/annogrind usr/share/zsh/site-functions/_annogrind"
if ${MAKE:-make} -s install PREFIX=/usr DESTDIR="$d" >"$tmp/log" 2>&1; then
	for f in $files; do
		if [ -f "$d/$f" ]; then ok; else bad "make install: no $f"; fi
	done
	if [ -e .git ] && command -v git >/dev/null 2>&1; then
		got=$("$d/usr/bin/annogrind" --version)
		case $got in
		"annogrind $version (git "*")") ok ;;
		*) bad "installed --version: '$got'" ;;
		esac
	fi
	${MAKE:-make} -s uninstall PREFIX=/usr DESTDIR="$d" >"$tmp/log" 2>&1 || bad "make uninstall"
	left=$(find "$d" -type f)
	if [ -z "$left" ]; then ok; else bad "make uninstall left: $left"; fi
else
	cat "$tmp/log"; bad "make install"
fi

# 4. make -j: no object is compiled before deps-build has run.  A deps.sh
# that takes a second and a compiler that fails without its mark; no real
# compiling (the compiler only touches its output).
mkdir -p "$tmp/j/tests"
cp -R Makefile src "$tmp/j/" 2>/dev/null
cat >"$tmp/j/tests/deps.sh" <<'EOS'
sleep 1; : >deps.done
EOS
cat >"$tmp/j/fakecc" <<'EOS'
#!/bin/sh
[ -f deps.done ] || { echo "compiled before deps-build: $*" >&2; exit 1; }
while [ $# -gt 1 ]; do [ "$1" = -o ] && : >"$2"; shift; done
EOS
chmod +x "$tmp/j/fakecc"
if ${MAKE:-make} -s -j4 -C "$tmp/j" CC="$tmp/j/fakecc" COMMIT= build/plain/annogrind \
	>"$tmp/log" 2>&1; then ok; else cat "$tmp/log"; bad "make -j4 compiled before deps-build"; fi

# 5. tests/deps.sh as make runs it, in a copy of the tree whose table keeps
# four packages: zlib1g-dev is hidden by a compiler that does not find
# zlib.h until the fake apt-get has "installed" it (apt-get logs its
# arguments), graphviz by a PATH without dot.  Plain make never runs
# apt-get and stops naming the package and the command; make deps and make
# demo install as root, and as another user print the command and stop;
# make check as another user runs the suites it can and says what it
# skipped.  As root the other user is nobody (setpriv); as another user,
# that user, and the runs as root are skipped.
d=$tmp/deps
mkdir -p "$d/tree/tests/suites" "$d/fake" "$d/nodot"
cp -pR Makefile src man "$d/tree/"
cp tests/run.sh "$d/tree/tests/"
cp tests/suites/12-man.sh tests/suites/41-diff-dot.sh "$d/tree/tests/suites/"
sed -E '/^	pkg /{/^	pkg (uthash-dev|zlib1g-dev|mandoc|graphviz) /!d}' tests/deps.sh >"$d/tree/tests/deps.sh"
mkdir -p "$d/tree/build" && cp -pR build/plain "$d/tree/build/"
cp -p annogrind "$d/tree/"
cat >"$d/fake/apt-get" <<EOS
#!/bin/sh
echo "apt-get \$*" >>"$d/apt.log"
[ "\$1" = install ] && : >"$d/installed"
exit 0
EOS
realcc=$(command -v "${CC:-cc}")
cat >"$d/cc" <<EOS
#!/bin/sh
# $realcc without zlib.h until apt-get has run
if [ "\$1" = -E ] && [ ! -f "$d/installed" ]; then
	in=\$(cat)
	case \$in in *zlib.h*) exit 1 ;; esac
	printf '%s\n' "\$in" | exec "$realcc" "\$@"
fi
exec "$realcc" "\$@"
EOS
chmod +x "$d/fake/apt-get" "$d/cc"
# every program of PATH (the first of a name) but dot
for p in $(echo "$PATH" | tr ':' ' '); do
	[ -d "$p" ] && ln -s "$p"/* "$d/nodot/" 2>/dev/null
done
rm -f "$d/nodot/dot"
chmod 755 "$tmp" "$d"
user="" as=""
if [ "$(id -u)" != 0 ]; then
	user=$(id -un)
elif command -v setpriv >/dev/null 2>&1; then
	user=nobody as="setpriv --reuid=65534 --regid=65534 --clear-groups"
	chown -R 65534:65534 "$d"
fi
# deps WANT-STATUS WANT-APT-LOG AS MAKE-ARGS...: run make in the copy (AS:
# root, user), compare what it says (make's own lines left out) with
# $d/want and the apt-get log with WANT-APT-LOG
deps() {
	st=$1 log=$2 who=$3
	shift 3
	what="$who: make $*"
	if [ "$who" = root ] && [ "$(id -u)" != 0 ]; then
		echo "skip $what: not root"; skip=$((skip + 1)); return
	fi
	if [ "$who" = user ] && [ -z "$user" ]; then
		echo "skip $what: no setpriv (Debian util-linux) to run as nobody"; skip=$((skip + 1)); return
	fi
	w=""
	[ "$who" = user ] && w=$as
	: >"$d/apt.log"
	$w env HOME="$d" PATH="${DEPS_PATH:-$d/fake:$PATH}" ${MAKE:-make} -s -C "$d/tree" \
		--no-print-directory "$@" >"$d/got" 2>&1
	got_st=$?
	grep -v '^make' "$d/got" >"$d/got2"
	if [ $got_st != "$st" ]; then
		bad "$what: exit $got_st, want $st"; sed 's/^/    /' "$d/got"
	elif ! cmp -s "$d/want" "$d/got2"; then
		bad "$what: says"; diff -u "$d/want" "$d/got2" | sed 's/^/    /'
	elif [ "$(cat "$d/apt.log")" != "$log" ]; then
		bad "$what: apt-get ran '$(cat "$d/apt.log")', want '$log'"
	else
		ok
	fi
}
if ! sh tests/deps.sh has mandoc graphviz; then
	echo "skip make deps, demo, check: need mandoc and graphviz installed (make deps)"
	skip=$((skip + 5))
else
	cat >"$d/want" <<'EOW'
annogrind: missing Debian package zlib1g-dev, for make (zlib.h)
annogrind: install it as root with "make deps", or with: sudo apt-get install zlib1g-dev
EOW
	deps 2 "" root CC="$d/cc"
	deps 2 "" user CC="$d/cc" demo
	deps 2 "" user CC="$d/cc" deps
	echo "annogrind: installing zlib1g-dev" >"$d/want"
	deps 0 "apt-get install -y --no-install-recommends zlib1g-dev" root CC="$d/cc" deps
	rm -f "$d/installed"
	[ -n "$as" ] && chown -R 65534:65534 "$d"
	cat >"$d/want" <<'EOW'
annogrind: missing Debian package graphviz, for 41-diff-dot, 12-readme (dot)
annogrind: make check skips the tests that need it; install it as root with "make deps", or with: sudo apt-get install graphviz
== 12-man
man: 1 passed, 0 failed
== 41-diff-dot
diff-dot: skipped: missing Debian package graphviz (make deps installs it)
diff-dot: 0 passed, 0 failed, 1 skipped
suites with skipped tests: 41-diff-dot (1)
skipped for want of Debian package graphviz: install it as root with "make deps", or with: sudo apt-get install graphviz
1 passed, 0 failed, 1 skipped
EOW
	DEPS_PATH=$d/nodot deps 0 "" user check
fi

echo "$name: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
