# TSV of hostile names: raw in a file, then \xHH with --escape=always
# (tab, newline, CR and backslash are \t \n \r \\ in both).
annogrind --format=tsv escape/evil.cg
annogrind --format=tsv --escape=always escape/evil.cg
