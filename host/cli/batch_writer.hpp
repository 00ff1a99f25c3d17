// How `qrt batch` writes its results: one JSON line per run (jsonl), or one document streamed as
// {"device": ..., "results": [...], "summary": {...}} (json), in input order, never holding all results.
#pragma once

#include <boost/json/object.hpp>

#include <string>
#include <utility>
#include <vector>

namespace qrt::cli {

class BatchWriter {
 public:
  BatchWriter(bool json_document, const std::string& device);
  void write(const std::string& result);
  // Closes the document with the summary and extra members (key, serialised value); throws OutputError
  // when stdout could not be written.
  void finish(const boost::json::object& summary, const std::vector<std::pair<std::string, std::string>>& extra);

 private:
  bool json_;
  bool first_ = true;
};

}  // namespace qrt::cli
