# --diff of profiles with other events: the event lists are quoted escaped.
# (The new profile records an event the old one lacks, which the report
# would show by default: an error.  The other way round they compare on Ir,
# the event both have; see diff_events_common.)
annogrind --diff escape/ir.cg escape/evil.cg
