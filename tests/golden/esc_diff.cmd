# The --diff report escapes names and header fields like the text report:
# main went from 10 to 15 Ir (+50.00%).
annogrind --diff --escape=always escape/evil.cg escape/evil2.cg
