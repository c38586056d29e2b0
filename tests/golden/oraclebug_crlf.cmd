annogrind --auto=no --threshold=100 oraclebug/crlf.cg
