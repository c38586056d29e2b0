# Folded frames never hold ';' (written ':') or control bytes (written
# '?'); other bytes are written as they are (0xff here).  flame/names.cg.
annogrind --format=folded --threshold=100 flame/names.cg
