# An unknown --format value is a usage error that lists the known ones.
annogrind --format=xml ci/a.cg
