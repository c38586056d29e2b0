# Instruction addresses (--annotate=asm) that all land in one slot of the
# per-function address table as it was (slot = mix((addr + 1) *
# 0x9E3779B97F4A7C15), mix an unkeyed xor-shift-multiply): the generator
# inverts mix and the multiplication, so every table size probes through
# all of them.  Keyed like the line tables now.
about="addresses colliding in the old --annotate=asm address table"
sizes="20000 40000"
args="--annotate=asm --disasm=no --auto=no --threshold=100 in.cg"
gen() {
	python3 - "$1" <<'PY' >in.cg
import sys
M = (1 << 64) - 1
G = 0x9E3779B97F4A7C15
C = 0xC2B2AE3D27D4EB4F
def unxorshift(y, s):
	x = y
	for _ in range(64 // s + 1):
		x = y ^ (x >> s)
	return x & M
def unmix(y):
	h1 = (unxorshift(y, 29) * pow(C, -1, 1 << 64)) & M
	return unxorshift(h1, 31)
n = int(sys.argv[1])
out = sys.stdout
out.write("positions: instr line\nevents: Ir\nob=/nonexistent/prog\nfl=a.c\nfn=main\n")
for i in range(1, n + 1):
	key = (unmix((i << 24) | 0x5a5a5a) * pow(G, -1, 1 << 64)) & M
	out.write("0x%x 1 1\n" % (key - 1))
PY
}
