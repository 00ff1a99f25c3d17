#include "batch_ranks.hpp"

#include "mpi_launch.hpp"

#include <qrt/error.hpp>

#include <cstdio>
#include <cstdlib>
#include <exception>

#ifdef QRT_HAVE_MPI_JOB
#include <mpi/mpi_job.hpp>
#endif

namespace qrt::cli {

#ifdef QRT_HAVE_MPI_JOB

namespace {
const mpi_job::Job& job() { return mpi_job::Job::world(); }
}  // namespace

BatchRanks BatchRanks::of_launch() {
  if (!launcher_rank()) return {};
  try {
    const mpi_job::Job& world = job();
    return BatchRanks(world.rank(), world.size());
  } catch (const std::exception& e) {
    throw Error(ErrorCode::FailedPrecondition, std::string("started by an MPI launcher, but ") + e.what());
  }
}

// A message is the status letter followed by the JSON text.
void BatchRanks::send_to_zero(const BatchOutcome& outcome) const {
  std::string message(1, static_cast<char>(outcome.status));
  message += outcome.json;
  job().send(0, message);
}

std::optional<BatchOutcome> BatchRanks::try_receive(int from) const {
  std::optional<std::string> message = job().try_receive(from);
  if (!message) return std::nullopt;
  if (message->empty()) abort("an empty result message from rank " + std::to_string(from));
  BatchOutcome outcome{static_cast<BatchOutcome::Status>((*message)[0]), message->substr(1)};
  return outcome;
}

int BatchRanks::agree_exit_status(int status) const { return size_ > 1 ? job().broadcast(status, 0) : status; }

std::vector<std::string> BatchRanks::gather(const std::string& mine) const {
  if (size_ == 1) return {mine};
  return job().gather_to_zero(mine);
}

void BatchRanks::abort(const std::string& message) const {
  if (size_ > 1) job().abort(message, 1);
  std::fprintf(stderr, "qrt: %s\n", message.c_str());
  std::exit(1);
}

#else  // built without MPI: every rank is a job of one

BatchRanks BatchRanks::of_launch() {
  if (const std::optional<int> rank = launcher_rank(); rank && *rank == 0)
    std::fprintf(stderr,
                 "qrt: warning: started by an MPI launcher, but this qrt was built without MPI: every rank "
                 "runs every program (rank 0 alone prints)\n");
  return {};
}

void BatchRanks::send_to_zero(const BatchOutcome&) const {}
std::optional<BatchOutcome> BatchRanks::try_receive(int) const { return std::nullopt; }
int BatchRanks::agree_exit_status(int status) const { return status; }
std::vector<std::string> BatchRanks::gather(const std::string& mine) const { return {mine}; }

void BatchRanks::abort(const std::string& message) const {
  std::fprintf(stderr, "qrt: %s\n", message.c_str());
  std::exit(1);
}

#endif

}  // namespace qrt::cli
