# Control bytes in the names a machine-code block prints (object, file,
# function, a jump's target function) are written as \xHH with
# --escape=always, in the header, the reason no object can be read, the
# source positions and the jump line.
cd asm && annogrind --annotate=asm --auto=no --escape=always --show-percs=no hostile.cg
