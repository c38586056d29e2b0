annogrind --help
