#include "results_channel.hpp"

#include <qrt/error.hpp>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <unistd.h>

namespace qrt::cli {

ResultsChannel::ResultsChannel() {
  std::fflush(stdout);
  saved_stdout_ = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);  // not inherited: workers and children see stderr
  if (saved_stdout_ < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
    throw Error(ErrorCode::Internal, std::string("cannot set standard output aside: ") + std::strerror(errno));
  const int ours = ::fcntl(saved_stdout_, F_DUPFD_CLOEXEC, 3);
  results_ = ours >= 0 ? ::fdopen(ours, "w") : nullptr;
  if (results_ == nullptr) {
    if (ours >= 0) ::close(ours);
    ::dup2(saved_stdout_, STDOUT_FILENO);
    ::close(saved_stdout_);
    throw Error(ErrorCode::Internal, std::string("cannot open the results stream: ") + std::strerror(errno));
  }
}

ResultsChannel::~ResultsChannel() {
  std::fflush(stdout);    // what the run's code buffered goes to stderr, where it was written
  std::fclose(results_);  // the writers flushed it and checked for errors (BufferedOutput, BatchWriter)
  ::dup2(saved_stdout_, STDOUT_FILENO);
  ::close(saved_stdout_);
}

}  // namespace qrt::cli
