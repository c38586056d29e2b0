# Function names that all collide in the interning table's hash as it was
# (an unkeyed mix, 8 bytes a step): with 16-byte names, the second word
# chosen to cancel the state the first left, every name ends in the same
# state, so uthash keeps them in one chain and each lookup walks it:
# 160,000 names (5.8 MB) took 152 s.  With a keyed hash (a random key per
# process) nobody can choose names that collide.
about="names colliding in the old interning hash"
sizes="20000 40000"
args="--auto=no --threshold=100 --show-percs=no in.cg"
gen() {
	python3 - "$1" <<'PY' >in.cg
import sys
M = (1 << 64) - 1
C = 0xC2B2AE3D27D4EB4F
def step(h, w):
	h = ((h ^ w) * C) & M
	return h ^ (h >> 29)
n = int(sys.argv[1])
out = sys.stdout.buffer
out.write(b"events: Ir\nfl=a.c\n")
h0 = 0x9E3779B97F4A7C15 ^ 16
T = 0x5F5F5F5F5F5F5F5F
i = 0
made = 0
while made < n:
	i += 1
	w1 = b"f%07x" % i
	s1 = step(h0, int.from_bytes(w1, "little"))
	w2 = (s1 ^ T).to_bytes(8, "little")
	if any(b in (0, 10, 13) for b in w2):
		continue
	out.write(b"fn=" + w1 + w2 + b"\n1 1\n")
	made += 1
PY
}
