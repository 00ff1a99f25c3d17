// outcome_key: a shot's records as one line, the key of a shot-by-shot run's counts (`qrt run -o json`'s
// histogram, the Python package's counts).
#include <qrt/shot_output.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace qrt {

std::string outcome_key(const ShotOutput& shot) {
  std::string key;
  std::vector<std::pair<char, std::int64_t>> open;  // closing bracket, elements still to come
  auto element_done = [&] {
    while (!open.empty() && --open.back().second == 0) {
      key += open.back().first;
      open.pop_back();
    }
  };
  for (const auto& e : shot.events) {
    if (e.kind == EventKind::Message) continue;
    if (!key.empty() && key.back() != '[' && key.back() != '(') key += ",";
    if (e.kind == EventKind::Array || e.kind == EventKind::Tuple) {
      bool array = e.kind == EventKind::Array;
      key += array ? '[' : '(';
      std::int64_t n = std::stoll(e.value);
      if (n == 0) {
        key += array ? ']' : ')';
        element_done();
      } else {
        open.push_back({array ? ']' : ')', n});
      }
      continue;
    }
    key += e.value;
    element_done();
  }
  for (auto it = open.rbegin(); it != open.rend(); ++it) key += it->first;  // a program that recorded too few
  return key;
}

}  // namespace qrt
