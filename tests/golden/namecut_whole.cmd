# testdata/longnames.cg with the default budget (32 name bytes for each
# byte of profile): nothing is cut, as in real reports.
annogrind --tree=caller --auto=no longnames.cg
