# n functions, the file and the drawn event named to end a DOT label and add
# a URL ('",URL="javascript:alert(1)",x="'): the event's name was written
# raw, so dot -Tsvg made a javascript: link.  Every label is escaped now.
# Checked on the DOT text (no URL outside a quoted string) and, when
# Graphviz is installed, on the SVG (no href, no javascript: outside the
# text of labels and tooltips).
about="--format=dot of n functions named to inject a javascript: URL"
sizes="500 1000"
args="--format=dot --threshold=100 in.cg"
gen() {
	awk -v n="$1" 'BEGIN {
		q = "\""
		print "events: Ir" q ",URL=" q "javascript:alert(1)" q ",x=" q
		print "fl=a.c" q ",URL=" q "javascript:alert(2)" q ",x=" q
		for (i = 0; i < n; i++) {
			printf "fn=f%d\\%s,URL=%sjavascript:alert(3)%s,x=%s\\\n1 1\n", i, q, q, q, q
			if (i) printf "cfn=f%d\\%s,URL=%sjavascript:alert(3)%s,x=%s\\\ncalls=1 1\n1 1\n", i - 1, q, q, q, q
		}
	}' >in.cg
}
check_case() {
	# the DOT text without its quoted strings: no attribute came out of one
	awk '{
		s = $0; o = ""; inq = 0
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (inq && c == "\\") { i++; continue }
			if (c == "\"") { inq = !inq; continue }
			if (!inq) o = o c
		}
		print o
	}' out | grep -q 'URL' && { echo "a URL attribute outside a label"; return 1; }
	command -v dot >/dev/null 2>&1 || return 0
	dot -Tsvg out >svg 2>dot.err || { echo "dot failed: $(head -c 200 dot.err)"; return 1; }
	! grep -q href svg || { echo "a link in the SVG"; return 1; }
	# the names are shown: in text, titles and tooltips (xlink:title), nowhere else
	sed -e 's|<text[^>]*>[^<]*</text>||g' -e 's|<title>[^<]*</title>||g' \
	    -e 's|xlink:title="[^"]*"||g' svg | grep -q 'javascript:' &&
		{ echo "javascript: outside the label text"; return 1; }
	return 0
}
