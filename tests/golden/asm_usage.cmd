# --annotate takes asm or none; --disasm yes or no; --annotate=asm only with the
# text report and JSON (not tsv, dot, callgrind, --diff).
annogrind --annotate=source x; echo "exit $?"; annogrind --disasm=maybe x
echo "exit $?"; annogrind --annotate=asm --format=tsv x; echo "exit $?"; annogrind --annotate=asm --diff x y
