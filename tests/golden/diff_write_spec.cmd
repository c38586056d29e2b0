# The extended example of the Callgrind format specification written back:
# names compressed on their first use ("(1) file1.c"), then "(1)"; the file
# and function ids of cfi=/cfn= are shared with fl=/fn=.  First every
# function with its self cost on its lines (main 20 on line 16, func1 100 on
# 51, func2 700 on 20: each file's line costs are its functions' self
# costs), then the calls, file by file in the order of the profile, at their
# lines with their counts and inclusive costs (main -> func1 1x 400 at line
# 16, main -> func2 3x 400 at 16, func1 -> func2 2x 300 at 51).  The example
# has no creator: line, and none is made up.
annogrind --format=callgrind spec/spec_extended.cg
