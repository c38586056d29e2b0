# The same recorded events (Ir Dr), but only the new profile defines
# Sum = Ir + Dr: a diff that shows Sum (by default, every event) is refused
# (exit 3) saying which formula the old profile lacks, with the events
# both have for --show and --sort in the formats for people; the machine
# formats print every event and get no hint.
cd diff && annogrind --diff formula_old.cg formula_new.cg; echo "exit $?"
annogrind --diff --format=json formula_old.cg formula_new.cg; echo "exit $?"
annogrind --diff --format=markdown --show=Sum formula_old.cg formula_new.cg; echo "exit $?"
# Picking events both have compares them: main 1,000 -> 1,100 Ir (+100,
# +10.00%), work 400 -> 300 (-100, -25.00%), Dr the same.  The other way
# round the new profile (formula_old.cg) has no formula, so every event it
# has is in the old one too: compared by default (exit 0).
annogrind --diff --auto=no --show=Ir,Dr --sort=Ir formula_old.cg formula_new.cg; echo "exit $?"
annogrind --diff --auto=no formula_new.cg formula_old.cg; echo "exit $?"
