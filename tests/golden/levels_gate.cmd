# A CI gate on a real python3 profile (testdata/levels/real): the _json
# encoder entry 0x4e40 is outer and called once, so its inclusive cost is
# that call's, 75,698,768 Ir (56.55%; tests/incl/callsums.py prints it
# from the profile text); PyEval_EvalCode is the sum of its 9 calls,
# 116,872,953 (87.31%).  Both limits break: exit 1.  (The old rule put both
# in one static cycle, at 51,936 and 1,291,465: both gates passed.)  A limit
# sees a function whole: 0x4e40 and 0x4e40'2, PyEval_EvalCode and
# PyEval_EvalCode'2 are summed, the inclusive cost being the outer name's
# (the other runs inside it); an address is named with its object.
annogrind --auto=no --top=2 --limit='Ir:incl:*:0x0000000000004e40=10%' \
	--limit='Ir:incl:*:PyEval_EvalCode=80%' levels/real/python3-json.cg.gz
