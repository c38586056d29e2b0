# Check unit tests of the loader's pieces, events, options and number formats.
sh tests/deps.sh need unit check pkg-config || exit 0
exec ${MAKE:-make} -s unit
