// Running under an MPI launcher (mpirun -n P qrt ..., or Python under mpirun): every rank runs the same
// program. qrt does not link MPI in the host: the rank comes from the launcher's environment (OpenMPI:
// OMPI_COMM_WORLD_RANK; PMIx: PMIX_RANK; MPICH/Hydra: PMI_RANK).
#pragma once

#include <optional>

namespace qrt {

// This process's rank as the launcher announced it; nullopt when not started by an MPI launcher.
std::optional<int> launcher_rank();

}  // namespace qrt
