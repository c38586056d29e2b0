# --diff of profiles with other events: the event lists are quoted escaped.
annogrind --diff escape/evil.cg escape/ir.cg
