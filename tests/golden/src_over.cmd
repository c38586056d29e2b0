# Line costs above the summary (Ir: 20 > 10; Dr: summary 0): a warning at
# the summary: line (3) names the first event, and the program total is the
# sum of the cost lines, 20 and 3, so the function and its line are 100.0%
# of each, never 200% or 3 of a total of 0.
cd source && touch -d '2026-01-01 00:00:00' sq.h && touch -d '2026-01-02 00:00:00' over.cg &&
annogrind over.cg
