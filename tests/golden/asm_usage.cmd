# --annotate takes asm or none; --disasm yes or no; --annotate=asm only with the
# text report and JSON (not tsv, dot, callgrind), with --diff with those and
# Markdown (not tsv), and not with the filtered copy of
# --focus/--ignore/--hide.
annogrind --annotate=source x; echo "exit $?"; annogrind --disasm=maybe x
echo "exit $?"; annogrind --annotate=asm --format=tsv x; echo "exit $?"; annogrind --annotate=asm --diff --format=tsv x y
echo "exit $?"; annogrind --annotate=asm --hide=main x
