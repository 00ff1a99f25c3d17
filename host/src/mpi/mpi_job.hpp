// qrt::mpi_job::Job — this process as one rank of an MPI job, from the host's side (the CLI's distributed
// `qrt batch`). MPI is initialised once per process, with MPI_THREAD_MULTIPLE (a device such as
// statevector.mpi may be called from worker threads), unless someone already did (MPI_Initialized), and
// finalised at exit only when initialised here. Messages use a communicator of their own (a duplicate of
// MPI_COMM_WORLD), so they never mix with a device's traffic.
//
// Threads: every member is called from one thread (the CLI's main thread).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qrt::mpi_job {

class Job {
 public:
  // Joins the job (initialising MPI on first use). Throws std::runtime_error if MPI cannot be initialised.
  static Job& world();

  int rank() const noexcept { return rank_; }
  int size() const noexcept { return size_; }

  // Sends `text` to rank `to` (blocking until MPI has taken the buffer). Message tags order nothing:
  // messages from one rank arrive in the order it sent them.
  void send(int to, std::string_view text) const;
  // The next message from rank `from` if one has arrived, else nullopt; does not block.
  std::optional<std::string> try_receive(int from) const;
  // The next message from rank `from`, waiting for it.
  std::string receive(int from) const;
  // Rank `root`'s value on every rank.
  int broadcast(int value, int root) const;
  // Every rank's `mine`, in rank order, on rank 0 (empty elsewhere).
  std::vector<std::string> gather_to_zero(std::string_view mine) const;

  // Ends the whole job (every rank) with `exit_code` after printing `message` with this rank's number;
  // what a failing rank does so that the others never wait for it.
  [[noreturn]] void abort(const std::string& message, int exit_code) const;

  Job(const Job&) = delete;
  Job& operator=(const Job&) = delete;

 private:
  Job();
  ~Job();

  bool initialised_here_ = false;
  int rank_ = 0, size_ = 1;
  struct Comm;  // holds the MPI_Comm: keeps mpi.h out of this header
  std::unique_ptr<Comm> comm_;
};

}  // namespace qrt::mpi_job
