# A small workload for python3: classes, a dict, a sort, JSON and a
# regular expression.
import json
import re


class Item:
    def __init__(self, i):
        self.id = i
        self.name = "item%d" % ((i * 7919) % 3001)
        self.score = (i * 37) % 101


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


items = sorted((Item(i) for i in range(3000)), key=lambda it: (it.score, it.name))
text = json.dumps([it.__dict__ for it in items[:500]])
back = json.loads(text)
counts = {}
for w in re.findall(r"item\d+", text):
    counts[w] = counts.get(w, 0) + 1
print(fib(16), len(back), len(counts))
