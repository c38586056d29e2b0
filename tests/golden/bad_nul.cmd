# a NUL byte (line 4) anywhere: error; no text profile holds one
annogrind bad/nul.cg
