# The sums of flame_summary_file as TSV "file" rows (self columns only),
# and of a two-event profile (ci/a.cg: no object, so one row named "").
annogrind --summary=file --format=tsv --top=1 flame/prog.cg && annogrind --summary=object --format=tsv ci/a.cg
