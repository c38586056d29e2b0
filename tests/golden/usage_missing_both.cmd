# Neither argument exists: both are named, the profile with the loader's
# message and the source file after it; exit status 3 (the profile).
annogrind nosuch.out nosuch2.out
