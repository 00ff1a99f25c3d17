// `qrt batch`'s progress on stderr: the shared progress line (progress_line.hpp), a bar with rate and ETA
// on a terminal (redrawn 10 times a second), plain lines elsewhere (once a second).
#pragma once

#include "progress_line.hpp"

#include <chrono>
#include <cstddef>

namespace qrt::cli {

class BatchProgress {
 public:
  BatchProgress(std::size_t total, bool enabled);
  void update(std::size_t done);  // throttled
  void finish(std::size_t done);  // the last line stays

 private:
  using Clock = std::chrono::steady_clock;
  void draw(std::size_t done);

  std::size_t total_;
  bool enabled_;
  ProgressLine line_;
  Clock::time_point start_ = Clock::now(), last_{};
};

}  // namespace qrt::cli
