# a calls b 2^64-1 times, then c calls d as often, c calls d once more at
# line 12 (the first line whose sum does not fit), a calls b once more at
# line 16, and line 19 is a bad count: the loader merges the calls in the
# order of their callers (a before c), and still reports line 12.  (Made
# here, not in testdata/: the lean report keeps no calls, and sees only
# line 19.)
printf '%s\n' \
	'events: Ir' \
	'fn=a' \
	'cfn=b' \
	'calls=18446744073709551615 1' \
	'1 1' \
	'fn=c' \
	'cfn=d' \
	'calls=18446744073709551615 1' \
	'1 1' \
	'cfn=d' \
	'calls=1 1' \
	'1 1' \
	'fn=a' \
	'cfn=b' \
	'calls=1 1' \
	'1 1' \
	'fn=e' \
	'1 1' \
	'2 x' |
	annogrind --tree=calling -
