# Events with long names and a formula (spec example with event: lines).
annogrind --format=json ci/derived.cg
