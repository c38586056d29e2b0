# 300 recorded events, S their sum: more than 256 in one formula (line 2)
awk 'BEGIN { printf "events:"; for (i = 0; i < 300; i++) printf " E%d", i; printf "\nevent: S = E0"; for (i = 1; i < 300; i++) printf " + E%d", i; print "\nfn=main\n1 1" }' | annogrind --auto=no -
