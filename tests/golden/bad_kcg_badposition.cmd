# KCachegrind's test: '-20' on line 11 is the first cost line: error
annogrind bad/kcachegrind__cg-badposition
