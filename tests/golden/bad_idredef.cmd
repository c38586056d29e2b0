# fn=(1) defined as main (line 3), redefined as other (line 5): error
annogrind bad/idredef.cg
