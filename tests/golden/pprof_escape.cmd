# Hostile names in --format=pprof: valid UTF-8 always, C0 controls (ESC,
# BEL) '?', the bidi override U+202E the text \xe2\x80\xae, other bytes
# as they are; the event name and the comments too.
annogrind --format=pprof --threshold=100 escape/evil.cg | python3 ../tests/pprof/pbdump.py
