# a reader that stops early (head): no message, exit 0.  The profile has
# 20000 functions, so the report (about 900 KB) is far more than a pipe holds.
{ awk 'BEGIN { print "events: Ir"; for (i = 1; i <= 20000; i++) { print "fn=f" i; print "1 " i } }' |
	annogrind --auto=no --threshold=100 -; echo "annogrind exit $?" >&2; } | head -3
