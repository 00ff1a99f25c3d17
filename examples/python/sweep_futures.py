"""A parameter sweep submitted as futures: one OpenQASM program with a free parameter `theta`, many
bindings, run at once on pooled devices (the GIL is released while they run).

    PYTHONPATH=build/python /usr/bin/python3 examples/python/sweep_futures.py
"""

import math

import qrt

program = qrt.Program.from_qasm("""OPENQASM 2.0;
include "qelib1.inc";
qreg q[2];
ry(theta) q[0];
cx q[0], q[1];
""", "sweep.qasm")

thetas = [k * math.pi / 8 for k in range(9)]
futures = [qrt.submit(program, params={"theta": t}) for t in thetas]
for theta, future in zip(thetas, futures):
    p11 = future.result().probabilities[3]
    print(f"theta={theta:.3f}  P(11)={p11:.4f}  expected sin^2(theta/2)={math.sin(theta / 2) ** 2:.4f}")
