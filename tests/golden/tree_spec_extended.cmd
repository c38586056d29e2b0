# The spec's extended example, worked by hand:
#   self: main 20, func1 100, func2 700; total 820 (calculated: no summary)
#   main -> func1 (1x): 400;  main -> func2 (3x): 400;  func1 -> func2 (2x): 300
#   inclusive: main is never called: 20 + 400 + 400 = 820;
#   func1 = the call from main = 400 (= 100 + 300);
#   func2 = 400 + 300 = 700 (= its own 700: it calls nothing).
# callgrind_annotate prints the same costs but divides by 1,920 (the sum of
# the inclusive costs) for its "(calculated)" total.
annogrind --inclusive=yes --tree=both --threshold=100 --auto=no spec/spec_extended.cg
