# A Markdown comparison of profiles that record different events
# (gate/new3.cg adds Bc, see diff_events_common): the header lists each
# side's events, the totals and the table show Ir, the event --show and
# --sort pick; --top=1 keeps the largest change of self Ir, old_helper's
# -500 (as in gate_rel_pass).
annogrind --diff --format=markdown --show=Ir --sort=Ir --top=1 gate/old.cg gate/new3.cg
