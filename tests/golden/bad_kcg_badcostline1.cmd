# KCachegrind's test: '10 20 30' on line 9 has 3 counts for 1 event: error
annogrind bad/kcachegrind__cg-badcostline1
