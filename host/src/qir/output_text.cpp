// The QIR output schema as text, as qir-runner prints it.
#include <qrt/qir/program.hpp>

#include "capi/value_format.hpp"

namespace qrt::qir {

std::string format_shot(const Program& program, const ShotOutput& shot) {
  static constexpr const char* kKinds[] = {"RESULT", "BOOL", "INT", "DOUBLE", "TUPLE", "ARRAY"};
  std::string text = "START\n";
  for (const MetadataEntry& m : program.metadata()) {
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

}  // namespace qrt::qir
