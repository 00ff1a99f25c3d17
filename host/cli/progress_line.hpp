// One line of progress on stderr, shared by `qrt batch` (programs done) and `qrt run` (operations
// applied): done/total, percent, rate, elapsed time and an estimate of the time left. On a terminal it
// is a bar redrawn in place; elsewhere (a log, a pipe) one plain line per draw. Callers decide when to
// draw (batch_command.cpp, run_progress.hpp).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace qrt::cli {

class ProgressLine {
 public:
  // `unit`: what is counted, plural ("programs", "operations").
  ProgressLine(std::FILE* out, bool terminal, std::string unit)
      : out_(out), terminal_(terminal), unit_(std::move(unit)) {}

  void draw(std::uint64_t done, std::uint64_t total, double elapsed_seconds);
  // For a run whose amount of work is not known up front (a compiled program: loops, branches): the bar
  // follows the shots, and the units counted so far are shown with their rate; no estimate of the time left.
  void draw_shots(std::uint64_t shots_done, std::uint64_t shots_total, std::uint64_t done, double elapsed_seconds);
  // Terminal: erases the bar, so that what is printed next starts on a clean line. Elsewhere: nothing.
  void clear();
  // Terminal: ends the bar's line, leaving the last draw on screen. Elsewhere: nothing.
  void keep();

  bool terminal() const noexcept { return terminal_; }

 private:
  std::FILE* out_;
  bool terminal_;
  std::string unit_;
  bool shown_ = false;  // a bar is on the terminal's current line
};

// "0.4s", "12.3s", "4m05s", "2h07m": seconds as a person reads them.
std::string format_duration(double seconds);

}  // namespace qrt::cli
