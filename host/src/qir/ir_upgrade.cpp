#include "qir/ir_upgrade.hpp"

#include <algorithm>
#include <array>
#include <optional>

namespace qrt::qir {
namespace {

constexpr std::array<std::string_view, 6> kDroppedWords = {"dead_on_return",    "nocreateundeforpoison",
                                                           "sanitize_realtime", "sanitize_realtime_blocking",
                                                           "sanitize_type",     "sanitize_alloc_token"};

bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '$';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// Memory access kinds as a bit set: read = 1, write = 2 (readwrite = 3, none = 0).
std::optional<unsigned> access_bits(std::string_view kind) {
  if (kind == "none") return 0u;
  if (kind == "read") return 1u;
  if (kind == "write") return 2u;
  if (kind == "readwrite") return 3u;
  return std::nullopt;
}

std::string_view access_name(unsigned bits) {
  static constexpr std::array<std::string_view, 4> kNames = {"none", "read", "write", "readwrite"};
  return kNames[bits & 3u];
}

// memory(...)'s contents with every location LLVM 19 lacks (errnomem, target_mem...) folded into "other",
// or nullopt when there is none (the text is then kept as written, errors included, for LLVM's parser to
// judge). LLVM 19 names argmem and inaccessiblemem; "other" is whatever the leading access kind covers, so
// the result spells both named locations out and leads with other's access.
std::optional<std::string> fold_memory_locations(std::string_view contents) {
  static constexpr std::array<std::string_view, 2> kNamed = {"argmem", "inaccessiblemem"};
  std::optional<unsigned> fallback;  // the access kind given without a location: every location not named
  std::array<std::optional<unsigned>, 2> named{};
  std::optional<unsigned> other;
  unsigned folded = 0;
  bool any_folded = false;
  while (!contents.empty()) {
    const std::size_t comma = contents.find(',');
    std::string_view part = trim(contents.substr(0, comma));
    contents = comma == std::string_view::npos ? std::string_view() : contents.substr(comma + 1);
    const std::size_t colon = part.find(':');
    if (colon == std::string_view::npos) {
      fallback = access_bits(part);
      if (!fallback) return std::nullopt;
      continue;
    }
    const std::string_view location = trim(part.substr(0, colon));
    const std::optional<unsigned> bits = access_bits(trim(part.substr(colon + 1)));
    if (!bits || location.empty() || !std::all_of(location.begin(), location.end(), is_word_char)) return std::nullopt;
    const auto it = std::find(kNamed.begin(), kNamed.end(), location);
    if (it != kNamed.end()) {
      named[static_cast<std::size_t>(it - kNamed.begin())] = bits;
    } else if (location == "other") {
      other = bits;
      any_folded = true;
    } else {
      folded |= *bits;
      any_folded = true;
    }
  }
  if (!any_folded) return std::nullopt;
  const unsigned base = fallback.value_or(0);
  std::string out(access_name(other.value_or(base) | folded));
  for (std::size_t i = 0; i < kNamed.size(); ++i)
    out.append(", ").append(kNamed[i]).append(": ").append(access_name(named[i].value_or(base)));
  return out;
}

class Upgrader {
 public:
  Upgrader(std::string_view text, std::vector<IrRewrite>* applied) : in_(text), applied_(applied) {
    out_.reserve(text.size() + 64);
  }

  std::string run() {
    while (pos_ < in_.size()) {
      const char c = in_[pos_];
      if (c == '"') {
        copy_string();
      } else if (c == ';') {
        copy_comment();
      } else if (c == '@') {
        global_name();
      } else if (is_word_char(c) && !continues_name()) {
        word();
      } else {
        if (c == '\n') ++line_;
        out_ += c;
        ++pos_;
      }
    }
    return std::move(out_);
  }

 private:
  // A word right after a sigil or inside a name is part of that name, never a keyword.
  bool continues_name() const {
    if (pos_ == 0) return false;
    const char before = in_[pos_ - 1];
    return is_word_char(before) || before == '%' || before == '!' || before == '#' || before == '@' || before == '$';
  }

  void copy_string() {
    const std::size_t end = in_.find('"', pos_ + 1);
    const std::size_t stop = end == std::string_view::npos ? in_.size() : end + 1;
    for (std::size_t i = pos_; i < stop; ++i)
      if (in_[i] == '\n') ++line_;
    out_.append(in_.substr(pos_, stop - pos_));
    pos_ = stop;
  }

  void copy_comment() {
    const std::size_t end = in_.find('\n', pos_);
    const std::size_t stop = end == std::string_view::npos ? in_.size() : end;
    out_.append(in_.substr(pos_, stop - pos_));
    pos_ = stop;
  }

  // The parenthesised text starting at `open` (which holds '('), without the parentheses; npos-safe.
  std::optional<std::string_view> parenthesised(std::size_t open) const {
    if (open >= in_.size() || in_[open] != '(') return std::nullopt;
    int depth = 0;
    for (std::size_t i = open; i < in_.size(); ++i) {
      if (in_[i] == '\n' || in_[i] == '"') return std::nullopt;
      if (in_[i] == '(') ++depth;
      if (in_[i] == ')' && --depth == 0) return in_.substr(open + 1, i - open - 1);
    }
    return std::nullopt;
  }

  void note(std::string construct) {
    if (applied_) applied_->push_back({line_, std::move(construct)});
  }

  // Removes a dropped construct: its text and the blank before it.
  void drop(std::size_t length) {
    if (!out_.empty() && (out_.back() == ' ' || out_.back() == '\t')) out_.pop_back();
    pos_ += length;
  }

  void word() {
    std::size_t end = pos_;
    while (end < in_.size() && is_word_char(in_[end])) ++end;
    const std::string_view w = in_.substr(pos_, end - pos_);
    if (w == "captures") {
      if (auto inside = parenthesised(end)) {
        const std::size_t length = end - pos_ + inside->size() + 2;
        note("captures(" + std::string(*inside) + ")");
        if (trim(*inside) == "none") {
          out_ += "nocapture";
          pos_ += length;
        } else {
          drop(length);
        }
        return;
      }
    } else if (w == "samesign" &&
               trim(std::string_view(out_).substr(out_.size() >= 6 ? out_.size() - 6 : 0)) == "icmp") {
      note("icmp samesign");
      drop(w.size());
      return;
    } else if (w == "memory") {
      if (auto inside = parenthesised(end)) {
        if (auto folded = fold_memory_locations(*inside)) {
          note("memory(" + std::string(*inside) + ")");
          out_ += "memory(" + *folded + ")";
          pos_ = end + inside->size() + 2;
          return;
        }
      }
    } else if (w == "ptrtoaddr") {
      note("ptrtoaddr");
      out_ += "ptrtoint";
      pos_ = end;
      return;
    } else if (std::find(kDroppedWords.begin(), kDroppedWords.end(), w) != kDroppedWords.end()) {
      note(std::string(w));
      drop(w.size());
      return;
    }
    out_.append(w);
    pos_ = end;
  }

  // @llvm.lifetime.start.p0(ptr ...) as LLVM 21 writes it: LLVM 19's intrinsic takes the size first.
  void global_name() {
    std::size_t end = pos_ + 1;
    while (end < in_.size() && is_word_char(in_[end])) ++end;
    const std::string_view name = in_.substr(pos_ + 1, end - pos_ - 1);
    out_.append(in_.substr(pos_, end - pos_));
    pos_ = end;
    if (name != "llvm.lifetime.start.p0" && name != "llvm.lifetime.end.p0") return;
    auto inside = parenthesised(end);
    if (!inside || inside->find(',') != std::string_view::npos || trim(*inside).empty()) return;
    const std::size_t line_start = in_.rfind('\n', pos_) == std::string_view::npos ? 0 : in_.rfind('\n', pos_) + 1;
    const bool declaration = trim(in_.substr(line_start, pos_ - line_start)).starts_with("declare");
    note("@" + std::string(name) + "(" + std::string(*inside) + ")");
    out_ += declaration ? "(i64 immarg, " : "(i64 -1, ";
    ++pos_;  // past '('
  }

  std::string_view in_;
  std::vector<IrRewrite>* applied_;
  std::string out_;
  std::size_t pos_ = 0, line_ = 1;
};

}  // namespace

std::string upgrade_ir_text(std::string_view text, std::vector<IrRewrite>* applied) {
  return Upgrader(text, applied).run();
}

std::string_view upgraded_constructs() noexcept {
  return "captures(...), icmp samesign, memory(errnomem: ...), ptrtoaddr, the size-less llvm.lifetime intrinsics, "
         "dead_on_return, nocreateundeforpoison, sanitize_realtime(_blocking), sanitize_type, sanitize_alloc_token";
}

}  // namespace qrt::qir
