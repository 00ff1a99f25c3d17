// How `qrt batch` writes its results: one JSON line per run (jsonl), or one document streamed as
// {"device": ..., "results": [...], "summary": {...}} (json), in input order, never holding all results.
#pragma once

#include <boost/json/object.hpp>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace qrt::cli {

class BatchWriter {
 public:
  // Writes to `out` (the results channel: results_channel.hpp).
  BatchWriter(std::FILE* out, bool json_document, const std::string& device);
  // Throws OutputError when the output could not be written (a full disk, a closed pipe).
  void write(const std::string& result);
  // Closes the document with the summary and extra members (key, serialised value); throws OutputError
  // when the output could not be written.
  void finish(const boost::json::object& summary, const std::vector<std::pair<std::string, std::string>>& extra);

 private:
  void put(const std::string& text);
  std::FILE* out_;
  bool json_;
  bool first_ = true;
};

}  // namespace qrt::cli
