qreg q[1];
U(0,0,0) q[0];
