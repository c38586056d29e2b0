# cfl=/cfi= names are read like fl=/fi=/fe= names: the current folder is
# stripped from them, and a compressed id defined by one is the same file
# for the others.  callgrind_annotate strips fl=/fi=/fe= names only, so it
# shows f and g twice: under the full path with their caller, and under
# the stripped name without it.  Here each is one function:
#   self: t/a.c:main 1, t/b.h:main 2 (inlined code of main in b.h, fi=),
#         t/a.c:f 4, t/b.h:g 3; total 10
#   t/a.c:main -> t/a.c:f (1x): 4;  t/b.h:main -> t/b.h:g (1x): 3
#   inclusive: t/a.c:main 1 + 4 = 5, t/b.h:main 2 + 3 = 5, f 4, g 3
printf '%s\n' 'events: Ir' "fl=(1) $PWD/t/a.c" 'fn=(1) main' '1 1' 'cfl=(1)' 'cfn=(2) f' 'calls=1 5' '2 4' \
	"fi=(2) $PWD/t/b.h" '3 2' 'cfi=(2)' 'cfn=(3) g' 'calls=1 7' '4 3' \
	'fl=(1)' 'fn=(2)' '5 4' 'fl=(2)' 'fn=(3)' '7 3' |
annogrind --inclusive=yes --tree=both --auto=no -
