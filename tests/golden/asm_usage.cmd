# --annotate takes asm or none; --disasm yes or no.
annogrind --annotate=source x; echo "exit $?"; annogrind --disasm=maybe x
