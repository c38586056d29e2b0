# a file that cannot be read: /proc/self/mem opens, and reading its
# offset 0 (never mapped) fails with EIO.  (chmod 000 does not stop root,
# who runs the tests; for other users it gives 'cannot open: Permission
# denied'.)
annogrind /proc/self/mem
