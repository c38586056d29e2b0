# A small workload for perl: hashes, a sort, sprintf, a regular
# expression and a recursive sub.
use strict;
use warnings;
sub fib { my $n = shift; return $n < 2 ? $n : fib($n - 1) + fib($n - 2); }
my @items = map { { id => $_, name => sprintf("item%d", ($_ * 7919) % 3001), score => ($_ * 37) % 101 } } 0 .. 2999;
my @sorted = sort { $a->{score} <=> $b->{score} or $a->{name} cmp $b->{name} } @items;
my $text = join(",", map { "$_->{id}:$_->{name}:$_->{score}" } @sorted[0 .. 499]);
my %counts;
$counts{$1}++ while $text =~ /(item\d+)/g;
printf "%d %d %d\n", fib(16), scalar(@sorted), scalar(keys %counts);
