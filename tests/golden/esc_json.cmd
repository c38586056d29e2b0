# JSON escapes controls, DEL, C1 and bidi as \uXXXX whatever --escape says:
# ESC \u001b, BEL \u0007, RLO \u202e, CSI \u009b (in UTF-8 and as a raw
# byte, taken as Latin-1), DEL \u007f.
annogrind --format=json --escape=never escape/evil.cg
