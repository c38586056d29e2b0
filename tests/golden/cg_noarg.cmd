# With no argument and no callgrind.out* in the folder, the first cachegrind.out.* is
# read (one function, main, 5 Ir); a folder with neither is a usage error (exit 2).
cd cachegrind/default && annogrind --no-annotate && cd .. && annogrind; echo "exit $?"
