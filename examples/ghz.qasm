// GHZ state on 4 qubits: (|0000> + |1111>)/sqrt(2), measured.
OPENQASM 2.0;
include "qelib1.inc";
qreg q[4];
creg c[4];
h q[0];
cx q[0], q[1];
cx q[1], q[2];
cx q[2], q[3];
barrier q;
measure q -> c;
