#include <qrt/error.hpp>

namespace qrt {

std::string printable_message(std::string text) {
  auto control = [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return (u < 0x20 && c != '\n' && c != '\t') || u == 0x7f;
  };
  std::size_t at = 0;
  while (at < text.size() && !control(text[at])) ++at;
  if (at == text.size()) return text;  // the usual case: nothing to rewrite
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = text.substr(0, at);
  out.reserve(text.size() + 8);
  for (; at < text.size(); ++at) {
    const auto u = static_cast<unsigned char>(text[at]);
    if (!control(text[at])) {
      out += text[at];
      continue;
    }
    out += "\\x";
    out += kHex[u >> 4];
    out += kHex[u & 0xf];
  }
  return out;
}

const char* to_string(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::InvalidArgument: return "invalid argument";
    case ErrorCode::Unsupported: return "unsupported";
    case ErrorCode::OutOfRange: return "out of range";
    case ErrorCode::OutOfMemory: return "out of memory";
    case ErrorCode::FailedPrecondition: return "failed precondition";
    case ErrorCode::Internal: return "internal error";
    case ErrorCode::Config: return "config error";
    case ErrorCode::NotFound: return "not found";
    case ErrorCode::Ambiguous: return "ambiguous";
    case ErrorCode::LoadFailed: return "load failed";
    case ErrorCode::State: return "invalid state";
  }
  return "unknown error";
}

}  // namespace qrt
