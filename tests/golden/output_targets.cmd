# --output=FILE where FILE already is something: a FIFO and a device (a
# link to /dev/null) are written through as the shell's '>' would, not
# replaced by a regular file; a symlink is followed and its target gets
# the report (the link stays); a dangling link makes its target, as '>'
# does; an existing file keeps its mode (600, 640, 604); the input itself
# as FILE is read fully before it is replaced.  Each one's type, mode and
# whether it holds the report (cmp with the same run on standard output).
umask 022
d=$(mktemp -d) && cp gate/new.cg "$d/in.cg" && chmod 604 "$d/in.cg" &&
annogrind --auto=no --top=1 gate/new.cg >"$d/want" &&
(cd "$d" && annogrind --auto=no --top=1 in.cg) >"$d/want-in" &&
mkfifo "$d/fifo" && ln -s /dev/null "$d/null" && echo old >"$d/target" && chmod 640 "$d/target" &&
ln -s target "$d/link" && echo old >"$d/private" && chmod 600 "$d/private" && ln -s made "$d/dangling" || echo setup failed
(timeout 10 cat "$d/fifo" >"$d/fifo.got") &
annogrind --auto=no --top=1 --output="$d/fifo" gate/new.cg; echo "fifo: exit $?"
wait
for t in null link private dangling; do
	annogrind --auto=no --top=1 --output="$d/$t" gate/new.cg; echo "$t: exit $?"
done
(cd "$d" && annogrind --auto=no --top=1 --output=in.cg in.cg); echo "in.cg: exit $?"
cd "$d" && stat -c '%n: %F %a' fifo null link target private dangling made in.cg
stat -L -c 'null -> %F' null
for f in fifo.got target private made; do cmp -s want "$f" && echo "$f holds the report"; done
cmp -s want-in in.cg && echo "in.cg holds its own report"
ls
cd / && rm -rf "$d"
