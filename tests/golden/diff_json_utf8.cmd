# JSON stays valid whatever the bytes of a name: the 0xff of the file name
# (not UTF-8) is written \u00ff, the UTF-8 e-acute of the function name as
# it is.  Self 5 -> 7.
annogrind --diff --format=json diff/utf8_old.cg diff/utf8_new.cg | grep '"file"'
