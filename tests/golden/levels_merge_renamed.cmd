# Levels merged by renaming: is_even 40 and is_odd 30, the costs of their
# outer members (worked out in testdata/levels/merge.cg); the old rule gave
# is_odd 20.
annogrind --inclusive=yes --tree=both --threshold=100 --auto=no \
	--mod-funcname="s/'[0-9]+\$//" levels/merge.cg
