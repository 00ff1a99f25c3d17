#include "buffered_output.hpp"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <string>

namespace qrt::cli {

BufferedOutput::BufferedOutput(std::FILE* to, std::size_t capacity) : to_(to), buffer_(capacity < 64 ? 64 : capacity) {}

BufferedOutput::~BufferedOutput() {
  if (used_ != 0 && !failed_) std::fwrite(buffer_.data(), 1, used_, to_);
}

void BufferedOutput::drain() {
  if (used_ != 0 && !failed_ && std::fwrite(buffer_.data(), 1, used_, to_) != used_) failed_ = true;
  used_ = 0;
}

char* BufferedOutput::reserve(std::size_t n) {
  if (buffer_.size() - used_ < n) drain();
  return buffer_.data() + used_;
}

void BufferedOutput::put(std::string_view text) {
  if (text.size() > buffer_.size() / 2) {  // large pieces go straight through
    drain();
    if (!failed_ && std::fwrite(text.data(), 1, text.size(), to_) != text.size()) failed_ = true;
    return;
  }
  std::memcpy(reserve(text.size()), text.data(), text.size());
  used_ += text.size();
}

void BufferedOutput::put_double(double v) {
  if (!std::isfinite(v)) return put(std::string_view("null"));
  char* at = reserve(32);
  used_ += static_cast<std::size_t>(std::to_chars(at, at + 32, v).ptr - at);
}

void BufferedOutput::put_uint(std::uint64_t v) {
  char* at = reserve(24);
  used_ += static_cast<std::size_t>(std::to_chars(at, at + 24, v).ptr - at);
}

void BufferedOutput::put_json_string(std::string_view s) {
  put('"');
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      put('\\');
      put(c);
    } else if (u < 0x20) {
      static constexpr char kHex[] = "0123456789abcdef";
      const char escaped[] = {'\\', 'u', '0', '0', kHex[u >> 4], kHex[u & 15]};
      put(std::string_view(escaped, sizeof escaped));
    } else {
      put(c);
    }
  }
  put('"');
}

void BufferedOutput::flush() {
  drain();
  if (!failed_ && std::fflush(to_) != 0) failed_ = true;
  if (failed_) {
    const int e = errno;
    throw OutputError("writing the output failed" + (e != 0 ? ": " + std::string(std::strerror(e)) : std::string()) +
                      "; what was written is incomplete");
  }
}

}  // namespace qrt::cli
