# --diff of two runs in parts (testdata/dumps: 4242, 8,700 Ir, and 4343,
# 11,800 Ir, three dumps each): each side is its run summed, so step grew
# 8,000 -> 11,100 (+3,100) and main's 700 stayed.  With --parts=last each
# side is its last dump only (700 and 700: no change), with a warning for
# each.
cd dumps && annogrind --diff --auto=no callgrind.out.4242 callgrind.out.4343 | sed -n '/PROGRAM TOTALS/p;/file:function/,$p'
annogrind --diff --auto=no --parts=last callgrind.out.4242 callgrind.out.4343 | grep TOTALS
