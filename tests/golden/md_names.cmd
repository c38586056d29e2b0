# Names are data, never Markdown or HTML (testdata/md/names.cg): in table
# cells each "file:function" is a code span, '|' written "\|" (GFM splits
# cells on it even in code spans), the fence one backtick longer than any
# run of backticks inside ("x``y``z" gets ```), padded with a space when it
# starts or ends with a backtick; ESC is written \x1b and the right-to-left
# override U+202E \xe2\x80\xae (byte by byte, as escape.h writes it for a
# terminal), in the cells and in the trees.  The command, with
# '<', '|' and backticks, is a code span too.  --top=20 shows all 14.
# tests/suites/45-ci-baseline.sh renders this with cmark-gfm and checks
# every name comes out as its own cell's code.
annogrind --format=markdown --top=20 md/names.cg
