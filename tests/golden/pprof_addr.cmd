# Instruction addresses and two events (pprof/addr.cg, its costs in its
# comment), with a cut at 20% of each total: Ir 9 (47 * 0.2), Dr 2.  main's
# lines (Ir 3, 3, 1; Dr 1) are each under the cut: summed at no line (7 1).
# memset's stack (40 10) is kept, its lines 10 (30 10) and 11 (10 0) over
# the cut, at their lowest addresses; main's frame above it at the call's
# line and address (a.c:5, 0x1006).  Mappings span the address space.
annogrind --format=pprof --threshold=80 pprof/addr.cg | python3 ../tests/pprof/pbdump.py
