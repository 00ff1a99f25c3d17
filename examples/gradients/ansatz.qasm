// A two-qubit variational ansatz with two trainable parameters, theta and phi (qrt's sweep parameters:
// bound with --param, differentiated by `qrt grad`). See docs/gradients.md.
OPENQASM 2.0;
include "qelib1.inc";
qreg q[2];
ry(2*theta) q[0];
rx(phi - theta/4) q[1];
cx q[0], q[1];
rz(pi/2 + theta) q[1];
cu1(sin(phi)) q[0], q[1];
ry(phi) q[1];
