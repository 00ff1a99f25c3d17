// The process's MPI environment, as one device plugin sees it.
//
// MPI is initialised once per process (MPI_Init_thread with MPI_THREAD_MULTIPLE) unless the host
// application already did it (MPI_Initialized), and finalised at exit only if we initialised it.
// Outside mpirun, OpenMPI runs as a singleton: one rank, P = 1.
#pragma once

#include <mpi.h>

#include <string>
#include <type_traits>

namespace qrt::mpi {

class MpiSession {
 public:
  // Initialises MPI on first use; throws qrt::sdk::Error if MPI cannot give MPI_THREAD_MULTIPLE.
  static MpiSession& instance();

  int world_rank() const { return rank_; }
  int world_size() const { return size_; }

  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
  ~MpiSession();

 private:
  MpiSession();
  bool initialised_here_ = false;
  int rank_ = 0;
  int size_ = 1;
};

// A communicator of our own (MPI_Comm_dup of MPI_COMM_WORLD), so that collectives of two devices in
// one process never match each other's messages. Freed on destruction unless MPI is already finalised.
class Communicator {
 public:
  Communicator();
  ~Communicator();
  Communicator(const Communicator&) = delete;
  Communicator& operator=(const Communicator&) = delete;

  MPI_Comm get() const { return comm_; }
  int rank() const { return rank_; }
  int size() const { return size_; }

 private:
  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0;
  int size_ = 1;
};

// Errors that may differ between ranks (memory limits) must not leave the other ranks waiting in a
// collective: every rank calls this with its own verdict (empty = fine) and, if any rank failed, every
// rank throws the lowest failing rank's message, prefixed by that rank.
void agree_on_failure(const Communicator& comm, const std::string& local_error, int status_code);

// For failures after which the ranks cannot stay in step (a failed exchange): prints the message on
// stderr and aborts the whole job, so that no rank hangs waiting for this one.
[[noreturn]] void abort_job(const Communicator& comm, const std::string& message);

// The MPI datatype of std::complex<T> (T = double or float).
template <class T>
MPI_Datatype mpi_complex() {
  static_assert(std::is_same_v<T, double> || std::is_same_v<T, float>);
  return std::is_same_v<T, double> ? MPI_C_DOUBLE_COMPLEX : MPI_C_FLOAT_COMPLEX;
}

// MPI call result check: aborts the job with the MPI error string (an MPI failure is not recoverable).
void check_mpi(const Communicator& comm, int result, const char* what);

}  // namespace qrt::mpi
