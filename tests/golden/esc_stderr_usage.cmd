# Usage errors quote the command line escaped: an --show event holding
# ESC[2J, then a source file name holding an OSC title (exit 2 each).
annogrind --show="$(printf 'Ir\033[2J')" escape/evil.cg
annogrind "$(printf 'escape/evil.cg')" "$(printf 'x\033]0;t\007.c')"
annogrind --escape=yes escape/evil.cg
