# Two stripped objects with a function at one offset (stripped/addr.cg):
# ???:0x000000000000db70 of libplug.so (self 1,000, called 17 times from
# main, 1,250 with memcpy) and of libfreetype.so.6 (self 30, called once
# from FT_Open_Face, 40 with open) are two functions: two rows, two tree
# blocks, and main's callees are the plugin's only (callgrind_annotate
# keys by name: one row, 1,030 self, 1,290 inclusive, called by both).
annogrind --inclusive=yes --tree=both --auto=no stripped/addr.cg | tail -n +20
# The same in every output: the folded stacks and flame graph frames name
# the object after an address, DOT has two boxes with two edges, TSV two
# rows, --summary=function two names; written back with --format=callgrind
# and read again, the same.
annogrind --format=folded stripped/addr.cg
annogrind --format=dot stripped/addr.cg | grep -e '->' -e 'label="0x'
annogrind --format=tsv stripped/addr.cg | grep 0x
annogrind --auto=no --summary=function stripped/addr.cg | grep 0x | head -n 2
annogrind --format=callgrind stripped/addr.cg | annogrind --inclusive=yes --auto=no - | tail -n 7
# --diff pairs each with its own: the plugin's grew by 100, freetype's did not change.
annogrind --diff --auto=no --show-percs=no stripped/addr.cg stripped/addr_new.cg | grep -e 0x -e '^ *[-+0-9,]* *[-+0-9,]*  *file:function'
# The HTML page's names (table, flame graph frames, panel) and its <noscript>
# table: each address with its object, so two rows, two keys (no flag 8:
# the shown names differ); the flame graph's frames point to rows 1
# (libplug.so's, under main) and 4 (freetype's, under FT_Open_Face, row
# 2), "fn" being the row + 1; a comparison the same.
(PATH=/nonexistent; annogrind --format=html stripped/addr.cg) | grep -e '^"name"' -e '^"flags"' -e '^"flame"' -e '<td><bdi>0x'
(PATH=/nonexistent; annogrind --format=html --diff stripped/addr.cg stripped/addr_new.cg) | grep -e '^"name"' -e '^"flags"'
# An address of no object (stripped/noobj.cg: cob= and ob= empty) is written
# back with an empty cob=, so that it is read back as one function.
annogrind --format=callgrind stripped/noobj.cg | annogrind --inclusive=yes --auto=no - | tail -n 3
# Addresses that only calls name (stripped/callee.cg: no fn= line, so no
# object by callgrind_annotate's rule) are still written with their
# objects: main calls liba.so's 0x1000 twice (40) and libb.so's once (20),
# two tree blocks; --diff (stripped/callee_new.cg, each +10) two rows.
annogrind --inclusive=yes --tree=both --auto=no stripped/callee.cg | tail -n +16
annogrind --diff --inclusive=yes --auto=no --show-percs=no stripped/callee.cg stripped/callee_new.cg | grep 0x
# The same in the annotated source's call lines and the machine code view
# (stripped/calls.cg: calls.c's lines 4 and 5 call liba.so's 0x1000 twice,
# 40, and libb.so's once, 20; the objects are not there).
touch -d '2026-01-01 00:00:00' stripped/calls.c && touch -d '2026-01-02 00:00:00' stripped/calls.cg &&
annogrind --show-percs=no stripped/calls.cg | grep -e '=>'
annogrind --annotate=asm --auto=no --show-percs=no stripped/calls.cg | grep -e '=>' -e 'Machine code: ???' -e 'self cost of ???'
# --diff's annotated source (stripped/calls_new.cg: liba.so's called 3
# times, 40 -> 60; libb.so's the same): a call line per object; its
# machine code, liba.so's function only (the one that changed).
annogrind --diff --show-percs=no stripped/calls.cg stripped/calls_new.cg stripped/calls.c | grep -e '=>'
annogrind --diff --annotate=asm --auto=no --show-percs=no stripped/calls.cg stripped/calls_new.cg | grep -e 'Machine code'
# Its JSON: each call line's callee has its "object".
annogrind --diff --format=json stripped/calls.cg stripped/calls_new.cg stripped/calls.c | grep -o '"name": "0x[0-9a-f]*", "object": "[^"]*", "count": [^}]*}'
