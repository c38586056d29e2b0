# --format=pprof of flame/prog.cg, decoded by tests/pprof/pbdump.py (its own
# protobuf reader).  The costs worked out by hand (see the profile's
# comment): main 10, parse 40 and 20 on vec.h:7 (inlined code, a function
# "parse" of vec.h), lex 45, memcpy 15, malloc 50 split 20/30 as the calls
# main -> malloc and parse -> malloc cost, _dl_start 5: 185 in all.
# Callers' frames at the lines of their calls (main.c:2 calls parse, :3
# malloc); mapping 1 is the program (the object of main); without
# addresses no location is in a mapping.
annogrind --format=pprof --threshold=100 flame/prog.cg | python3 ../tests/pprof/pbdump.py
