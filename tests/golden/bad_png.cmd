# a PNG image: its signature's first line '\x89PNG' holds a byte 0x80-0x9f
# that is not UTF-8 (binary data) before any header line: error at line 1
annogrind bad/image.png
