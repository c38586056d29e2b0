# the inclusive cost of c's calls to d stops fitting at line 13, the
# number of a's calls to b at line 17: the first is reported
printf '%s\n' \
	'events: Ir' \
	'fn=c' \
	'cfn=d' \
	'calls=1 1' \
	'1 18446744073709551615' \
	'fn=a' \
	'cfn=b' \
	'calls=18446744073709551615 1' \
	'1 1' \
	'fn=c' \
	'cfn=d' \
	'calls=1 1' \
	'1 1' \
	'fn=a' \
	'cfn=b' \
	'calls=1 1' \
	'1 1' |
	annogrind --inclusive=yes -
