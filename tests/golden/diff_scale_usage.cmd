# --scale takes none or total; total needs --diff, and a comparison of
# functions (the flame graph compares stacks); none is the default.  Exit 2
# each; then --scale=none: the counts as measured (exit 0).
cd dumps && annogrind --scale=half --diff callgrind.out.4242 callgrind.out.4343; echo "exit $?"
annogrind --scale=total callgrind.out.4242; echo "exit $?"
annogrind --diff --scale=total --format=flamegraph callgrind.out.4242 callgrind.out.4343; echo "exit $?"
annogrind --diff --auto=no --scale=none callgrind.out.4242 callgrind.out.4343 | grep change; echo "exit $?"
