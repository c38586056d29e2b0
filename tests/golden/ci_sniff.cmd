# Which further arguments are profiles, by content: commented.cg (comment
# lines, a blank line, then events:) is one; hdr.h ("#include", "# define",
# then "version_t v;", no colon after the word) is a source file.
# a.cg + commented.cg: Ir 110 + 1000 = 1,110; Dr 22 + 1 = 23; main
# 10 + 1000 = 1,010 and 2 + 1 = 3.
annogrind --auto=no --show-percs=no ci/a.cg ci/hdr.h ci/commented.cg; echo "exit $?"
# The rule is by content only: notes.yml starts with "version: 2", a header
# key, so it is read as a profile, and refused for its version (exit 3).
annogrind --auto=no --show-percs=no ci/a.cg ci/notes.yml; echo "exit $?"
