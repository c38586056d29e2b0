# a gzip profile followed by bytes that are not another gzip member: read,
# the rest ignored with a warning, as gzip -d does
{ gzip -c ci/a.cg; echo 'not gzip'; } | annogrind --auto=no -
