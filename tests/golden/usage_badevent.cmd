annogrind --show=Nope model/statics.cg
