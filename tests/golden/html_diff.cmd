# The HTML page of a comparison, byte for byte: every cost old and new.
(PATH=/nonexistent; annogrind --diff --format=html diff/utf8_old.cg diff/utf8_new.cg)
