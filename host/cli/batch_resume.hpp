// `qrt batch --out FILE --resume`: the runs whose complete result line FILE already holds are not run again.
// A line is complete when it parses, names a run of this batch (its index, file and parameters agree) and its
// status is "ok" or "error"; "cancelled" runs and a line cut short (the batch was killed while writing it) are
// run again. FILE is first rewritten to its complete lines, so that the lines appended now follow whole ones.
#pragma once

#include "batch_line.hpp"

#include <filesystem>
#include <vector>

namespace qrt::cli {

// done[i]: run i has a complete line in `out`. Throws UsageError for a line that belongs to another batch
// (other inputs or parameters: resuming it would mix two batches), qrt::Error for a file that cannot be read
// or rewritten. A missing file resumes nothing.
std::vector<bool> resume_from(const std::filesystem::path& out, const std::vector<RunLabel>& labels,
                              const std::vector<std::filesystem::path>& files);

}  // namespace qrt::cli
