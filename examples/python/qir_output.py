"""A QIR program (LLVM IR or bitcode) run for a few shots: its records per shot, a histogram, and the
exact text `qrt run` prints.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/qir_output.py ../shared/qir/random-bit.bc
"""

import sys

import qrt

path = sys.argv[1] if len(sys.argv) > 1 else "../shared/qir/random-bit.bc"
program = qrt.load(path)                         # compiled once
result = qrt.run(program, shots=5, seed=7)
print("entry point:", program.entry)
print("shots:", result.shots)                    # [(kind, value, label), ...] per shot
print("histogram:", result.counts)
print(result.output, end="")                     # byte for byte what `qrt run` prints
