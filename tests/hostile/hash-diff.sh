# --diff pairs functions by "file\0name" in a uthash table; names made to
# collide in its hash as it was (16-byte keys "???\0" + 12 bytes, the
# second word cancelling the first) put every function of both profiles
# in one chain.  Keyed now, like every other table.
about="--diff with names colliding in the old uthash hash"
sizes="5000 10000"
args="--diff a.cg b.cg"
inputs="a.cg b.cg"
gen() {
	python3 - "$1" <<'PY' >a.cg
import sys
M = (1 << 64) - 1
C = 0xC2B2AE3D27D4EB4F
def step(h, w):
	h = ((h ^ w) * C) & M
	return h ^ (h >> 29)
n = int(sys.argv[1])
out = sys.stdout.buffer
out.write(b"events: Ir\n")
h0 = 0x9E3779B97F4A7C15 ^ 16
T = 0x5F5F5F5F5F5F5F5F
i = 0
made = 0
while made < n:
	i += 1
	w1name = b"%04x" % i
	s1 = step(h0, int.from_bytes(b"???\0" + w1name, "little"))
	w2 = (s1 ^ T).to_bytes(8, "little")
	if any(b in (0, 10, 13) for b in w2):
		continue
	out.write(b"fn=" + w1name + w2 + b"\n1 %d\n" % made)
	made += 1
PY
	sed 's/^1 \([0-9]*\)$/1 1\1/' a.cg >b.cg
}
