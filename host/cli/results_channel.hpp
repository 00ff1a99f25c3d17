// Standard output kept for qrt's own results. While a ResultsChannel lives, file descriptor 1 is standard
// error: whatever a plugin or a program writes to "stdout" (a printf in a device, a QIR program's puts) lands
// on stderr, and the results go to results(), the original standard output. So `qrt run -o json` and
// `qrt batch` print nothing but their document, whatever the code they run prints.
#pragma once

#include <cstdio>

namespace qrt::cli {

class ResultsChannel {
 public:
  ResultsChannel();   // throws qrt::Error(Internal) when the descriptors cannot be duplicated
  ~ResultsChannel();  // standard output is itself again (what others wrote meanwhile went to stderr)
  ResultsChannel(const ResultsChannel&) = delete;
  ResultsChannel& operator=(const ResultsChannel&) = delete;

  std::FILE* results() const { return results_; }

 private:
  int saved_stdout_ = -1;
  std::FILE* results_ = nullptr;
};

}  // namespace qrt::cli
