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

  qsim_layered.py --qubits 24 --qsim-base ./qsim_base.x --qrt-python build/python --fused 3

runs qrt's statevector.qubit on the same circuit in the same sitting (issue 34: both simulators in one
run): per thread count, tiled and untiled (tiles=false), double and single precision, each on a device
kept warm (one run first, then timed runs alternating with qsim's, so that load hits both alike; the
time is the Python call, the state staying allocated). It checks the results: qsim's first 8 printed
amplitudes against qrt's probabilities (relative 1e-3: qsim is float32), and each precision's tiled
probabilities against its untiled ones (1e-12 double, 1e-5 single). "comparison" then gives, per thread
count, qrt's best over qsim's best over --fused, and the tiled speedup. The four states are held at
once: 12 GiB at n = 28.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

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


def qsim_run(qsim_base, circuit_path, threads, fused):
    """qsim's simulation time and the probabilities of the first 8 basis states it prints."""
    try:
        out = subprocess.run([qsim_base, "-c", circuit_path, "-t", str(threads), "-f", str(fused), "-v", "1"],
                             capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        sys.exit(f"qsim_layered.py: running {qsim_base} failed: {error}")
    text = out.stdout + out.stderr
    match = re.search(r"simu time is ([0-9.eE+-]+) seconds", text)
    if not match:
        sys.exit(f"qsim_layered.py: no 'simu time' line in the output of {qsim_base}")
    norms = [float(m) for m in re.findall(r"^[01]+:\s*\S+\s+\S+\s+(\S+)\s*$", text, re.M)]
    return float(match.group(1)), norms


class QrtSide:
    """qrt's statevector.qubit on the same circuit: tiled and untiled, double and single, on warm devices."""

    CONFIGS = [(precision, tiles) for precision in ("double", "single") for tiles in (True, False)]

    def __init__(self, python_dir, qubits):
        sys.path.insert(0, python_dir)
        os.environ["QRT_POOL_MAX_INACTIVE"] = "0"  # a released device frees its state (read at import)
        import qrt  # noqa: E402 (the build's module, found through --qrt-python)
        self.qrt = qrt
        self.file = tempfile.NamedTemporaryFile("w", suffix=".qasm")
        self.file.write(qasm_text(qubits))
        self.file.flush()
        self.program = qrt.load(self.file.name)

    def open(self, threads):
        self.devices = {}
        for precision, tiles in self.CONFIGS:
            device = self.qrt.Device(f"statevector.qubit:threads={threads},precision={precision},"
                                     f"tiles={'true' if tiles else 'false'}")
            device.run(self.program)  # allocates and first touches the state
            self.devices[(precision, tiles)] = device

    def time(self, config):
        start = time.perf_counter()
        self.devices[config].run(self.program)
        return time.perf_counter() - start

    def close(self, qsim_norms):
        """Closes the devices after checking their results; returns the worst differences found."""
        import numpy
        checks = {}
        for precision in ("double", "single"):
            tiled = self.devices[(precision, True)].probabilities()
            untiled = self.devices[(precision, False)].probabilities()
            checks[f"{precision}_tiled_vs_untiled"] = float(numpy.abs(tiled - untiled).max())
            if qsim_norms:
                first = tiled[:len(qsim_norms)]
                checks[f"{precision}_vs_qsim_relative"] = max(abs(p - q) / max(q, 1e-300)
                                                              for p, q in zip(first, qsim_norms))
            del tiled, untiled
        for device in self.devices.values():
            device.release()
        self.devices = {}
        return checks


def check_failures(checks):
    limits = {"double_tiled_vs_untiled": 1e-12, "single_tiled_vs_untiled": 1e-5,
              "double_vs_qsim_relative": 1e-3, "single_vs_qsim_relative": 1e-3}
    return [f"{name} = {value:.3g} > {limits[name]:g}" for name, value in checks.items() if value > limits[name]]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--qubits", type=int, default=24)
    parser.add_argument("--format", choices=["qsim", "qasm"], help="print the circuit and stop")
    parser.add_argument("--qsim-base", help="path of a built qsim_base")
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--fused", type=int, nargs="+", default=[2, 3, 4], help="qsim's max fused gate size")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--qrt-python", help="folder of the qrt Python package: time qrt beside qsim")
    args = parser.parse_args()
    if args.qubits < 2:
        parser.error("--qubits must be at least 2")
    if args.format:
        sys.stdout.write(qsim_text(args.qubits) if args.format == "qsim" else qasm_text(args.qubits))
        return
    if not args.qsim_base:
        parser.error("give --format to print the circuit, or --qsim-base to run it")
    gates = LAYERS * (4 * args.qubits - 1)
    results, comparison, failures = [], [], []
    qrt_side = QrtSide(args.qrt_python, args.qubits) if args.qrt_python else None
    with tempfile.NamedTemporaryFile("w", suffix=".qsim") as circuit:
        circuit.write(qsim_text(args.qubits))
        circuit.flush()
        for threads in args.threads:
            if qrt_side:
                qrt_side.open(threads)
            qsim_runs = {fused: [] for fused in args.fused}
            qrt_runs = {config: [] for config in QrtSide.CONFIGS} if qrt_side else {}
            norms = []
            for _ in range(args.repeats):  # qsim and qrt alternate, so that load hits both alike
                for fused in args.fused:
                    load = os.getloadavg()[0]
                    seconds, norms = qsim_run(args.qsim_base, circuit.name, threads, fused)
                    qsim_runs[fused].append((seconds, load))
                for config in qrt_runs:
                    load = os.getloadavg()[0]
                    qrt_runs[config].append((qrt_side.time(config), load))
            for fused, runs in qsim_runs.items():
                best, load = min(runs)
                results.append({"name": f"qsim_layered/n:{args.qubits}/threads:{threads}/fused:{fused}",
                                "seconds_best": best, "seconds_all": [r[0] for r in runs],
                                "ms_per_gate": best * 1e3 / gates, "gates": gates, "loadavg_before_best": load})
            if not qrt_side:
                continue
            best_of = {config: min(runs) for config, runs in qrt_runs.items()}
            for (precision, tiles), runs in qrt_runs.items():
                best, load = best_of[(precision, tiles)]
                results.append({"name": f"qrt_layered/n:{args.qubits}/threads:{threads}/precision:{precision}/"
                                        f"tiles:{'on' if tiles else 'off'}",
                                "seconds_best": best, "seconds_all": [r[0] for r in runs],
                                "ms_per_gate": best * 1e3 / gates, "gates": gates, "loadavg_before_best": load})
            qsim_best = min(min(runs)[0] for runs in qsim_runs.values())
            checks = qrt_side.close(norms)
            failures += [f"threads {threads}: {f}" for f in check_failures(checks)]
            entry = {"threads": threads, "qsim_best_s": qsim_best, "checks": checks}
            for precision in ("double", "single"):
                tiled, untiled = best_of[(precision, True)][0], best_of[(precision, False)][0]
                entry[f"qrt_{precision}_tiled_over_qsim"] = tiled / qsim_best
                entry[f"qrt_{precision}_untiled_over_qsim"] = untiled / qsim_best
                entry[f"qrt_{precision}_tiled_speedup"] = untiled / tiled
            comparison.append(entry)
    report = {"precision": "single (qsim's float32)", "benchmarks": results}
    if qrt_side:
        report.update(comparison=comparison, failures=failures)
    json.dump(report, sys.stdout, indent=2)
    print()
    if failures:
        sys.exit("qsim_layered.py: results differ: " + "; ".join(failures))


if __name__ == "__main__":
    main()
