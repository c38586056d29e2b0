# Characters XML 1.0 does not allow (U+FFFE, U+FFFF, an encoded surrogate)
# would make the whole SVG ill-formed: they are the visible text \xHH, as
# C1 controls are; C0 controls '?'; U+FFFD is allowed and kept.  Checked
# with xmllint (nothing printed: well-formed), then each frame's name.
annogrind --format=flamegraph escape/xmlbad.cg | xmllint --noout - && echo well-formed
annogrind --format=flamegraph escape/xmlbad.cg | grep -a -e '<title>' -e '<text x=' | sed 's/^.*<title>//; s/^.*<text[^>]*>//'
# the differential graph (the profile against itself) names them the same way
annogrind --diff --format=flamegraph escape/xmlbad.cg escape/xmlbad.cg | xmllint --noout - && echo well-formed
annogrind --diff --format=flamegraph escape/xmlbad.cg escape/xmlbad.cg | grep -a '<title>' | sed 's/^.*<title>//'
