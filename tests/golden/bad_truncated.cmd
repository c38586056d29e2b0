# the last line '4 2' has no newline (callgrind always writes one): a
# warning at line 7, and the line is read as written; hand-written profiles
# (speedscope's) end like this.  main = 100 + 2 = 102 Ir.
annogrind --auto=no bad/truncated.cg
