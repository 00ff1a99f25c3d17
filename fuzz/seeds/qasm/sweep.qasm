OPENQASM 2.0;
include "qelib1.inc";
qreg q[2];
creg c[2];
rx(theta/2) q[0];
u3(theta, phi, -theta*phi) q[1];
rzz(phi^2) q[0], q[1];
if (c == 1) cp(theta) q[1], q[0];
measure q -> c;
