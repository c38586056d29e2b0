# D1 adds up 256 recorded events and D2 ... D4097 = D1: 4,097 x 256 terms
# pass 2^20 = 1,048,576 at D4097 (line 4098)
awk 'BEGIN { printf "events:"; for (i = 0; i < 256; i++) printf " E%d", i; printf "\nevent: D1 = E0"; for (i = 1; i < 256; i++) printf " + E%d", i; print ""; for (k = 2; k <= 4097; k++) printf "event: D%d = D1\n", k; print "fn=main\n1 1" }' | annogrind --auto=no -
