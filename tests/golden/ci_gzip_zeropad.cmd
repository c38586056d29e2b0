# a gzip profile followed by 512 zero bytes (padding, as some copy tools
# and tapes leave): read, with a warning, as gzip -d does
{ gzip -c ci/a.cg; head -c 512 /dev/zero; } | annogrind --auto=no -
