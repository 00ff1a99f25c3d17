#!/usr/bin/python3
"""Tiled against untiled statevector.qubit on OpenQASM files (issue 34): QASMBench's medium and large
circuits of 17 to 28 qubits, say, which the bundled corpus (at most 16 qubits) does not hold.

For every file, `qrt run FILE --probs --top K -o json` on the device with tiles=true and with tiles=false,
alternating, best of --repetitions; the time is qrt's own `run` timing (parse excluded; it includes
allocating and first touching the state and computing the probabilities, which dominate circuits of few
gates: see --warm). The two runs' top-K probabilities must agree to 1e-12 (1e-5 in single precision), or
the file is reported as a mismatch.
Circuits that measure mid-circuit run shot by shot with --dynamic-shots shots (seed 7) instead, and their
counts must be equal. Prints one JSON object: per file the qubits, gates, both best times and their ratio, and the
totals; the load average at start and end.

    bench/qasm/tiles_qasm.py --qrt build/bin/qrt --dir /path/to/QASMBench/medium --dir .../large \\
        [--min-qubits 17] [--max-qubits 27] [--repetitions 3] [--threads 1] [--precision double]
        [--dynamic-shots 20] [--skip REGEX] [--tiled-kwargs tile_qubits=10,tile_min_qubits=11] [--warm]

With --tiled-kwargs small tiles make the bundled corpus (2-16 qubits) take the tiled path, as a check of
its results against the untiled path (../shared/qasm/qasmbench, --min-qubits 11).

With --warm the circuits run through the Python module instead (--python: the folder holding the qrt
package, default build/python beside --qrt's bin/): one qrt.Device per configuration runs each circuit
once, then --repetitions more times, timed; the state stays allocated between runs (as a device kept
by a program that runs many circuits), so the times leave out allocating and first touching the state
and computing the probabilities: on a virtual machine the first touch ran at 0.2-8 GB/s from one run to
the next (4 GiB at n = 28: 0.5-23 s), the same for both paths, and swamps the difference the tiles make.
Circuits that measure mid-circuit are skipped in this mode.

Files are searched recursively (*.qasm); those outside [min-qubits, max-qubits] are skipped (a state
of n qubits needs 16 * 2^n bytes, 8 * 2^n in single precision).
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys


def load_average():
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def qubits_of(path):
    text = path.read_text(errors="replace")
    return sum(int(m) for m in re.findall(r"^\s*qreg\s+\w+\s*\[\s*(\d+)\s*\]", text, re.M))


def run(qrt, path, device, top, shots):
    what = ["--shots", str(shots), "--seed", "7"] if shots else ["--probs", "--top", str(top)]
    out = subprocess.run([qrt, "run", str(path), "-d", device, *what, "-o", "json", "--no-progress"],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip() or out.stdout.strip())
    return json.loads(out.stdout)


def needs_shots(qrt, path):
    """Circuits that measure mid-circuit have no final-state probabilities: they are run with shots."""
    out = subprocess.run([qrt, "run", str(path), "--probs", "--top", "1", "-o", "json", "--no-progress"],
                         capture_output=True, text=True)
    return "mid-circuit" in out.stderr


def top_table(doc):
    probs = doc.get("probabilities")
    if isinstance(probs, dict):
        return {k: float(v) for k, v in probs.items()}
    if isinstance(probs, list):  # [{"state": ..., "probability": ...}] or plain values
        table = {}
        for i, entry in enumerate(probs):
            if isinstance(entry, dict):
                table[str(entry.get("state", entry.get("outcome", i)))] = float(entry.get("probability", 0))
            else:
                table[str(i)] = float(entry)
        return table
    return {}


def import_qrt(a):
    folder = a.python or str(pathlib.Path(a.qrt).resolve().parent.parent / "python")
    sys.path.insert(0, folder)
    import qrt  # noqa: E402 (the build's module, found through --python)
    return qrt


def warm_run(qrt, path, device, repetitions, top):
    """Best of `repetitions` runs on a device that already ran the circuit once, and its top-K table."""
    import time
    program = qrt.load(str(path))
    with qrt.Device(device) as d:
        d.run(program)
        best = float("inf")
        for _ in range(repetitions):
            start = time.perf_counter()
            d.run(program)
            best = min(best, time.perf_counter() - start)
        probs = d.probabilities()
    k = min(top, probs.size)
    order = probs.argsort()[::-1][:k]
    return best, {format(int(i), "b").zfill(int(probs.size).bit_length() - 1): float(probs[i]) for i in order}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--qrt", required=True)
    p.add_argument("--dir", action="append", required=True)
    p.add_argument("--min-qubits", type=int, default=17)
    p.add_argument("--max-qubits", type=int, default=27)
    p.add_argument("--repetitions", type=int, default=3)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--precision", choices=["double", "single"], default="double")
    p.add_argument("--top", type=int, default=32)
    p.add_argument("--dynamic-shots", type=int, default=20)
    p.add_argument("--skip", default=None, help="regular expression: files whose name matches are left out")
    p.add_argument("--tiled-kwargs", default="", help="extra kwargs of the tiled device, e.g. tile_qubits=10")
    p.add_argument("--warm", action="store_true", help="time runs on a kept device through the Python module")
    p.add_argument("--python", default=None, help="folder of the qrt Python package (with --warm)")
    a = p.parse_args()
    qrt_module = import_qrt(a) if a.warm else None

    files = sorted({f for d in a.dir for f in pathlib.Path(d).rglob("*.qasm")})
    files = [f for f in files if a.min_qubits <= qubits_of(f) <= a.max_qubits]
    if a.skip:
        files = [f for f in files if not re.search(a.skip, f.name)]
    base = f"statevector.qubit:threads={a.threads},precision={a.precision}"
    tolerance = 1e-5 if a.precision == "single" else 1e-12
    report = {"benchmark": "tiles_qasm", "mode": "warm" if a.warm else "cli", "threads": a.threads,
              "precision": a.precision,
              "repetitions": a.repetitions, "loadavg_start": load_average(), "circuits": []}
    totals = {"tiled_s": 0.0, "untiled_s": 0.0}
    for f in files:
        best = {"tiled": float("inf"), "untiled": float("inf")}
        tables = {}
        entry = {"file": f.name, "qubits": qubits_of(f)}
        shots = a.dynamic_shots if needs_shots(a.qrt, f) else 0
        if shots and a.warm:
            print(f"tiles_qasm: {f.name}: measures mid-circuit, skipped with --warm", file=sys.stderr)
            continue
        if shots:
            entry["shots"] = shots
        tiled = base + ",tiles=true" + ("," + a.tiled_kwargs if a.tiled_kwargs else "")
        devices = (("untiled", base + ",tiles=false"), ("tiled", tiled))
        try:
            if a.warm:
                for name, device in devices:
                    best[name], tables[name] = warm_run(qrt_module, f, device, a.repetitions, a.top)
            for _ in range(0 if a.warm else a.repetitions):
                for name, device in devices:
                    doc = run(a.qrt, f, device, a.top, shots)
                    best[name] = min(best[name], float(doc["timings"]["run_s"]))
                    tables[name] = {k: float(v) for k, v in doc["counts"].items()} if shots else top_table(doc)
                    entry["gates"] = doc.get("circuit", {}).get("gates", entry.get("gates"))
        except (RuntimeError, KeyError, ValueError, getattr(qrt_module, "Error", RuntimeError)) as e:
            entry["error"] = str(e)[:300]
            report["circuits"].append(entry)
            print(f"tiles_qasm: {f.name}: {entry['error']}", file=sys.stderr)
            continue
        if shots:  # seeded counts: the same outcomes, the same numbers
            keys = set(tables["tiled"]) | set(tables["untiled"])
            worst = max((abs(tables["tiled"].get(k, 0.0) - tables["untiled"].get(k, 0.0)) for k in keys), default=0.0)
        else:  # the top-K values in order, and each outcome in both (ties may pick different outcomes)
            ranked = [sorted(tables[name].values(), reverse=True) for name in ("tiled", "untiled")]
            worst = max((abs(x - y) for x, y in zip(*ranked)), default=0.0)
            if len(ranked[0]) != len(ranked[1]):
                worst = float("inf")
            common = set(tables["tiled"]) & set(tables["untiled"])
            worst = max([worst] + [abs(tables["tiled"][k] - tables["untiled"][k]) for k in common])
        entry.update({"tiled_s": best["tiled"], "untiled_s": best["untiled"],
                      "speedup": best["untiled"] / best["tiled"] if best["tiled"] > 0 else None,
                      "max_difference": worst, "match": worst <= (0 if shots else tolerance)})
        totals["tiled_s"] += best["tiled"]
        totals["untiled_s"] += best["untiled"]
        report["circuits"].append(entry)
        print(f"tiles_qasm: {f.name} n={entry['qubits']}: tiled {best['tiled']:.4f} s, untiled {best['untiled']:.4f} s",
              file=sys.stderr)
    report["total"] = dict(totals, speedup=totals["untiled_s"] / totals["tiled_s"] if totals["tiled_s"] else None)
    report["mismatches"] = [c["file"] for c in report["circuits"] if c.get("match") is False]
    report["loadavg_end"] = load_average()
    print(json.dumps(report, indent=1))
    return 1 if report["mismatches"] else 0


if __name__ == "__main__":
    sys.exit(main())
