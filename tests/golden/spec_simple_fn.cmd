annogrind --auto=no spec/spec_simple.cg
