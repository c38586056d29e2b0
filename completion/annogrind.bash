# annogrind.bash: bash completion for annogrind (installed by make install).
#
# Nothing is listed here that annogrind can say itself, so the script cannot
# fall behind the program: the options come from "annogrind --help", the
# values of an option from its error message ("--format takes text, dot or
# json, not '?'", asked together with --version so that no profile is ever
# read), and the events of --show, --sort and --limit from the "events:"
# line of the profile on the command line (or of the callgrind.out* that
# annogrind would pick).  Works without the bash-completion package.

# The long options of annogrind --help, one a line, "--opt=" when it takes
# a value.  $1: the annogrind to ask.
_annogrind_options()
{
	"$1" --help 2>/dev/null |
		sed -n 's/^ \{2,6\}\(-[A-Za-z], \)\{0,1\}\(--[a-z][a-z-]*=\{0,1\}\).*/\2/p' |
		sort -u
}

# The values an option takes, one a line, from its error message; nothing
# when the option takes free text.  $1: annogrind, $2: "--opt".
_annogrind_values()
{
	"$1" --version "$2=?" 2>&1 >/dev/null |
		sed -n "s/^annogrind: $2 takes \(.*\), not '.*/\1/p" |
		sed 's/ or /, /g; s/'\''//g' | tr ',' '\n' | sed 's/^ *//; s/ *$//' |
		grep -x '[A-Za-z0-9_-]\{1,\}'
}

# The events of a profile, one a line: its "events:" line (gzip or not).
_annogrind_events()
{
	[ -f "$1" ] || return 0
	gzip -dcf -- "$1" 2>/dev/null |
		sed -n '/^events:/{s/^events:[[:space:]]*//p;q;}' | tr -s ' \t' '\n\n' | grep .
}

# The profile named on the command line (the first word that is not an
# option or an -I folder), else the one annogrind would read.
_annogrind_profile()
{
	local i w skip=0
	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		if ((skip)); then skip=0; continue; fi
		case $w in
		-I | --include) skip=1 ;;
		=) skip=1 ;;
		-*) ;;
		*) [ -f "$w" ] && { printf '%s\n' "$w"; return; } ;;
		esac
	done
	for w in callgrind.out*; do
		[ -f "$w" ] && { printf '%s\n' "$w"; return; }
	done
}

_annogrind()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev= opt= val= pre= bin=${COMP_WORDS[0]}
	local list w
	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	command -v "$bin" >/dev/null 2>&1 || bin=annogrind
	COMPREPLY=()

	# the option whose value is completed: "--opt=val" is one word, or three
	# ("--opt" "=" "val") when = is in COMP_WORDBREAKS, as by default
	if [[ $cur == --*=* ]]; then
		opt=${cur%%=*} val=${cur#*=} pre="$opt="
	elif [[ $cur == = && $prev == --* ]]; then
		opt=$prev val=
	elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
		opt=${COMP_WORDS[COMP_CWORD - 2]} val=$cur
	elif [[ $prev == -I || $prev == --include ]]; then
		opt=--include val=$cur
	fi

	if [[ -n $opt ]]; then
		case $opt in
		--include)
			compopt -o filenames 2>/dev/null
			mapfile -t COMPREPLY < <(compgen -d -- "$val")
			;;
		--show | --sort | --limit)
			# a comma-separated list: complete its last item
			local head= last=$val
			[[ $opt != --limit && $val == *,* ]] && head=${val%,*}, last=${val##*,}
			list=$(_annogrind_events "$(_annogrind_profile)")
			if [[ $opt == --limit ]]; then
				# EVENT=MAX or EVENT:self|incl:FUNCTION=MAX
				local limits=
				for w in $list; do limits+=" $w= $w:self: $w:incl:"; done
				list=$limits
			fi
			mapfile -t COMPREPLY < <(compgen -P "$pre$head" -W "$list" -- "$last")
			compopt -o nospace 2>/dev/null
			;;
		*)
			list=$(_annogrind_values "$bin" "$opt")
			mapfile -t COMPREPLY < <(compgen -P "$pre" -W "$list" -- "$val")
			;;
		esac
		return 0
	fi

	if [[ $cur == -* ]]; then
		list=$(_annogrind_options "$bin")
		mapfile -t COMPREPLY < <(compgen -W "$list" -- "$cur")
		# no space after "--opt=": its value follows
		if ((${#COMPREPLY[@]} == 1)) && [[ ${COMPREPLY[0]} == *= ]]; then
			compopt -o nospace 2>/dev/null
		fi
		return 0
	fi
	compopt -o filenames 2>/dev/null
	mapfile -t COMPREPLY < <(compgen -f -- "$cur")
	return 0
}

complete -F _annogrind annogrind
