# cfi= names are stripped of the current folder like fl= names, so f is one
# function with its caller (callgrind_annotate shows it twice).
printf 'events: Ir\nfl=%s/t/a.c\nfn=main\n1 1\ncfi=%s/t/a.c\ncfn=f\ncalls=1 5\n2 4\nfn=f\n5 4\n' "$PWD" "$PWD" |
annogrind --inclusive=yes --tree=both --auto=no -
