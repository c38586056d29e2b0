# A glob or limit that picks no function is told the closest names the
# profile has, each written as a pattern that picks it, to copy.
# A stripped sed (stripped/sedmain.cg) has no main: what the C library's
# start calls in sed is '0x0000000000003760 [sed]', then the names that
# hold "main"; a limit says the same.  Exit 2, then 1.
annogrind --auto=no --focus=main stripped/sedmain.cg; echo "exit $?"
annogrind --auto=no --limit=Ir:incl:main=50% stripped/sedmain.cg >/dev/null; echo "exit $?"
# Callgrind's names by the name without context or level (contexts/
# sepcallers.cg), a few letters off ('pars': 'parse'), or holding the
# pattern's words ('parse_main': a context written into it).
annogrind --auto=no --ignore=pars contexts/sepcallers.cg; echo "exit $?"
annogrind --auto=no --hide="parse_main" contexts/sepcallers.cg; echo "exit $?"
annogrind --auto=no --limit='Ir:self:p.c:putt=1%' contexts/sepcallers.cg >/dev/null; echo "exit $?"
annogrind --diff --auto=no --limit='Ir:self:Parse=+1%' contexts/sepcallers.cg contexts/sepcallers_new.cg >/dev/null; echo "exit $?"
# An address with its object; an object form is told objects.
annogrind --auto=no --focus='0x000000000000db7 [libplug.so]' stripped/addr.cg; echo "exit $?"
annogrind --auto=no --hide-object='libplug*' stripped/addr.cg; echo "exit $?"
# Nothing close: the message as before.
annogrind --auto=no --focus=nosuch stripped/addr.cg; echo "exit $?"
