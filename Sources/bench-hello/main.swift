// The start-up scenario's peer: the smallest Swift program that prints a line, linked as
// widget-host is (Package.swift, `linkedStatically`), so `widget-bench startup` compares the
// host's exec-to-first-frame time with the least any program built that way takes.
print("hello, world")
