annogrind --bogus
