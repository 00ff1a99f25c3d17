#include "batch_writer.hpp"

#include "exit_status.hpp"
#include "json_text.hpp"

#include <boost/json.hpp>

#include <iostream>

namespace qrt::cli {

BatchWriter::BatchWriter(bool json_document, const std::string& device) : json_(json_document) {
  if (json_) std::cout << "{\"device\":" << boost::json::serialize(boost::json::string(device)) << ",\"results\":[";
}

void BatchWriter::write(const std::string& result) {
  if (json_) {
    std::cout << (first_ ? "" : ",") << result;
    first_ = false;
  } else {
    std::cout << result << '\n' << std::flush;  // a reader sees each result as it comes
  }
}

void BatchWriter::finish(const boost::json::object& summary, const std::vector<std::pair<std::string, std::string>>& extra) {
  if (json_) {
    std::cout << "],\"summary\":" << json_text(summary);
    for (const auto& [key, value] : extra) std::cout << ',' << boost::json::serialize(boost::json::string(key)) << ':' << value;
    std::cout << "}\n";
  }
  std::cout.flush();
  if (!std::cout) throw OutputError("writing the output failed; what was written is incomplete");
}

}  // namespace qrt::cli
