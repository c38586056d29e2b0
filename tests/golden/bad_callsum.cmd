# c is called 2^64-1 times by a and once by b: the JSON "calls" of c would
# wrap to 0; refused instead
annogrind --format=json bad/callsum.cg
