# n functions whose names (file, function, object), and the profile's
# creator, cmd and events, hold terminal controls: an OSC window title, an
# OSC 8 link, ESC[2J (clear the screen), CR, a C1 CSI and an RLO bidi
# override.  Run on a pseudo-terminal (util-linux script), the report must
# show them as \xHH and hold no ESC, C1 or RLO byte (escape.h); standard
# error (the pseudo-terminal too) likewise.
about="n names holding terminal controls, on a pseudo-terminal"
sizes="2000 4000"
args="--threshold=100 --tree=both --auto=no --show-percs=no in.cg"
gen() {
	awk -v n="$1" 'BEGIN {
		e = sprintf("%c", 27); bel = sprintf("%c", 7); cr = sprintf("%c", 13)
		rlo = sprintf("%c%c%c", 226, 128, 174); csi = sprintf("%c%c", 194, 155)
		print "version: 1"	# a header line first: a control byte before one is binary data
		print "creator: x" e "]0;title" bel
		print "cmd: ./p" rlo "txt.exe"
		print "events: Ir Dr" e "[8m"
		print "ob=lib" e "]8;;http://x/" e "\\.so"
		for (i = 0; i < n; i++) {
			printf "fl=f%d%s[2J.c\nfn=g%d%s]0;t%s%s%s\n1 1 1\n", i, e, i, e, bel, cr, csi
			if (i) printf "cfn=g%d%s]0;t%s%s%s\ncalls=1 1\n1 1 1\n", i - 1, e, bel, cr, csi
		}
	}' >in.cg
}
run() {
	script -e -q -c "$1 $args" /dev/null </dev/null >raw
	st=$?
	tr -d '\r' <raw >out	# the terminal's own CR LF
	: >err
	return $st
}
check_case() {
	if grep -q "$(printf '\033')" out; then echo "an ESC byte on the terminal"; return 1; fi
	if grep -q "$(printf '\302\233')" out; then echo "a C1 CSI on the terminal"; return 1; fi
	if grep -q "$(printf '\342\200\256')" out; then echo "an RLO on the terminal"; return 1; fi
	grep -qF 'g1\x1b]0;t\x07\x0d\xc2\x9b' out || { echo "no escaped name"; return 1; }
}
