# --output=FILE.gz: the profile is gzip-compressed already, and written as
# it is (compressed twice, pbdump.py could not read it).
t=$(mktemp -d) && annogrind --format=pprof --output="$t/prof.pb.gz" flame/prog.cg &&
python3 ../tests/pprof/pbdump.py "$t/prof.pb.gz" | tail -2; rm -rf "$t"
