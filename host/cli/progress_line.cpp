#include "progress_line.hpp"

#include <algorithm>
#include <cmath>

namespace qrt::cli {

std::string format_duration(double seconds) {
  char text[32];
  if (!(seconds >= 0) || !std::isfinite(seconds)) return "--";
  if (seconds < 60) {
    std::snprintf(text, sizeof text, "%.1fs", seconds);
  } else if (seconds < 3600) {
    const auto s = static_cast<unsigned long long>(seconds);
    std::snprintf(text, sizeof text, "%llum%02llus", s / 60, s % 60);
  } else {
    const auto m = static_cast<unsigned long long>(seconds / 60);
    std::snprintf(text, sizeof text, "%lluh%02llum", m / 60, m % 60);
  }
  return text;
}

void ProgressLine::draw(std::uint64_t done, std::uint64_t total, double elapsed) {
  const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0;
  const double fraction = total ? static_cast<double>(std::min(done, total)) / static_cast<double>(total) : 1.0;
  std::string eta = "--";
  if (done >= total) eta = "0s";
  else if (rate > 0) eta = format_duration(static_cast<double>(total - done) / rate);
  const std::string spent = format_duration(elapsed);
  const auto d = static_cast<unsigned long long>(done), t = static_cast<unsigned long long>(total);
  if (terminal_) {
    constexpr std::size_t kWidth = 30;
    std::string bar(static_cast<std::size_t>(fraction * kWidth), '#');
    bar.resize(kWidth, '.');
    std::fprintf(out_, "\r[%s] %llu/%llu %s %5.1f%%  %.1f/s  elapsed %s  ETA %s\x1b[K", bar.c_str(), d, t,
                 unit_.c_str(), 100 * fraction, rate, spent.c_str(), eta.c_str());
    shown_ = true;
  } else {
    std::fprintf(out_, "qrt: progress %llu/%llu %s (%.1f%%), %.1f/s, elapsed %s, ETA %s\n", d, t, unit_.c_str(),
                 100 * fraction, rate, spent.c_str(), eta.c_str());
  }
  std::fflush(out_);
}

void ProgressLine::draw_shots(std::uint64_t shots_done, std::uint64_t shots_total, std::uint64_t done, double elapsed) {
  const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0;
  const double fraction =
      shots_total ? static_cast<double>(std::min(shots_done, shots_total)) / static_cast<double>(shots_total) : 1.0;
  const std::string spent = format_duration(elapsed);
  const auto s = static_cast<unsigned long long>(shots_done), t = static_cast<unsigned long long>(shots_total),
             d = static_cast<unsigned long long>(done);
  if (terminal_) {
    constexpr std::size_t kWidth = 20;
    std::string bar(static_cast<std::size_t>(fraction * kWidth), '#');
    bar.resize(kWidth, '.');
    std::fprintf(out_, "\r[%s] %llu/%llu shots  %llu %s  %.1f/s  elapsed %s\x1b[K", bar.c_str(), s, t, d, unit_.c_str(),
                 rate, spent.c_str());
    shown_ = true;
  } else {
    std::fprintf(out_, "qrt: progress %llu/%llu shots, %llu %s, %.1f/s, elapsed %s\n", s, t, d, unit_.c_str(), rate,
                 spent.c_str());
  }
  std::fflush(out_);
}

void ProgressLine::clear() {
  if (!terminal_ || !shown_) return;
  std::fputs("\r\x1b[K", out_);
  std::fflush(out_);
  shown_ = false;
}

void ProgressLine::keep() {
  if (!terminal_ || !shown_) return;
  std::fputc('\n', out_);
  std::fflush(out_);
  shown_ = false;
}

}  // namespace qrt::cli
