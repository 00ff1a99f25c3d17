OPENQASM 2.0;
include "qelib1.inc";
gate g(a, b) x, y { U(a, b, -a^2) x; CX x, y; barrier x, y; cu3(a, b/2, sin(a)) y, x; }
opaque op(t) x;
opaque my_opaque x, y;
qreg q[3];
qreg r[3];
creg c[3];
g(pi/2, 1e-3) q[0], q[1];
g(-.5, 2) q, r;
my_opaque q[0], r[2];
if (c == 2) measure q[0] -> c[1];
barrier q;
reset q[2];
measure q -> c;
