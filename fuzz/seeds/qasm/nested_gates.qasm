OPENQASM 2.0;
include "qelib1.inc";
gate g0 a { h a; t a; }
gate g1 a { g0 a; g0 a; }
gate g2 a { g1 a; g1 a; }
gate g3 a, b { g2 a; cx a, b; g2 b; }
gate g4(t) a, b, c { g3 a, b; crz(t) b, c; c3x a, b, c, a; }
qreg q[4];
g4(ln(2) * exp(1) / sqrt(3) + cos(pi) - tan(0.1)) q[0], q[1], q[2];
g3 q[3], q[0];
