# compressed ids near 2^24 and near 2^62: any 64-bit id is taken, and its
# value sizes nothing
annogrind --auto=no --tree=calling model/bigids.cg
