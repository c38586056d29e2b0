# DOT labels: the event drawn (Ir) and the names, controls as the visible
# text \xHH (DOT source \\xHH), so the SVG has none (41-diff-dot renders it).
annogrind --format=dot --threshold=100 escape/evil.cg
