# With no profile argument the first callgrind.out* is read, here the last
# dump of the run, callgrind.out.4242: the warning names the other two.
cd dumps && annogrind --auto=no | sed -n '1p;/TOTALS/p'
