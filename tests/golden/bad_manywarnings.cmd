# 30 unrecognized lines: 20 warnings are printed, then the count of the
# other 10; the report is printed (a = 2 Ir)
{ printf 'events: Ir\nfn=a\n'; i=0; while [ $i -lt 30 ]; do i=$((i + 1)); echo "bogus$i"; done; echo '1 2'; } |
	annogrind --auto=no -
