# Source files named on the command line that exist but are not read: each
# says why, before the profile is read (exit 2).
cd hostile-src && annogrind names.cg empty.c /dev/null .
