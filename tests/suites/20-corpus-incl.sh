# No inclusive cost above 100% of the program total, on every profile we have.
exec sh tests/corpus-incl.sh
