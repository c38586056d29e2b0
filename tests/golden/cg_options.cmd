# cg_annotate's spellings: --no-show-percs and --no-annotate are --show-percs=no and
# --auto=no: the 5 of one.cgout without " (100.0%)" and no source section.
cd cachegrind && annogrind --no-show-percs --no-annotate one.cgout
