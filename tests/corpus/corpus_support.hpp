// Shared pieces of the QASMBench corpus tests: where the corpus is, the reference file, and a
// runtime on the build's plugins.
#pragma once

#include <qrt/runtime.hpp>

#include <boost/json/value.hpp>

#include <filesystem>
#include <optional>

namespace corpus {

// The corpus folder (QRT_CORPUS_DIR), or nullopt when it is absent: callers then WARN and skip.
std::optional<std::filesystem::path> corpus_dir();
const boost::json::object& expected();  // expected.json, parsed once
qrt::Runtime& runtime();                // one Runtime over the build's plugin folder

}  // namespace corpus
