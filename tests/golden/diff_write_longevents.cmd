# --diff --format=callgrind writes each formula twice with the event names
# suffixed .old and .new; names longer than 20 bytes once overflowed the
# buffer of that text (AddressSanitizer: heap-buffer-overflow)
annogrind --diff --format=callgrind diff/longevents.cg diff/longevents.cg
