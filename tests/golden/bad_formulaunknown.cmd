# event: Sum = Ir + Dw, and Dw is not an event (line 2): error
annogrind bad/formulaunknown.cg
