// How `qrt batch` spreads its programs over the ranks of an MPI job (`mpirun -n P qrt batch FILES...`):
// program i runs on rank i mod P (each rank with its own pool and workers); the other ranks send each
// finished result to rank 0, which writes them all in input order. One process is the case P = 1.
//
// The split applies to devices that live in one process. A device that spans the ranks (capability
// "collective", e.g. statevector.mpi) needs every rank in every call: then each rank runs every program,
// one at a time, and rank 0 alone prints (see main.cpp).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace qrt::cli {

// A finished program's result line and how it ended.
struct BatchOutcome {
  enum class Status : char { Ok = 'o', Failed = 'f', Cancelled = 'c' };
  Status status = Status::Ok;
  std::string json;  // one JSON object, serialised
};

class BatchRanks {
 public:
  // A job of one: this process runs everything.
  BatchRanks() = default;

  // This process's place in the MPI job it was launched in; a job of one when not started by an MPI
  // launcher. Under a launcher in a build without MPI, warns (rank 0) that every rank runs every
  // program. Throws qrt::Error when MPI cannot be initialised.
  static BatchRanks of_launch();

  int rank() const noexcept { return rank_; }
  int size() const noexcept { return size_; }
  bool owns(std::size_t index) const noexcept {
    return index % static_cast<std::size_t>(size_) == static_cast<std::size_t>(rank_);
  }
  int owner(std::size_t index) const noexcept { return static_cast<int>(index % static_cast<std::size_t>(size_)); }

  // Ranks other than 0: hands a result to rank 0 (in this rank's index order).
  void send_to_zero(const BatchOutcome& outcome) const;
  // Rank 0: the next result from rank `from` if it has arrived.
  std::optional<BatchOutcome> try_receive(int from) const;
  // Rank 0's exit status on every rank, so that every rank exits with the same status.
  int agree_exit_status(int status) const;
  // Every rank's text, in rank order, on rank 0 (empty elsewhere).
  std::vector<std::string> gather(const std::string& mine) const;
  // Ends every rank of the job: what a rank does when it cannot go on, so that no rank waits forever.
  [[noreturn]] void abort(const std::string& message) const;

 private:
  BatchRanks(int rank, int size) : rank_(rank), size_(size) {}
  int rank_ = 0, size_ = 1;
};

}  // namespace qrt::cli
