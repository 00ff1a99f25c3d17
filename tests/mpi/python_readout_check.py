"""qrt.run of a statevector.mpi device under mpirun: rank 0 receives the whole probability table and state,
streamed piece by piece (no rank gathers them all at once); the other ranks get None. Run with 2 or 4 ranks."""
import math
import os
import sys

import numpy
import qrt

rank = int(os.environ.get("OMPI_COMM_WORLD_RANK", os.environ.get("PMI_RANK", "0")))
source = """OPENQASM 2.0; include "qelib1.inc"; qreg q[6];
h q[0]; cx q[0], q[5]; rx(0.3) q[2]; ry(1.1) q[4]; cz q[2], q[4]; u3(0.2, 0.4, 0.6) q[3];"""
program = qrt.Program.from_qasm(source)
distributed = qrt.run(program, device="statevector.mpi", seed=5)
if rank != 0:
    assert distributed.probabilities is None and distributed.state is None, "only rank 0 holds the tables"
    sys.exit(0)
local = qrt.run(program, device="statevector.qubit", seed=5)
assert distributed.probabilities is not None and len(distributed.probabilities) == 64
numpy.testing.assert_allclose(distributed.probabilities, local.probabilities, atol=1e-12)
numpy.testing.assert_allclose(distributed.state, local.state, atol=1e-12)
assert math.isclose(float(numpy.sum(distributed.probabilities)), 1.0, abs_tol=1e-12)
print("rank 0: the distributed read-out equals statevector.qubit's")
