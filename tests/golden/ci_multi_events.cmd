# Profiles with different event lists are an error (exit 3), located at the
# events: line (line 4) of the second file.
annogrind --auto=no ci/a.cg ci/c.cg
