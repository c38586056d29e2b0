# --summary=object on flame/prog.cg (numbers in the file's comment):
# /usr/bin/prog main 10 + parse 40 + vec.h:parse 20 + lex 45 = 115 (62.16%),
# /lib/libc.so.6 malloc 50 + memcpy 15 = 65 (35.14%), ld.so _dl_start 5.
annogrind --summary=object --auto=no flame/prog.cg
