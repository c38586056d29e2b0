# Messages are escaped always, whatever standard error is: the formula
# error names the event 'E\x1b]0;pwned\x07' (exit 3).
annogrind --escape=never escape/formula.cg
