#include "mpi/mpi_job.hpp"

#include <mpi.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace qrt::mpi_job {

struct Job::Comm {
  MPI_Comm handle = MPI_COMM_NULL;
};

namespace {

constexpr int kTextTag = 17;

// MPI errors are fatal for a job whose ranks wait on each other: report and end every rank.
void check(int result, const char* what) {
  if (result == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING] = {};
  int length = 0;
  MPI_Error_string(result, text, &length);
  std::fprintf(stderr, "qrt: %s failed: %.*s; aborting the MPI job\n", what, length, text);
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
  std::abort();  // not reached
}

int byte_count(std::size_t size) {
  if (size > static_cast<std::size_t>(INT_MAX))
    throw std::length_error("a result of " + std::to_string(size) + " bytes is too large to send between MPI ranks");
  return static_cast<int>(size);
}

std::string receive_probed(MPI_Comm comm, const MPI_Status& probed) {
  int count = 0;
  check(MPI_Get_count(&probed, MPI_CHAR, &count), "MPI_Get_count");
  std::string text(static_cast<std::size_t>(count), '\0');
  check(MPI_Recv(text.data(), count, MPI_CHAR, probed.MPI_SOURCE, kTextTag, comm, MPI_STATUS_IGNORE), "MPI_Recv");
  return text;
}

}  // namespace

Job& Job::world() {
  static Job job;  // initialised once, thread-safely; finalises at exit
  return job;
}

Job::Job() : comm_(std::make_unique<Comm>()) {
  int initialised = 0;
  MPI_Initialized(&initialised);
  if (!initialised) {
    int provided = MPI_THREAD_SINGLE;
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS)
      throw std::runtime_error("MPI_Init_thread failed");
    initialised_here_ = true;
  }
  check(MPI_Comm_dup(MPI_COMM_WORLD, &comm_->handle), "MPI_Comm_dup");
  // Errors come back as codes, reported by check() with the call's name.
  MPI_Comm_set_errhandler(comm_->handle, MPI_ERRORS_RETURN);
  MPI_Comm_rank(comm_->handle, &rank_);
  MPI_Comm_size(comm_->handle, &size_);
}

Job::~Job() {
  int finalised = 0;
  MPI_Finalized(&finalised);
  if (finalised) return;
  if (comm_->handle != MPI_COMM_NULL) MPI_Comm_free(&comm_->handle);
  if (initialised_here_) MPI_Finalize();
}

void Job::send(int to, std::string_view text) const {
  check(MPI_Send(text.data(), byte_count(text.size()), MPI_CHAR, to, kTextTag, comm_->handle), "MPI_Send");
}

std::optional<std::string> Job::try_receive(int from) const {
  int arrived = 0;
  MPI_Status status;
  check(MPI_Iprobe(from, kTextTag, comm_->handle, &arrived, &status), "MPI_Iprobe");
  if (!arrived) return std::nullopt;
  return receive_probed(comm_->handle, status);
}

std::string Job::receive(int from) const {
  MPI_Status status;
  check(MPI_Probe(from, kTextTag, comm_->handle, &status), "MPI_Probe");
  return receive_probed(comm_->handle, status);
}

int Job::broadcast(int value, int root) const {
  check(MPI_Bcast(&value, 1, MPI_INT, root, comm_->handle), "MPI_Bcast");
  return value;
}

std::vector<std::string> Job::gather_to_zero(std::string_view mine) const {
  if (rank_ != 0) {
    send(0, mine);
    return {};
  }
  std::vector<std::string> all;
  all.reserve(static_cast<std::size_t>(size_));
  all.emplace_back(mine);
  for (int from = 1; from < size_; ++from) all.push_back(receive(from));
  return all;
}

void Job::abort(const std::string& message, int exit_code) const {
  std::fprintf(stderr, "qrt: rank %d: %s; aborting the MPI job\n", rank_, message.c_str());
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, exit_code);
  std::abort();  // not reached: MPI_Abort does not return
}

}  // namespace qrt::mpi_job
