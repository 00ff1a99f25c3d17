#include "batch_progress.hpp"

#include <cstdio>
#include <unistd.h>

namespace qrt::cli {

BatchProgress::BatchProgress(std::size_t total, bool enabled)
    : total_(total), enabled_(enabled), line_(stderr, ::isatty(STDERR_FILENO) == 1, "programs") {}

void BatchProgress::update(std::size_t done) {
  if (!enabled_) return;
  const auto now = Clock::now();
  if (now - last_ < (line_.terminal() ? std::chrono::milliseconds(100) : std::chrono::milliseconds(1000))) return;
  last_ = now;
  draw(done);
}

void BatchProgress::finish(std::size_t done) {
  if (!enabled_) return;
  draw(done);
  line_.keep();
}

void BatchProgress::draw(std::size_t done) {
  line_.draw(done, total_, std::chrono::duration<double>(Clock::now() - start_).count());
}

}  // namespace qrt::cli
