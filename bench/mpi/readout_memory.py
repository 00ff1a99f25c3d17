#!/usr/bin/env python3
"""Peak RSS of `qrt run` on statevector.mpi, per rank, next to one statevector.qubit process, same circuit.

    /usr/bin/python3 bench/mpi/readout_memory.py [--qrt build/bin/qrt] [--qubits 26] [--ranks 4] [--mpirun mpirun]
                                                 [--cases probs_top256,shots1000,...]

For each case (what `qrt run` is asked for) it runs the circuit once in one process on statevector.qubit and
once under `mpirun -n RANKS` on statevector.mpi, each process wrapped so that its own peak RSS (getrusage of
the child: ru_maxrss) is recorded, and prints one JSON document: per case the single-process peak, every
rank's peak and the largest rank's ratio to the single process. Standard library only. As root, set
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; the script passes --oversubscribe.
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile

CASES = [
    # name, qrt run arguments, whether the circuit measures every qubit
    ("probs_top256", ["--probs", "--top", "256", "-o", "json"], False),
    ("shots1000", ["--shots", "1000", "--seed", "7", "-o", "json"], True),
    ("expval", ["--expval", "Z0 X{last}", "-o", "json"], False),
    ("expval_shots1000", ["--expval", "Z0 X{last}", "--shots", "1000", "--seed", "7", "-o", "json"], False),
]


def circuit(n, measured):
    """Every qubit rotated, a CX chain and a second layer: 2^n nonzero probabilities, no structure."""
    lines = ["OPENQASM 2.0;", 'include "qelib1.inc";', f"qreg q[{n}];", f"creg c[{n}];"]
    lines += [f"ry({0.3 + 0.01 * k:.4f}) q[{k}];" for k in range(n)]
    lines += [f"cx q[{k}],q[{k + 1}];" for k in range(n - 1)]
    lines += [f"rz({0.2 + 0.02 * k:.4f}) q[{k}];" for k in range(n)]
    lines += [f"rx({0.1 + 0.03 * k:.4f}) q[{k}];" for k in range(n)]
    if measured:
        lines.append("measure q -> c;")
    return "\n".join(lines) + "\n"


def wrapped(record, command):
    """Runs `command`, then writes its peak RSS (MiB) and exit status to `record`: one rank's measurement."""
    run = subprocess.run(command, stdout=subprocess.DEVNULL)
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    rank = int(os.environ.get("OMPI_COMM_WORLD_RANK", os.environ.get("PMIX_RANK", "0")))
    with open(f"{record}.{rank}", "w") as out:
        json.dump({"rank": rank, "peak_mib": peak_kib / 1024.0, "status": run.returncode}, out)
    return run.returncode


def measure(record_dir, name, launcher, command):
    record = os.path.join(record_dir, name)
    full = launcher + [sys.executable, os.path.abspath(__file__), "--wrap", record, "--"] + command
    subprocess.run(full, check=True)
    ranks = []
    for entry in sorted(os.listdir(record_dir)):
        if entry.startswith(name + "."):
            with open(os.path.join(record_dir, entry)) as f:
                ranks.append(json.load(f))
            os.remove(os.path.join(record_dir, entry))
    ranks.sort(key=lambda r: r["rank"])
    if any(r["status"] != 0 for r in ranks):
        raise SystemExit(f"{name}: qrt failed: {ranks}")
    return [round(r["peak_mib"], 1) for r in ranks]


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--wrap":
        return wrapped(sys.argv[2], sys.argv[4:])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--qrt", default="build/bin/qrt")
    parser.add_argument("--qubits", type=int, default=26)
    parser.add_argument("--ranks", type=int, default=4)
    parser.add_argument("--mpirun", default="mpirun")
    parser.add_argument("--cases", default=",".join(c[0] for c in CASES), help="comma-separated subset of the cases")
    args = parser.parse_args()
    wanted = args.cases.split(",")
    unknown = sorted(set(wanted) - {c[0] for c in CASES})
    if unknown:
        parser.error(f"unknown cases {unknown}; known: {[c[0] for c in CASES]}")
    qrt = os.path.abspath(args.qrt)
    n = args.qubits
    results = []
    with tempfile.TemporaryDirectory(prefix="qrt-readout-memory-") as work:
        files = {}
        for measured in (False, True):
            files[measured] = os.path.join(work, f"circuit_{'measured' if measured else 'final'}.qasm")
            with open(files[measured], "w") as f:
                f.write(circuit(n, measured))
        for name, flags, measured in (c for c in CASES if c[0] in wanted):
            flags = [a.replace("{last}", str(n - 1)) for a in flags]
            base = [qrt, "run", files[measured], "--no-progress"]
            single = measure(work, name + "-single", [], base + ["--device", "statevector.qubit"] + flags)[0]
            per_rank = measure(work, name + "-mpi", [args.mpirun, "--oversubscribe", "-n", str(args.ranks)],
                               base + ["--device", "statevector.mpi"] + flags)
            results.append({"case": name, "args": flags, "single_process_mib": single, "per_rank_mib": per_rank,
                            "max_rank_over_single": round(max(per_rank) / single, 3)})
    print(json.dumps({"qubits": n, "ranks": args.ranks, "state_mib": 16 * 2 ** n / 2 ** 20, "cases": results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
