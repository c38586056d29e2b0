use strict;
use File::Find;
my @names;
find(sub { push @names, $File::Find::name if -f $_ }, '/usr/share/perl');
my @sorted = sort { lc($a) cmp lc($b) or $a cmp $b } @names;
print scalar(@sorted), " files, first $sorted[0]\n";
