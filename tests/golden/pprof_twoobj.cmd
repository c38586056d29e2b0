# A function of one file in two objects (pprof/twoobj.cg, its costs in its
# comment): annogrind keeps it as one, memcpy (libc.c:20) Ir 12, in the
# object of its last fn= line, so its location has no address and no
# mapping (which object an address is in is not kept); main's keep
# theirs (its frame at 0x1008, line 4: the call of most Ir).
annogrind --format=pprof --threshold=100 pprof/twoobj.cg | python3 ../tests/pprof/pbdump.py
