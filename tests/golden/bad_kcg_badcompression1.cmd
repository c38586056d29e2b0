# KCachegrind's test: 'fl=(2 ) ' on line 13 is not a compressed id: error
annogrind bad/kcachegrind__cg-badcompression1
