#include "batch_writer.hpp"

#include "buffered_output.hpp"
#include "json_text.hpp"

#include <boost/json.hpp>

namespace qrt::cli {

BatchWriter::BatchWriter(std::FILE* out, bool json_document, const std::string& device)
    : out_(out), json_(json_document) {
  if (json_) put("{\"device\":" + boost::json::serialize(boost::json::string(device)) + ",\"results\":[");
}

void BatchWriter::put(const std::string& text) {
  // Flushed at once: a reader sees each result as it comes, and a failed write is known now.
  if (std::fwrite(text.data(), 1, text.size(), out_) != text.size() || std::fflush(out_) != 0)
    throw OutputError("writing the output failed; what was written is incomplete");
}

void BatchWriter::write(const std::string& result) {
  if (json_) {
    put((first_ ? "" : ",") + result);
    first_ = false;
  } else {
    put(result + "\n");
  }
}

void BatchWriter::finish(const boost::json::object& summary,
                         const std::vector<std::pair<std::string, std::string>>& extra) {
  if (!json_) return;
  std::string text = "],\"summary\":" + json_text(summary);
  for (const auto& [key, value] : extra) text += "," + boost::json::serialize(boost::json::string(key)) + ":" + value;
  put(text + "}\n");
}

}  // namespace qrt::cli
