# The HTML page, byte for byte (nothing in it depends on the time): names
# with markup, </script>, <!--, quotes, U+2028 and invalid UTF-8 are JSON in
# its data block ('<', '>' and '&' as \u003c...) and entities or \xHH in
# its <noscript> table.  Without dot on PATH the page says how to draw the
# call graph.
(PATH=/nonexistent; annogrind --format=html --threshold=100 escape/html.cg)
