#include "mpi/mpi_session.hpp"

#include <qrt/sdk/error.hpp>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace qrt::mpi {

MpiSession& MpiSession::instance() {
  static MpiSession session;  // thread-safe initialisation; destroyed at exit (or when the plugin unloads)
  return session;
}

MpiSession::MpiSession() {
  int initialised = 0;
  MPI_Initialized(&initialised);
  int provided = MPI_THREAD_SINGLE;
  if (!initialised) {
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS)
      qrt::sdk::throw_failed_precondition("statevector.mpi: MPI_Init_thread failed");
    initialised_here_ = true;
  } else {
    MPI_Query_thread(&provided);
  }
  if (provided < MPI_THREAD_MULTIPLE)
    qrt::sdk::throw_failed_precondition(
        "statevector.mpi: MPI was initialised without MPI_THREAD_MULTIPLE (the host may call devices from "
        "several threads); initialise it with MPI_Init_thread(..., MPI_THREAD_MULTIPLE, ...)");
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiSession::~MpiSession() {
  int finalised = 0;
  MPI_Finalized(&finalised);
  if (initialised_here_ && !finalised) MPI_Finalize();
}

Communicator::Communicator() {
  MpiSession::instance();
  MPI_Comm_dup(MPI_COMM_WORLD, &comm_);
  MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN);
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
}

Communicator::~Communicator() {
  int finalised = 0;
  MPI_Finalized(&finalised);
  if (!finalised && comm_ != MPI_COMM_NULL) MPI_Comm_free(&comm_);
}

void agree_on_failure(const Communicator& comm, const std::string& local_error, int status_code) {
  const int mine = local_error.empty() ? comm.size() : comm.rank();
  int first = comm.size();
  check_mpi(comm, MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm.get()), "MPI_Allreduce");
  if (first == comm.size()) return;
  // The failing rank's message and status reach everyone.
  int header[2] = {static_cast<int>(local_error.size()), status_code};
  check_mpi(comm, MPI_Bcast(header, 2, MPI_INT, first, comm.get()), "MPI_Bcast");
  std::vector<char> text(local_error.begin(), local_error.end());
  text.resize(static_cast<std::size_t>(header[0]));
  check_mpi(comm, MPI_Bcast(text.data(), header[0], MPI_CHAR, first, comm.get()), "MPI_Bcast");
  throw qrt::sdk::Error(static_cast<qrt_status_code>(header[1]),
                        "statevector.mpi rank " + std::to_string(first) + ": " + std::string(text.begin(), text.end()));
}

void abort_job(const Communicator& comm, const std::string& message) {
  std::fprintf(stderr, "statevector.mpi rank %d: %s; aborting the MPI job\n", comm.rank(), message.c_str());
  std::fflush(stderr);
  MPI_Abort(comm.get() == MPI_COMM_NULL ? MPI_COMM_WORLD : comm.get(), 1);
  std::abort();  // not reached: MPI_Abort does not return
}

void check_mpi(const Communicator& comm, int result, const char* what) {
  if (result == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING] = {};
  int length = 0;
  MPI_Error_string(result, text, &length);
  abort_job(comm, std::string(what) + " failed: " + std::string(text, static_cast<std::size_t>(length)));
}

}  // namespace qrt::mpi
