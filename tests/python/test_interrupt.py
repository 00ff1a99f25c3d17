"""Ctrl-C (SIGINT) stops a running program: KeyboardInterrupt, and the interpreter carries on."""

import os
import signal
import subprocess
import sys
import time

CHILD = r'''
import sys, time
import qrt
lines = ['OPENQASM 2.0;', 'include "qelib1.inc";', 'qreg q[20];']
for layer in range(400):
    lines += [f"rx(0.{layer % 9 + 1}) q[{k}];" for k in range(20)] + [f"cx q[{k}], q[{k+1}];" for k in range(19)]
program = qrt.Program.from_qasm("\n".join(lines))
print("running", flush=True)
start = time.monotonic()
try:
    qrt.run(program, device="statevector.qubit:threads=1")
    print("finished", flush=True)
except KeyboardInterrupt:
    print(f"interrupted after {time.monotonic() - start:.2f}", flush=True)
small = qrt.Program.from_qasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[1]; x q[0];')
print("after", qrt.run(small).probabilities[1], flush=True)
'''


def test_ctrl_c_stops_a_run_and_the_interpreter_goes_on():
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True, env=os.environ)
    try:
        assert child.stdout.readline().strip() == "running"
        time.sleep(1.0)
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=60)
    finally:
        child.kill()
    lines = out.splitlines()
    assert lines[0].startswith("interrupted after"), out
    assert float(lines[0].split()[-1]) < 20
    assert lines[1] == "after 1.0"
    assert child.returncode == 0
