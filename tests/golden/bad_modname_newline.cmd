# a rule that makes a name with a newline: no profile can hold it (the
# --format=callgrind output would break the line); a usage error, exit 2
annogrind --format=callgrind --mod-funcname='s/^main$/ma
in/' demo/callgrind.out.demo
