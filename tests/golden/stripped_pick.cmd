# A glob picks an address in one object when written as the reports write
# it, "FUNCTION [OBJECT]", OBJECT the object's path, its end after a '/',
# or a glob (stripped/addr.cg: 0xdb70 of libplug.so, 1,250 Ir inclusive,
# and of libfreetype.so.6, 40).  The address alone picks both: focused,
# 1,250 + 40 = 1,290.
for g in '0x000000000000db70 [libfreetype.so.6]' '???:0x*db70 [/usr/lib/libplug.so]' \
	'0x000000000000db70 [*plug*]' 0x000000000000db70; do
	annogrind --auto=no --focus="$g" stripped/addr.cg | grep 'PROGRAM TOTALS'
done
annogrind --hide='0x000000000000db70 [libplug.so]' --format=folded stripped/addr.cg
# Limits name an address with its object: self 1,000 (60.79%) and 30.
annogrind --auto=no --limit='Ir:self:0x*=1%' --limit='Ir:self:0x000000000000db70 [libplug.so]=50%' \
	stripped/addr.cg >/dev/null
