# A limit message names main\x1b]0;pwned\x07 escaped; exit 1.  main's self
# Ir is 10 of 30: 33.33%.
annogrind --auto=no --limit='Ir:self:*main*=5' escape/evil.cg >/dev/null
