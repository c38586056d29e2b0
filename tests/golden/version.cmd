annogrind --version
