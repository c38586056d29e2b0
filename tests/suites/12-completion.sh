#!/bin/sh
# The shell completions of completion/: bash -n and zsh -n, then bash and
# zsh asked for completions (bash: COMP_WORDS/COMP_CWORD set, _annogrind
# called, COMPREPLY read; zsh: _annogrind called with compadd and _files
# replaced by functions that print what they are given), and every long
# option of annogrind --help offered, so the scripts cannot fall behind
# the program.  zsh is checked only when installed (else counted skipped).
set -u
top=$(pwd)
name=completion
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
pass=0 fail=0 skip=0
export PATH="$top:$PATH"
cd "$top/testdata" || exit 2

# check NAME WANT GOT
check() {
	if [ "$2" = "$3" ]; then pass=$((pass + 1)); else
		echo "FAIL $1"; echo "    want: $2"; echo "    got:  $3"; fail=$((fail + 1)); fi
}

if bash -n "$top/completion/annogrind.bash"; then pass=$((pass + 1)); else
	echo "FAIL bash -n"; fail=$((fail + 1)); fi

# The options --help lists (read here with grep, not the scripts' sed).
help_opts=$(annogrind --help | grep -oE '^ {2,6}(-[A-Za-z], )?--[a-z][a-z-]*' |
	sed 's/.*--/--/' | sort -u | tr '\n' ' ')

# bash: each line of the here-document is a command line, the last word
# being completed ('' an empty one), then "=>" and the words bash offers,
# in its order.
cat >"$tmp/bash-cases" <<'EOC'
annogrind --forma => --format=
annogrind --format = '' => text callgrind dot json tsv markdown folded flamegraph pprof html
annogrind --format = j => json
annogrind --format=j => --format=json
annogrind --tree = calli => calling
annogrind --auto = '' => yes no
annogrind --inclusive = n => no
annogrind spec/spec_simple.cg --show = '' => Cycles Instructions Flops
annogrind spec/spec_simple.cg --sort = Cycles,F => Cycles,Flops
annogrind spec/spec_simple.cg.none --show = '' => 
annogrind -I sp => spec
annogrind --include = sp => spec
annogrind spec/spec_simple.cg --limit = F => Flops= Flops:self: Flops:incl:
annogrind --threshold = '' => 
annogrind spe => spec
EOC
cat >"$tmp/ask.bash" <<'EOB'
. "$1"
while IFS= read -r line; do
	eval "COMP_WORDS=(${line% =>*})"
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	_annogrind
	printf '%s => %s\n' "${line% =>*}" "${COMPREPLY[*]}"
done <"$2"
EOB
bash "$tmp/ask.bash" "$top/completion/annogrind.bash" "$tmp/bash-cases" >"$tmp/bash-got" 2>&1
while IFS= read -r want; do
	got=$(grep -F -x -- "${want% =>*} => ${want#* => }" "$tmp/bash-got" || true)
	if [ -z "$got" ]; then
		echo "FAIL bash: ${want% =>*}"; echo "    want: ${want#* => }"
		echo "    got:  $(grep -F -- "${want% =>*} =>" "$tmp/bash-got" | sed 's/.* => //')"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
done <"$tmp/bash-cases"

# every option of --help, offered by bash for "--" (the '=' dropped)
printf '%s\n' "annogrind -- =>" >"$tmp/dashdash"
bash "$tmp/ask.bash" "$top/completion/annogrind.bash" "$tmp/dashdash" >"$tmp/got" 2>&1
got=$(sed 's/.* => //' "$tmp/got" | tr ' ' '\n' | sed 's/=$//' | grep . | sort -u | tr '\n' ' ')
check "bash offers every option of --help" "$help_opts" "$got"

if ! sh "$top/tests/deps.sh" has zsh; then
	echo "skip: missing Debian package zsh: the zsh completion is not checked"
	skip=$((skip + 3))
else
	if zsh -n "$top/completion/_annogrind"; then pass=$((pass + 1)); else
		echo "FAIL zsh -n"; fail=$((fail + 1)); fi
	cat >"$tmp/ask.zsh" <<'EOZ'
source $1
compadd() { while [[ $1 != -- ]]; do shift; done; shift; print -rn -- "$* " }
compset() { : }
_files() { print -rn -- "<files $*> " }
ask() { words=("$@"); CURRENT=$#; _annogrind; print }
ask annogrind --forma
ask annogrind --format=
ask annogrind --tree=
ask annogrind spec/spec_simple.cg --sort=Cycles,
ask annogrind spec/spec_simple.cg --limit=
ask annogrind -I ''
ask annogrind spe
EOZ
	zsh -f "$tmp/ask.zsh" "$top/completion/_annogrind" >"$tmp/zsh-got" 2>&1
	# compadd is called with what zsh then filters by the typed prefix
	cat >"$tmp/zsh-want" <<'EOW'
--auto= --context= --format= --include= --inclusive= --limit= --mod-filename= --mod-funcname= --row-threshold= --show-percs= --show= --sort= --threshold= --top= --tree=  --diff --help --version 
text callgrind dot json tsv markdown folded flamegraph pprof html 
none caller calling both 
Cycles Instructions Flops 
Cycles= Instructions= Flops= Cycles:self: Instructions:self: Flops:self: Cycles:incl: Instructions:incl: Flops:incl: 
<files -/> 
<files > 
EOW
	# the first line is --help's options: compared with them, not pinned
	got=$(head -1 "$tmp/zsh-got" | tr ' ' '\n' | sed 's/=$//' | grep . | sort -u | tr '\n' ' ')
	check "zsh offers every option of --help" "$help_opts" "$got"
	tail -n +2 "$tmp/zsh-want" >"$tmp/w"; tail -n +2 "$tmp/zsh-got" >"$tmp/g"
	if cmp -s "$tmp/w" "$tmp/g"; then pass=$((pass + 1)); else
		echo "FAIL zsh completions"; diff -u "$tmp/w" "$tmp/g" | sed 's/^/    /'
		fail=$((fail + 1)); fi
fi

if [ $skip -gt 0 ]; then
	echo "$name: $pass passed, $fail failed, $skip skipped"
else
	echo "$name: $pass passed, $fail failed"
fi
[ $fail = 0 ]
