# Names (the drawn event's too) that try to end a DOT label and add a
# URL: quotes and backslashes escaped, '&' as &amp;, so each stays in its
# label; tests/suites/45-escape.sh renders it with dot -Tsvg (no link).
annogrind --format=dot --threshold=100 escape/dotinject.cg
