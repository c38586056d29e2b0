# Check unit tests of the loader's pieces, events, options and number formats.
exec ${MAKE:-make} -s unit
