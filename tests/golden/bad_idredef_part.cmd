# An id holds across parts and a later part may define it again (line 8:
# main -> again), but not twice with two names within one part (line 10)
annogrind bad/idredef_part.cg
