OPENQASM 2.0;
include "other.inc";
qreg q[1];
