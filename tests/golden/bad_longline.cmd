# a line of 4 MiB + 1 bytes (4,194,305) without a newline after it: no
# profile has one, and holding it whole is what let a 2 MB gzip file take
# 2 GB; refused at its line, 3, before it is read to its end
{ printf 'events: Ir\nfn=main\n'; head -c 4194305 /dev/zero | tr '\0' 'x'; } |
	annogrind --auto=no -
