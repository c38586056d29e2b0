# The source was saved 0.5 s after the profile, in the same second: it is newer
# (compared to the nanosecond), so the warning block comes before sq.h's lines.
cd source && touch -d '2026-01-02 00:00:00.2' edge.cg && touch -d '2026-01-02 00:00:00.7' sq.h &&
annogrind --context=0 edge.cg
