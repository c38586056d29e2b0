# a 4 MB line: '10', 4,000,000 spaces, '5' is one cost line (line 3):
# main costs 5 Ir; no line buffer splits it (blocks are 32 KiB).
# Generated here, not committed.  (A line may not pass 4 MiB: bad_longline.)
{ printf 'events: Ir\nfn=main\n10'; head -c 4000000 /dev/zero | tr '\0' ' '; printf '5\n'; } |
	annogrind --auto=no -
