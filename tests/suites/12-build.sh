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
pass=0 fail=0
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

echo "$name: $pass passed, $fail failed"
[ $fail = 0 ]
