# --scale=total: NEW scaled to OLD's total (testdata/dumps: two runs in
# parts, 8,700 and 11,800 Ir).  The factor is 8,700 / 11,800 = 0.737288;
# step's 11,100 becomes 8,183.9 -> 8,184, +184 (+2.30%) on its 8,000;
# main's 700 becomes 516.1 -> 516, -184 (-26.29%); main's inclusive
# 11,800 becomes 8,700, no change.  The totals stay as measured (+3,100,
# +35.63%), with a line saying the costs below are scaled.  The same in
# JSON ("scale": [0.737...], new self 8,184 and 516), Markdown (the note)
# and the HTML page's data ("scale", the totals scaled and packed: "ovc"
# is 8,700, the digits 8, 15, 28 of base 32, for NEW then OLD).
cd dumps && annogrind --diff --auto=no --scale=total callgrind.out.4242 callgrind.out.4343 | sed -n '/^Sorted/,$p'
annogrind --diff --format=json --scale=total callgrind.out.4242 callgrind.out.4343 | grep -E '"(totals|scale|self)"'
annogrind --diff --format=markdown --scale=total callgrind.out.4242 callgrind.out.4343 | grep -A1 Scaled
annogrind --diff --format=html --scale=total callgrind.out.4242 callgrind.out.4343 | grep -o '"totals":.*"measured":\[[0-9]*\]}'
