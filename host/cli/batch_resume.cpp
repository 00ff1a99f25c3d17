#include "batch_resume.hpp"

#include "exit_status.hpp"

#include <qrt/error.hpp>

#include <boost/json.hpp>

#include <cstdio>
#include <fstream>
#include <string>

namespace qrt::cli {
namespace fs = std::filesystem;

namespace {

// The line's run index when it is a complete result of run `index` of this batch; throws for a foreign run.
bool complete_line_of_this_batch(const boost::json::object& line, const std::vector<RunLabel>& labels,
                                 const std::vector<fs::path>& files, const fs::path& out, std::size_t number,
                                 std::size_t& index) {
  const boost::json::value* i = line.if_contains("index");
  const boost::json::value* status = line.if_contains("status");
  if (!i || !i->is_number() || !status || !status->is_string()) return false;
  const auto value = i->to_number<std::int64_t>();
  const auto where = out.string() + ", line " + std::to_string(number);
  if (value < 0 || static_cast<std::size_t>(value) >= labels.size())
    throw UsageError(where + " is run " + std::to_string(value) +
                     ", which this batch does not have: resume with the inputs and --param of the batch that wrote it");
  index = static_cast<std::size_t>(value);
  const RunLabel& label = labels[index];
  const boost::json::value* file = line.if_contains("file");
  boost::json::object params;
  for (const auto& [name, v] : label.binding) params[name] = v;
  const boost::json::value* given = line.if_contains("params");
  const bool same_params = given ? *given == params : params.empty();
  if (!file || !file->is_string() || fs::path(std::string(file->get_string())) != files[label.file] || !same_params)
    throw UsageError(where + " is run " + std::to_string(index) + " of another batch (" +
                     (file && file->is_string() ? std::string(file->get_string()) : "no file") +
                     "): resume with the inputs and --param of the batch that wrote it");
  return status->get_string() == "ok" || status->get_string() == "error";
}

}  // namespace

std::vector<bool> resume_from(const fs::path& out, const std::vector<RunLabel>& labels,
                              const std::vector<fs::path>& files) {
  std::vector<bool> done(labels.size(), false);
  std::ifstream in(out, std::ios::binary);
  if (!in) return done;  // nothing written yet
  std::string kept, line;
  std::size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (in.eof()) break;  // no newline: cut short while it was written
    boost::system::error_code ec;
    const boost::json::value parsed = boost::json::parse(line, ec);
    if (ec || !parsed.is_object()) continue;
    std::size_t index = 0;
    if (!complete_line_of_this_batch(parsed.get_object(), labels, files, out, number, index) || done[index]) continue;
    done[index] = true;
    kept += line + "\n";
  }
  // The complete lines only, replaced atomically: a crash now leaves the old file or the new one.
  const fs::path temporary = out.string() + ".resume";
  {
    std::ofstream rewrite(temporary, std::ios::binary | std::ios::trunc);
    rewrite << kept;
    if (!rewrite.flush()) throw Error(ErrorCode::Internal, "cannot write " + temporary.string());
  }
  std::error_code ec;
  fs::rename(temporary, out, ec);
  if (ec) throw Error(ErrorCode::Internal, "cannot replace " + out.string() + ": " + ec.message());
  return done;
}

}  // namespace qrt::cli
