# The version; a build from a git checkout adds " (git DESCRIBE)", which
# changes with every commit and is checked by tests/suites/12-build.sh.
annogrind --version | sed 's/ (git [^)]*)$//'
