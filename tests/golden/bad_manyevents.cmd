# an "events:" line of 65,537 names: one more than annogrind takes
awk 'BEGIN { printf "events:"; for (i = 0; i <= 65536; i++) printf " E%d", i; print "\nfn=main\n1 1" }' | annogrind --auto=no -
