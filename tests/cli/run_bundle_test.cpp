// `make run` builds the target qrt_run_bundle only: it must hold what `qrt run` needs (the CLI, the worker,
// every shipped plugin), the Python package (importable from the build tree after `make run`) and nothing
// that only tests, benchmarks or fuzzing need.
#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace {

std::set<std::string> words(const std::string& text) {
  std::set<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) out.insert(w);
  return out;
}

}  // namespace

TEST_CASE("make run's target holds the CLI, the worker and every shipped plugin, and nothing else", "[build]") {
  std::ifstream file(QRT_TEST_RUN_BUNDLE_FILE);
  REQUIRE(file.good());
  std::stringstream text;
  text << file.rdbuf();
  const std::set<std::string> bundle = words(text.str());
  INFO("qrt_run_bundle: " << text.str());
  CHECK(bundle.count("qrt_cli") == 1);
  CHECK(bundle.count("qrt_worker") == 1);
  const std::set<std::string> shipped = words(QRT_TEST_SHIPPED_PLUGINS);
  REQUIRE_FALSE(shipped.empty());
  for (const auto& plugin : shipped) {
    INFO("shipped plugin " << plugin);
    CHECK(bundle.count(plugin) == 1);
  }
  for (const auto& target : bundle) {
    INFO("bundle member " << target);
    CHECK((target == "qrt_cli" || target == "qrt_worker" || target == "qrt_python" || shipped.count(target) == 1));
  }
}
