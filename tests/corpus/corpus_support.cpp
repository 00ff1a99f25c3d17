#include "corpus_support.hpp"

#include <boost/json/parse.hpp>

#include <fstream>
#include <sstream>

namespace corpus {

std::optional<std::filesystem::path> corpus_dir() {
  std::filesystem::path dir = QRT_TEST_CORPUS_DIR;
  if (std::filesystem::exists(dir / "expected.json") && std::filesystem::is_directory(dir / "qasmbench")) return dir;
  return std::nullopt;
}

const boost::json::object& expected() {
  static const boost::json::object doc = [] {
    std::ifstream in(*corpus_dir() / "expected.json");
    std::stringstream text;
    text << in.rdbuf();
    return boost::json::parse(text.str()).as_object();
  }();
  return doc;
}

qrt::Runtime& runtime() {
  static qrt::Runtime rt([] {
    qrt::RuntimeOptions o;
    o.plugin_dirs = {QRT_TEST_PLUGIN_DIR};
    return o;
  }());
  return rt;
}

}  // namespace corpus
