// Running `qrt` under an MPI launcher (mpirun -n P qrt run ... --device statevector.mpi): every rank runs
// the same program, so only rank 0 writes results. The host does not link MPI: the rank comes from the
// launcher's environment (OpenMPI: OMPI_COMM_WORLD_RANK; PMIx: PMIX_RANK; MPICH/Hydra: PMI_RANK).
#pragma once

#include <qrt/launcher.hpp>

#include <optional>
#include <string>

namespace qrt::cli {

using qrt::launcher_rank;  // <qrt/launcher.hpp>

// On ranks other than 0, sends standard output to /dev/null (results), keeping standard error
// (diagnostics, which may differ between ranks). Does nothing outside a launcher.
void quiet_unless_rank_zero();

// Writes one diagnostic (one or more lines, "qrt: error: ..." or "file:line:col: error: ...") to standard
// error in a single write, so that the messages of ranks never interleave; on ranks other than 0 the
// message names its rank ("qrt: rank 1: error: ..."). Every rank that fails says so: the host has no MPI
// to agree on one speaker, and an error of one rank alone must not go unseen.
void write_diagnostic(std::string text);

}  // namespace qrt::cli
