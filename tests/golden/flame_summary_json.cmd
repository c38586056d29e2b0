# The same sums as flame_summary_object in JSON ("summary", before "functions").
annogrind --summary=object --format=json --top=2 flame/prog.cg
