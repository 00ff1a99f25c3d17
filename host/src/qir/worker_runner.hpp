// The QIR front end inside an isolation worker (isolation/compiled_runners.hpp): rebuilds a compiled
// program from what CompiledQirRun sends (the module's bytes, the entry point, shots, seed) and runs its
// shots on the worker's device with shot_loop.hpp, the code qir::run uses in process, sending each shot's
// output to the host as it ends. The worker loads libqrt_qir for it when the first such program arrives,
// through this entry point:
#pragma once

#include "isolation/compiled_runners.hpp"

extern "C" const qrt::isolation::CompiledFrontEnd* qrt_worker_front_end_qir();
