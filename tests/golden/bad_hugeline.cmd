# a 100 MB line: '10', 100,000,000 spaces, '5' is one cost line (line 3):
# main costs 5 Ir; no line buffer splits it.  Generated here, not committed.
{ printf 'events: Ir\nfn=main\n10'; head -c 100000000 /dev/zero | tr '\0' ' '; printf '5\n'; } |
	annogrind --auto=no -
