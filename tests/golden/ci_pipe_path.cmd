# A profile read from a pipe by its path (/dev/stdin here, /dev/fd/63 for
# a shell's <(zcat p.gz)): no byte lost to the gzip check (the first line
# used to lose its first two bytes), and a pipe after the profile is a
# profile, not sniffed (which would lose what the sniff read).
cat ci/a.cg | annogrind --auto=no /dev/stdin 2>&1 | grep -v '^Profile data file'
gzip -c ci/b.cg | annogrind --auto=no ci/a.cg /dev/stdin | grep 'TOTALS'
annogrind --auto=no ci/a.cg | grep 'TOTALS'
annogrind --auto=no ci/b.cg | grep 'TOTALS'
