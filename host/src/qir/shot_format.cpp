#include "qir/shot_format.hpp"

#include <qrt/error.hpp>

#include <boost/json.hpp>

namespace qrt::qir {
namespace json = boost::json;
namespace {

[[noreturn]] void malformed(const std::string& what) {
  throw Error(ErrorCode::Internal, "isolation protocol: malformed shot from the worker: " + what);
}

const json::value& field(const json::object& o, const char* name) {
  const json::value* v = o.if_contains(name);
  if (!v) malformed(std::string("no '") + name + "'");
  return *v;
}

std::string text(const json::value& v, const char* what) {
  if (!v.is_string()) malformed(std::string(what) + " is not a string");
  return std::string(v.get_string());
}

}  // namespace

json::object encode_shot(std::uint64_t shot, const ShotOutput& output) {
  json::array events;
  events.reserve(output.events.size());
  for (const OutputEvent& e : output.events) {
    json::array event{static_cast<int>(e.kind), e.value};
    if (e.labelled) event.emplace_back(e.label);
    events.push_back(std::move(event));
  }
  json::object out{{"shot", shot}, {"events", std::move(events)}, {"failed", output.failed}};
  if (output.failed) out["error"] = output.error;
  return out;
}

ShotOutput decode_shot(const json::object& message, std::uint64_t& shot) {
  ShotOutput out;
  try {
    shot = field(message, "shot").to_number<std::uint64_t>();
  } catch (const std::exception&) {
    malformed("'shot' is not a shot number");
  }
  const json::value& events = field(message, "events");
  if (!events.is_array()) malformed("'events' is not an array");
  for (const json::value& v : events.get_array()) {
    const json::array* event = v.if_array();
    if (!event || event->size() < 2 || event->size() > 3 || !(*event)[0].is_int64())
      malformed("an event is not [kind, value(, label)]");
    const std::int64_t kind = (*event)[0].get_int64();
    if (kind < 0 || kind > static_cast<std::int64_t>(EventKind::Message)) malformed("an unknown event kind");
    OutputEvent e{static_cast<EventKind>(kind), text((*event)[1], "an event's value"), {}, event->size() == 3};
    if (e.labelled) e.label = text((*event)[2], "an event's label");
    out.events.push_back(std::move(e));
  }
  const json::value& failed = field(message, "failed");
  if (!failed.is_bool()) malformed("'failed' is not a boolean");
  out.failed = failed.get_bool();
  if (out.failed) out.error = text(field(message, "error"), "'error'");
  return out;
}

}  // namespace qrt::qir
