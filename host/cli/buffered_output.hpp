// Output at output speed: a large buffer in front of a FILE*, numbers formatted in place (std::to_chars,
// shortest round-trip form), no allocation per write. Used to stream 2^n-entry results.
#pragma once

#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace qrt::cli {

// Writing the result failed (a full disk, a closed pipe): exit status 1, never a half document reported as
// a success.
struct OutputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class BufferedOutput {
 public:
  explicit BufferedOutput(std::FILE* to, std::size_t capacity = std::size_t{1} << 20);
  ~BufferedOutput();  // flushes; errors past this point are reported by flush(), not here
  BufferedOutput(const BufferedOutput&) = delete;
  BufferedOutput& operator=(const BufferedOutput&) = delete;

  void put(std::string_view text);
  void put(char c) {
    if (used_ == buffer_.size()) drain();
    buffer_[used_++] = c;
  }
  void put_double(double v);  // JSON-valid: non-finite values are written as null
  void put_uint(std::uint64_t v);
  // JSON string with the escapes JSON requires.
  void put_json_string(std::string_view s);
  // Writes what is buffered and flushes the FILE*; throws OutputError when the write failed
  // (a full disk, a closed pipe), so a partial document is never reported as a success.
  void flush();

 private:
  void drain();
  char* reserve(std::size_t n);  // room for n bytes at the end of the buffer

  std::FILE* to_;
  std::vector<char> buffer_;
  std::size_t used_ = 0;
  bool failed_ = false;
};

}  // namespace qrt::cli
