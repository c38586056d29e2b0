# bytes that are not text (an ELF header, escape codes) before any header line: error
annogrind bad/garbage.bin
