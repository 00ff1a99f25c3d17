// Output recording (QIR output schema), messages and fail: to the driver's sink when one is set,
// else to stdout as qir-runner prints them.
#include "capi/program_driver.hpp"
#include "capi/runtime_objects_api.hpp"
#include "capi/value_format.hpp"

#include <cstdio>
#include <vector>

using qrt::Error;
using qrt::ErrorCode;
using qrt::capi::RecordKind;
using namespace qrt::capi;

namespace {

constexpr const char* kKindNames[] = {"RESULT", "BOOL", "INT", "DOUBLE", "TUPLE", "ARRAY"};

void deliver(RecordKind kind, const std::string& value, const char* text) {
  auto& ctx = qrt::context::this_thread();
  if (ctx.sink) {
    ctx.sink->record(kind, value, text ? std::string_view(text) : std::string_view());
    return;
  }
  std::string line = std::string("OUTPUT\t") + kKindNames[static_cast<int>(kind)] + "\t" + value;
  if (text) line += std::string("\t") + text;
  line += "\n";
  std::fputs(line.c_str(), stdout);  // one call per line: lines of concurrent threads never interleave
}

// The older output calls (array/tuple_start_record_output ... _end_record_output) bracket a container's
// elements instead of announcing their count. The elements are held back until the container ends, then
// recorded after an ARRAY/TUPLE record with their count: the same output schema as the newer calls.
struct Held {
  RecordKind kind;
  std::string value, label;
  bool labelled;
};
struct OpenContainer {
  RecordKind kind;
  std::int64_t elements = 0;
  std::vector<Held> held;
};
thread_local std::vector<OpenContainer> t_open;

void record(RecordKind kind, const std::string& value, const char* text) {
  if (t_open.empty()) return deliver(kind, value, text);
  OpenContainer& open = t_open.back();
  ++open.elements;
  open.held.push_back({kind, value, text ? text : "", text != nullptr});
}
void record(RecordKind kind, const std::string& value, int8_t* label) {
  record(kind, value, reinterpret_cast<const char*>(label));
}

void close_container() {
  OpenContainer done = std::move(t_open.back());
  t_open.pop_back();
  auto emit = [](const Held& h) {
    if (t_open.empty()) {
      deliver(h.kind, h.value, h.labelled ? h.label.c_str() : nullptr);
    } else {
      t_open.back().held.push_back(h);
    }
  };
  if (!t_open.empty()) ++t_open.back().elements;
  emit({done.kind, std::to_string(done.elements), {}, false});
  for (const Held& h : done.held) emit(h);
}

void end_container(RecordKind kind, const char* call) {
  if (t_open.empty() || t_open.back().kind != kind)
    throw Error(ErrorCode::FailedPrecondition, std::string(call) + " without a matching " +
                                                   (kind == RecordKind::Array ? "array" : "tuple") +
                                                   "_start_record_output");
  close_container();
}

}  // namespace

extern "C" {

void __quantum__rt__result_record_output(RESULT* result, int8_t* label) {
  guarded(__func__,
          [&] { record(RecordKind::Result, read_result(qrt::context::this_thread(), result) ? "1" : "0", label); });
}
void __quantum__rt__bool_record_output(bool value, int8_t* label) {
  guarded(__func__, [&] { record(RecordKind::Bool, value ? "true" : "false", label); });
}
void __quantum__rt__int_record_output(int64_t value, int8_t* label) {
  guarded(__func__, [&] { record(RecordKind::Int, std::to_string(value), label); });
}
void __quantum__rt__double_record_output(double value, int8_t* label) {
  guarded(__func__, [&] { record(RecordKind::Double, format_double(value), label); });
}
void __quantum__rt__tuple_record_output(int64_t count, int8_t* label) {
  guarded(__func__, [&] { record(RecordKind::Tuple, std::to_string(count), label); });
}
void __quantum__rt__array_record_output(int64_t count, int8_t* label) {
  guarded(__func__, [&] { record(RecordKind::Array, std::to_string(count), label); });
}

void __quantum__rt__array_start_record_output(void) {
  guarded(__func__, [&] { t_open.push_back({RecordKind::Array, 0, {}}); });
}
void __quantum__rt__array_end_record_output(void) {
  guarded(__func__, [&] { end_container(RecordKind::Array, "__quantum__rt__array_end_record_output"); });
}
void __quantum__rt__tuple_start_record_output(void) {
  guarded(__func__, [&] { t_open.push_back({RecordKind::Tuple, 0, {}}); });
}
void __quantum__rt__tuple_end_record_output(void) {
  guarded(__func__, [&] { end_container(RecordKind::Tuple, "__quantum__rt__tuple_end_record_output"); });
}

void __quantum__rt__message(QirString* string) {
  guarded(__func__, [&] {
    auto& ctx = qrt::context::this_thread();
    const std::string& text = string_at(ctx, string).text;
    if (ctx.sink) {
      ctx.sink->message(text);
      return;
    }
    std::string line = format_message(text) + "\n";
    std::fputs(line.c_str(), stdout);
  });
}

void __quantum__rt__fail(QirString* string) {
  guarded(__func__, [&] {
    auto& ctx = qrt::context::this_thread();
    std::string text = string ? string_at(ctx, string).text : std::string("(no message)");
    throw Error(ErrorCode::FailedPrecondition, "the program failed: " + text);
  });
}

}  // extern "C"

namespace qrt::capi {

// A shot that ends (or fails) inside containers of the older calls still records what it held.
void flush_open_containers() noexcept {
  try {
    while (!t_open.empty()) close_container();
  } catch (...) {
    t_open.clear();
  }
}

}  // namespace qrt::capi
