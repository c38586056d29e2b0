# a PNG image: its 8-byte signature holds a CR LF and a newline, its IHDR
# chunk length a NUL byte on line 3: error
annogrind bad/image.png
