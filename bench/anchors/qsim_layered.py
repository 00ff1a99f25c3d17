#!/usr/bin/env python3
"""The layered circuit of bench_statevector (layered_circuit/...) run on qsim, as an outside anchor.

qsim is not a dependency: build its qsim_base yourself (g++ -O3 -march=native -fopenmp -std=c++17
apps/qsim_base.cc in a qsim checkout) and pass its path. The circuit is the one bench_circuit.cpp applies:
per layer RX, RY, RZ (angle 0.1 + 0.01 * layer) on every qubit, then CNOT (q, q+1) for q = 0..n-2,
10 layers, so 10 * (4n - 1) gates.

  qsim_layered.py --qubits 24 --format qasm > layered24.qasm   # the same circuit for `qrt run`
  qsim_layered.py --qubits 24 --qsim-base ./qsim_base.x --threads 1 2 --fused 3 4 --repeats 3

The second form prints JSON: per (threads, max fused size) the best of the repeats, in qsim's own
"simu time" (simulation only, no parsing), with ms_per_gate as bench_statevector counts it and the load
average before each run (a busy second core slows 2-thread runs; compare like with like).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

LAYERS = 10


def layered_ops(n):
    for layer in range(LAYERS):
        angle = 0.1 + 0.01 * layer
        for q in range(n):
            for gate in ("rx", "ry", "rz"):
                yield gate, (q,), angle
        for q in range(n - 1):
            yield "cx", (q, q + 1), None


def qsim_text(n):
    # qsim's format: "time gate qubits... [angle]"; gates sharing a time step must act on distinct qubits.
    lines, time, last_time = [str(n)], 0, {}
    for gate, qubits, angle in layered_ops(n):
        time = max(last_time.get(q, -1) for q in qubits) + 1
        for q in qubits:
            last_time[q] = time
        lines.append(" ".join([str(time), gate, *map(str, qubits)] + ([repr(angle)] if angle is not None else [])))
    return "\n".join(lines) + "\n"


def qasm_text(n):
    lines = ["OPENQASM 2.0;", 'include "qelib1.inc";', f"qreg q[{n}];"]
    for gate, qubits, angle in layered_ops(n):
        args = ",".join(f"q[{q}]" for q in qubits)
        lines.append(f"{gate}({angle!r}) {args};" if angle is not None else f"{gate} {args};")
    return "\n".join(lines) + "\n"


def simu_seconds(qsim_base, circuit_path, threads, fused):
    try:
        out = subprocess.run([qsim_base, "-c", circuit_path, "-t", str(threads), "-f", str(fused), "-v", "1"],
                             capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        sys.exit(f"qsim_layered.py: running {qsim_base} failed: {error}")
    match = re.search(r"simu time is ([0-9.eE+-]+) seconds", out.stdout + out.stderr)
    if not match:
        sys.exit(f"qsim_layered.py: no 'simu time' line in the output of {qsim_base}")
    return float(match.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--qubits", type=int, default=24)
    parser.add_argument("--format", choices=["qsim", "qasm"], help="print the circuit and stop")
    parser.add_argument("--qsim-base", help="path of a built qsim_base")
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--fused", type=int, nargs="+", default=[2, 3, 4], help="qsim's max fused gate size")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    if args.qubits < 2:
        parser.error("--qubits must be at least 2")
    if args.format:
        sys.stdout.write(qsim_text(args.qubits) if args.format == "qsim" else qasm_text(args.qubits))
        return
    if not args.qsim_base:
        parser.error("give --format to print the circuit, or --qsim-base to run it")
    gates = LAYERS * (4 * args.qubits - 1)
    results = []
    with tempfile.NamedTemporaryFile("w", suffix=".qsim") as circuit:
        circuit.write(qsim_text(args.qubits))
        circuit.flush()
        for threads in args.threads:
            for fused in args.fused:
                runs = []
                for _ in range(args.repeats):
                    load = os.getloadavg()[0]
                    runs.append((simu_seconds(args.qsim_base, circuit.name, threads, fused), load))
                best, load = min(runs)
                results.append({"name": f"qsim_layered/n:{args.qubits}/threads:{threads}/fused:{fused}",
                                "seconds_best": best, "seconds_all": [r[0] for r in runs],
                                "ms_per_gate": best * 1e3 / gates, "gates": gates, "loadavg_before_best": load})
    json.dump({"precision": "single (qsim's float32)", "benchmarks": results}, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
