# The first 60 bytes of a.cg.gz: a clear error, exit 3.
annogrind --auto=no ci/trunc.cg.gz
