#!/bin/sh
# The man page passes mandoc -Tlint (Debian mandoc, installed by make
# deps; without it the test is counted as skipped).
# "referenced manual not found" depends on the manuals of the machine
# (kcachegrind(1) is seldom installed), so it is not counted.
set -u
name=man
sh tests/deps.sh need $name mandoc || exit 0
out=$(mandoc -Tlint man/annogrind.1 2>&1 |
	grep -v -e 'referenced manual not found' -e 'outdated mandoc.db')
if [ -z "$out" ]; then
	echo "$name: 1 passed, 0 failed"
else
	printf '%s\n' "$out" | sed 's/^/    /'
	echo "FAIL mandoc -Tlint man/annogrind.1"
	echo "$name: 0 passed, 1 failed"
	exit 1
fi
