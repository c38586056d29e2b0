# JSON: inclusive_exact is true for outer functions (main, run, prep, nested)
# and false for run'2, whose 18 is a bound (testdata/levels/through.cg);
# every call has an outer end, so none is recursive.
annogrind --format=json levels/through.cg
