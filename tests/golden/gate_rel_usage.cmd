# Limits that mean nothing are usage errors (exit 2), before any profile
# is read: a change without --diff; a program total as a percentage of
# itself (always 100%, so Ir=1% would always break and Ir=100% never); a
# drop of more than 100%; a sign without a number.  Growth may pass 100%:
# Ir=+250% is accepted and holds (+2.00%).
annogrind --limit=Ir=+2% gate/new.cg; echo "exit $?"
annogrind --limit=Ir:self:main=-5 gate/new.cg; echo "exit $?"
annogrind --limit=Ir=1% gate/new.cg; echo "exit $?"
annogrind --diff --limit=Ir=100% gate/old.cg gate/new.cg; echo "exit $?"
annogrind --diff --limit=Ir=-101% gate/old.cg gate/new.cg; echo "exit $?"
annogrind --diff --limit=Ir=+ gate/old.cg gate/new.cg; echo "exit $?"
annogrind --diff --limit=Ir=+-5 gate/old.cg gate/new.cg; echo "exit $?"
annogrind --diff --limit=Ir=+250% gate/old.cg gate/new.cg >/dev/null; echo "exit $?"
annogrind --diff --limit=Xx=+5% gate/old.cg gate/new.cg; echo "exit $?"
# A profile that cannot be read wins over limits: exit 3, whatever they say.
annogrind --diff --limit=Ir=+1 gate/old.cg gate/missing.cg; echo "exit $?"
