# A difference that sums to 0 (main +100, helper -100, summary 0): each share is "(n/a)",
# not 0.00% of nothing; the total is the summary's 0, not "(calculated)".  Rows by size,
# ties by name: a.c:helper (-100) before a.c:main.
cd cachegrind && annogrind --auto=no zero.cgout | sed -n '/^Ir/,$p'
