// A RunResult as the dict qrt.Result takes: NumPy arrays for probabilities and state (moved, not copied),
// counts as a dict, a shot-by-shot program's records per shot and the text `qrt run` prints for them.
#include "bindings.hpp"

namespace qrt::python {

py::dict to_python(RunResult&& r, const LoadedProgram& program, const std::string& device) {
  const ProgramInfo& info = program.info();
  py::dict d;
  d["device"] = device;
  d["kind"] = info.kind == ProgramKind::Qir ? "qir" : "openqasm";
  d["path"] = info.path;
  d["num_shots"] = info.shot_by_shot ? r.shot_outputs.size() : r.shots;
  d["run_seconds"] = r.run_seconds;
  d["seed"] = r.seed ? py::object(py::int_(*r.seed)) : py::object(py::none());
  py::dict counts;
  for (const auto& [key, count] : r.counts) counts[py::str(key)] = count;
  d["counts"] = r.shots > 0 ? py::object(counts) : py::object(py::none());
  d["probabilities"] =
      r.probabilities.empty() ? py::object(py::none()) : py::object(to_numpy(std::move(r.probabilities)));
  d["state"] = r.state.empty() ? py::object(py::none()) : py::object(to_numpy(std::move(r.state)));
  if (!info.shot_by_shot) {
    d["shots"] = py::none();
    d["output"] = py::none();
    return d;
  }
  static constexpr const char* kKinds[] = {"RESULT", "BOOL", "INT", "DOUBLE", "TUPLE", "ARRAY", "MESSAGE"};
  py::list shots;
  std::string output;
  for (const auto& shot : r.shot_outputs) {
    py::list events;
    for (const auto& e : shot.events)
      events.append(py::make_tuple(kKinds[static_cast<int>(e.kind)], e.value,
                                   e.labelled ? py::object(py::str(e.label)) : py::object(py::none())));
    shots.append(events);
    output += format_shot(info.metadata, shot);
  }
  d["shots"] = shots;
  d["output"] = output;
  // As `qrt run` reports it on stderr (exit status 1).
  if (r.failed())
    d["error"] =
        info.name + ": shot " + std::to_string(r.shot_outputs.size() - 1) + " failed: " + r.shot_outputs.back().error;
  return d;
}

}  // namespace qrt::python
