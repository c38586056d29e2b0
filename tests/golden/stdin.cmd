annogrind --auto=no - < model/statics.cg
