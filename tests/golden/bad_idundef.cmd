# cfn=(99) (line 5) uses a compressed id never defined: error
annogrind bad/idundef.cg
