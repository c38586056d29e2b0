# a full disk: the write error is reported, exit 4
annogrind --auto=no demo/callgrind.out.demo >/dev/full
