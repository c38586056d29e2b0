# Both profiles define Sum, the new one another way (Ir, against the old
# Ir + Dr): the values of one name mean two things, so a diff that shows
# Sum is refused (exit 3) and says both formulas; picking the events
# both record compares them.  Dr + Ir is Ir + Dr written the other way
# round: the same event, compared by default (exit 0).
cd diff && annogrind --diff formula_new.cg formula_other.cg; echo "exit $?"
annogrind --diff --auto=no --show=Ir --sort=Ir formula_new.cg formula_other.cg | grep -A1 'PROGRAM TOTALS (old)'; echo "exit $?"
annogrind --diff --auto=no formula_new.cg formula_reordered.cg | grep -A2 'PROGRAM TOTALS (old)'; echo "exit $?"
