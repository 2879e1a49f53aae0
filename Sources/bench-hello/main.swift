// The start-up scenario's peer: the smallest Swift program that prints a line, so `widget-bench
// startup` can compare the host's exec-to-first-frame time with it.
print("hello, world")
