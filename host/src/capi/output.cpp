// Output recording (QIR output schema), messages and fail: to the driver's sink when one is set,
// else to stdout as qir-runner prints them.
#include "capi/program_driver.hpp"
#include "capi/runtime_objects_api.hpp"
#include "capi/value_format.hpp"

#include <cstdio>

using qrt::Error;
using qrt::ErrorCode;
using qrt::capi::RecordKind;
using namespace qrt::capi;

namespace {

constexpr const char* kKindNames[] = {"RESULT", "BOOL", "INT", "DOUBLE", "TUPLE", "ARRAY"};

void record(RecordKind kind, const std::string& value, int8_t* label) {
  auto& ctx = qrt::context::this_thread();
  const char* text = reinterpret_cast<const char*>(label);
  if (ctx.sink) {
    ctx.sink->record(kind, value, text ? std::string_view(text) : std::string_view());
    return;
  }
  std::string line = std::string("OUTPUT\t") + kKindNames[static_cast<int>(kind)] + "\t" + value;
  if (text) line += std::string("\t") + text;
  line += "\n";
  std::fputs(line.c_str(), stdout);  // one call per line: lines of concurrent threads never interleave
}

}  // namespace

extern "C" {

void __quantum__rt__result_record_output(RESULT* result, int8_t* label) {
  guarded(__func__, [&] { record(RecordKind::Result, read_result(qrt::context::this_thread(), result) ? "1" : "0", label); });
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
