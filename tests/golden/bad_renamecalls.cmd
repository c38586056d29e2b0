# main calls b1 and b2 2^63 times each; renamed to one b, the counts would
# wrap: refused
annogrind --mod-funcname='s/^b[12]$/b/' --tree=calling --auto=no bad/renamecalls.cg
