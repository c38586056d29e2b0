# Each broken limit is printed with its measured value, exit status 1:
#   total Ir 220 > 219; work self Ir 110 = 50.00% > 49.9%;
#   '*' picks every function: self Ir over 15 are work 110 and leaf 80
#   (36.36%); main inclusive Dr 42 > 41 (100.00% of 42); 'nosuch' picks no
#   function, which breaks its limit too.  The limit Ir:self:main=15 holds.
annogrind --auto=no --top=1 --limit=Ir=219 --limit=Ir:self:work=49.9% \
	--limit='Ir:self:*=15' --limit=Dr:incl:main=41 --limit=Ir:self:main=15 \
	--limit=Ir:self:nosuch=1 ci/a.cg ci/b.cg
