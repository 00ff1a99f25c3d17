// The QIR output schema as text, as qir-runner prints it.
#include <qrt/shot_output.hpp>

#include "capi/value_format.hpp"

namespace qrt {

std::string format_shot(const std::vector<MetadataEntry>& metadata, const ShotOutput& shot) {
  static constexpr const char* kKinds[] = {"RESULT", "BOOL", "INT", "DOUBLE", "TUPLE", "ARRAY"};
  std::string text = "START\n";
  for (const MetadataEntry& m : metadata) {
    text += "METADATA\t" + m.key;
    if (m.value) text += "\t" + *m.value;
    text += "\n";
  }
  for (const OutputEvent& e : shot.events) {
    if (e.kind == EventKind::Message) {
      text += capi::format_message(e.value) + "\n";
      continue;
    }
    text += std::string("OUTPUT\t") + kKinds[static_cast<int>(e.kind)] + "\t" + e.value;
    if (e.labelled) text += "\t" + e.label;
    text += "\n";
  }
  text += shot.failed ? "END\t1\n" : "END\t0\n";
  return text;
}

}  // namespace qrt
