"""A Bell pair three ways: one call, a pooled device, and NumPy results.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/bell.py
"""

import qrt

BELL = """OPENQASM 2.0;
include "qelib1.inc";
qreg q[2];
creg c[2];
h q[0];
cx q[0], q[1];
measure q -> c;
"""

program = qrt.Program.from_qasm(BELL, "bell.qasm")

result = qrt.run(program, shots=1000, seed=7)
print("counts:", result.counts)                  # {'00': ..., '11': ...}
print("probabilities:", result.probabilities)    # [0.5 0.  0.  0.5]

with qrt.Device("statevector.qubit") as dev:    # from the pool; back to it (reset) on exit
    dev.run(program)                             # terminal measurements are left to sampling
    print("state:", dev.state())                 # complex128, qubit k = bit k
    print("<ZZ> =", dev.expval("ZZ"), " <XI> =", dev.expval("XI"))
    print("counts:", dev.counts(100, seed=1))
