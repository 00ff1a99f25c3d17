// What a shot-by-shot program (compiled QIR) records in one shot: its output records and messages in
// program order, in the QIR output schema's terms (docs/qir.md), and whether the shot failed.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace qrt {

enum class EventKind { Result, Bool, Int, Double, Tuple, Array, Message };

struct OutputEvent {
  EventKind kind;
  std::string value;  // as the output schema spells it; the text of a message
  std::string label;  // empty when the program gave none
  bool labelled = false;
};

struct ShotOutput {
  std::vector<OutputEvent> events;  // records and messages, in program order
  bool failed = false;
  std::string error;  // why the shot failed (the runtime's message)
};

// One entry-point attribute, printed as a METADATA record (value empty for a flag such as entry_point).
struct MetadataEntry {
  std::string key;
  std::optional<std::string> value;
};

// A shot's records (messages left out) as one line, arrays as [..] and tuples as (..), e.g. "1,[0,1],(2,3.5)":
// the key of the histogram of a run's outcomes (RunResult::counts of a shot-by-shot program).
std::string outcome_key(const ShotOutput& shot);

// A shot in the QIR output schema, as qir-runner prints it: START, METADATA lines (the entry point's
// attributes), OUTPUT records and messages (INFO lines) in order, END\t0 (END\t1 after a failure).
std::string format_shot(const std::vector<MetadataEntry>& metadata, const ShotOutput& shot);

}  // namespace qrt
