"""The Python package's benchmark (issue 22), printing one JSON document:

- state_rss: Device.state() at n qubits (default 26) in a fresh interpreter: peak RSS against the
  device's state + the array + 10 % (no intermediate 2^n copy).
- threads: two Python threads, each running a 22-qubit layered circuit on its own threads=1 device and
  reading <Z0> (a run applies its gates before it returns: qrt.synchronize/1), against one thread: throughput ratio
  (>= 1.8 when the GIL is released while programs run).
- overhead: a 2-qubit Bell program loaded once, `dev.run` + `dev.probabilities()` on a pooled device,
  per call, against the same loop in C++ (bench_python_baseline), measured side by side.

    PYTHONPATH=build/python /usr/bin/python3 bench/python/python_bench.py [--baseline build/bin/bench_python_baseline]
Each timing is the best of --repeat runs (a busy second core stalls a run by milliseconds), and the
document records the load average before and after. Timings depend on the machine and its load: quote
them with the machine they came from.
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import threading
import time

import qrt

BELL = 'OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[2];\ncreg c[2];\nh q[0];\ncx q[0], q[1];\nmeasure q -> c;\n'


def layered(n, layers):
    lines = ["OPENQASM 2.0;", 'include "qelib1.inc";', f"qreg q[{n}];"]
    for layer in range(layers):
        lines += [f"rx({0.1 * (layer + 1)}) q[{k}];" for k in range(n)]
        lines += [f"cx q[{k}], q[{k + 1}];" for k in range(layer % 2, n - 1, 2)]
    return qrt.Program.from_qasm("\n".join(lines) + "\n", f"layered_{n}x{layers}.qasm")


STATE_CHILD = r'''
import json, resource, sys
import qrt
n = int(sys.argv[1])
program = qrt.Program.from_qasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[%d]; h q;' % n)
with qrt.Device("statevector.qubit") as dev:
    dev.run(program)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    state = dev.state()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps({"qubits": n, "array_bytes": state.nbytes, "peak_rss_before_state": before, "peak_rss": peak}))
'''


def state_rss(n):
    out = subprocess.run([sys.executable, "-c", STATE_CHILD, str(n)], check=True, capture_output=True, text=True).stdout
    r = json.loads(out)
    state_bytes = 16 * 2 ** n  # the device's complex128 state
    r["device_state_bytes"] = state_bytes
    r["limit_bytes"] = int(1.1 * (state_bytes + r["array_bytes"]))
    r["ratio_to_state_plus_array"] = r["peak_rss"] / (state_bytes + r["array_bytes"])
    r["within_limit"] = r["peak_rss"] <= r["limit_bytes"]
    return r


def threads(n, layers, runs, repeat):
    program = layered(n, layers)

    def work(count):
        with qrt.Device("statevector.qubit:threads=1") as dev:
            for _ in range(count):
                dev.run(program)
                dev.expval("Z0")  # a read, as a user's loop makes one

    def rate(thread_count):
        workers = [threading.Thread(target=work, args=(runs,)) for _ in range(thread_count)]
        start = time.perf_counter()
        for t in workers:
            t.start()
        for t in workers:
            t.join()
        return thread_count * runs / (time.perf_counter() - start)

    work(1)  # warm: instance created, plugin loaded
    one = max(rate(1) for _ in range(repeat))
    two = max(rate(2) for _ in range(repeat))
    return {"qubits": n, "layers": layers, "runs_per_thread": runs, "repeat": repeat, "one_thread_runs_per_s": one,
            "two_threads_runs_per_s": two, "speedup": two / one, "cpus": os.cpu_count()}


def overhead(baseline, iterations, repeat):
    program = qrt.Program.from_qasm(BELL, "bell.qasm")
    with qrt.Device("statevector.qubit:threads=1") as dev:
        for _ in range(iterations // 10):
            dev.run(program)
            dev.probabilities()
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            for _ in range(iterations):
                dev.run(program)
                dev.probabilities()
            best = min(best, 1e9 * (time.perf_counter() - start) / iterations)
    cpp = min(json.loads(subprocess.run([baseline, str(iterations)], check=True, capture_output=True,
                                        text=True).stdout)["ns_per_call"] for _ in range(repeat))
    return {"iterations": iterations, "repeat": repeat, "python_ns_per_call": best, "cpp_ns_per_call": cpp,
            "ratio": best / cpp}


def main():
    default_baseline = pathlib.Path(qrt.__file__).resolve().parents[2] / "bin" / "bench_python_baseline"
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", default=str(default_baseline), help="the C++ loop (bench_python_baseline)")
    parser.add_argument("--state-qubits", type=int, default=26)
    parser.add_argument("--thread-qubits", type=int, default=22)
    parser.add_argument("--layers", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=5, help="runs per timing; the best is reported")
    parser.add_argument("--only", choices=["state_rss", "threads", "overhead"], action="append")
    args = parser.parse_args()
    todo = args.only or ["state_rss", "threads", "overhead"]
    doc = {"qrt": qrt.__version__, "python": sys.version.split()[0], "load_average_before": os.getloadavg()}
    if "overhead" in todo:
        doc["overhead"] = overhead(args.baseline, args.iterations, args.repeat)
    if "threads" in todo:
        doc["threads"] = threads(args.thread_qubits, args.layers, args.runs, args.repeat)
    if "state_rss" in todo:
        doc["state_rss"] = state_rss(args.state_qubits)
    doc["load_average_after"] = os.getloadavg()
    print(json.dumps(doc, indent=2))


if __name__ == "__main__":
    main()
