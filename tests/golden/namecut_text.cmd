# Once an output has written its budget of name bytes (ANNOGRIND_NAME_BUDGET
# for each byte of profile; 0 here: from the start), a name over 256 bytes
# already written whole is cut to its first 64 bytes and a marker.  The
# file, object and template names of testdata/longnames.cg are whole on
# the first row of --tree=caller, cut on every other.
export ANNOGRIND_NAME_BUDGET=0
annogrind --tree=caller --auto=no longnames.cg
