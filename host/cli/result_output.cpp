#include "result_output.hpp"
#include "json_text.hpp"

#include "basis_string.hpp"
#include "buffered_output.hpp"
#include "effective_settings.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <functional>

namespace qrt::cli {
namespace {

// One JSON object written member by member: small members serialised by Boost.JSON, large ones streamed
// by the caller between key() and the next member.
class JsonObjectWriter {
 public:
  explicit JsonObjectWriter(BufferedOutput& out) : out_(out) { out_.put('{'); }
  void key(std::string_view name) {
    if (!first_) out_.put(',');
    first_ = false;
    out_.put_json_string(name);
    out_.put(':');
  }
  void member(std::string_view name, const boost::json::value& value) {
    key(name);
    out_.put(json_text(value));
  }
  void close() { out_.put('}'); }

 private:
  BufferedOutput& out_;
  bool first_ = true;
};

bool lists_everything(std::optional<std::size_t> top) { return !top || *top == 0; }

boost::json::object selection_json(const ProbabilitySelection& s) {
  return {{"kept", s.indices.size()},
          {"of", s.total},
          {"nonzero", s.nonzero},
          {"mass_left_out", std::max(0.0, s.mass_left_out())}};
}

void stream_probabilities(BufferedOutput& out, const std::vector<double>& p, std::size_t n) {
  out.put('{');
  BasisCounter label(n);
  for (std::size_t i = 0; i < p.size(); ++i, label.next()) {
    if (i != 0) out.put(',');
    out.put('"');
    out.put(label.label());
    out.put(std::string_view("\":"));
    out.put_double(p[i]);
  }
  out.put('}');
}

void stream_selection(BufferedOutput& out, const ProbabilitySelection& s, std::size_t n) {
  out.put('{');
  std::string label;
  for (std::size_t k = 0; k < s.indices.size(); ++k) {
    if (k != 0) out.put(',');
    basis_label(s.indices[k], n, label);
    out.put_json_string(label);
    out.put(':');
    out.put_double(s.values[k]);
  }
  out.put('}');
}

void put_amplitude(BufferedOutput& out, std::complex<double> a) {
  out.put('[');
  out.put_double(a.real());
  out.put(',');
  out.put_double(a.imag());
  out.put(']');
}

void stream_state(BufferedOutput& out, const std::vector<std::complex<double>>& state) {
  out.put('[');
  for (std::size_t i = 0; i < state.size(); ++i) {
    if (i != 0) out.put(',');
    put_amplitude(out, state[i]);
  }
  out.put(']');
}

void stream_state(BufferedOutput& out, const StreamedResults& from) {
  out.put('[');
  bool first = true;
  for_each_amplitude(from, [&](std::complex<double> a) {
    if (!first) out.put(',');
    first = false;
    put_amplitude(out, a);
  });
  out.put(']');
}

// printf into the buffer: table rows are short, and a stack buffer keeps them allocation-free.
[[gnu::format(printf, 2, 3)]] void putf(BufferedOutput& out, const char* format, ...) {
  char line[512];
  va_list args;
  va_start(args, format);
  const int size = std::vsnprintf(line, sizeof line, format, args);
  va_end(args);
  if (size > 0) out.put(std::string_view(line, std::min(static_cast<std::size_t>(size), sizeof line - 1)));
}

void print_probability_rows(BufferedOutput& out, const ProbabilitySelection& s, std::size_t n) {
  putf(out, "probabilities (qubit 0 rightmost; %zu largest of %zu nonzero", s.indices.size(), s.nonzero);
  if (s.indices.size() < s.nonzero) putf(out, "; probability not shown: %.3g; --top 0 lists all", s.mass_left_out());
  out.put(std::string_view(")\n"));
  std::string label;
  for (std::size_t k = 0; k < s.indices.size(); ++k) {
    basis_label(s.indices[k], n, label);
    putf(out, "  %s  %.10f\n", label.c_str(), s.values[k]);
  }
}

}  // namespace

void write_run_json(const RunReport& report, std::optional<std::size_t> top, std::FILE* to) {
  const RunResult& r = report.result;
  const std::size_t n = report.program.num_qubits;
  BufferedOutput out(to);
  JsonObjectWriter doc(out);
  doc.member("device", boost::json::string(report.device.name()));
  doc.member("library", boost::json::string(report.device.type().library_path().string()));
  doc.member("config", boost::json::parse(effective_kwargs(report.device.canonical_kwargs(), r.shots, report.seed)));
  doc.member("circuit", boost::json::object{{"file", report.file},
                                            {"qubits", n},
                                            {"clbits", report.program.num_clbits},
                                            {"gates", report.program.gate_count()}});
  doc.member("shots", r.shots);
  doc.member("seed", report.seed ? boost::json::value(*report.seed) : boost::json::value(nullptr));
  doc.member("dynamic", r.dynamic);
  if (!r.counts.empty()) {
    boost::json::object counts;
    for (const auto& [bits, c] : r.counts) counts[bits] = c;
    doc.member("counts", counts);
  }
  const StreamedResults* streamed = report.streamed;
  if (streamed && streamed->probabilities) {
    doc.key("probabilities");
    if (lists_everything(top)) {
      stream_probabilities(out, *streamed, n);
    } else {
      const ProbabilitySelection s = streamed_top(*streamed, *top, n);
      stream_selection(out, s, n);
      doc.member("probabilities_top", selection_json(s));
    }
  } else if (!r.probabilities.empty()) {
    doc.key("probabilities");
    if (lists_everything(top)) {
      stream_probabilities(out, r.probabilities, n);
    } else {
      const ProbabilitySelection s = select_top(r.probabilities, *top);
      stream_selection(out, s, n);
      doc.member("probabilities_top", selection_json(s));
    }
  }
  if (streamed && streamed->state) {
    doc.key("state");
    stream_state(out, *streamed);
  } else if (!r.state.empty()) {
    doc.key("state");
    stream_state(out, r.state);
  }
  if (!r.expvals.empty()) {
    boost::json::object ev;
    for (const auto& [word, v] : r.expvals) ev[word] = v;
    doc.member("expvals", ev);
  }
  doc.member("timings", boost::json::object{
                            {"parse_s", report.parse_seconds}, {"lower_s", r.lower_seconds}, {"run_s", r.run_seconds}});
  boost::json::array warnings;
  for (const auto& w : report.program.warnings) warnings.push_back(boost::json::string(w.format()));
  doc.member("warnings", warnings);
  doc.close();
  out.put('\n');
  out.flush();
}

void print_run_table(const RunReport& report, std::optional<std::size_t> top, std::FILE* to) {
  const RunResult& r = report.result;
  const std::size_t n = report.program.num_qubits;
  BufferedOutput out(to);
  putf(out, "device   %s %s\n", report.device.name().c_str(),
       effective_kwargs(report.device.canonical_kwargs(), r.shots, report.seed).c_str());
  const auto s = [](std::size_t count) { return count == 1 ? "" : "s"; };
  putf(out, "circuit  %s: %zu qubit%s, %u clbit%s, %zu gate%s%s\n", report.file.c_str(), n, s(n),
       report.program.num_clbits, s(report.program.num_clbits), report.program.gate_count(),
       s(report.program.gate_count()), r.dynamic ? " (mid-circuit measurement: run shot by shot)" : "");
  if (r.shots > 0) {
    if (r.counts.empty()) {
      out.put(std::string_view("counts   (the circuit measures nothing)\n"));
    } else {
      putf(out, "counts   %llu shots (bit order: last register leftmost, highest bit leftmost)\n",
           static_cast<unsigned long long>(r.shots));
      std::vector<std::pair<std::string, std::uint64_t>> rows(r.counts.begin(), r.counts.end());
      std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
      for (const auto& [bits, c] : rows)
        putf(out, "  %s  %8llu  %.4f\n", bits.c_str(), static_cast<unsigned long long>(c),
             static_cast<double>(c) / static_cast<double>(r.shots));
    }
  }
  const StreamedResults* streamed = report.streamed;
  const std::size_t rows = top.value_or(kTableDefaultTop);
  if (streamed && streamed->probabilities) {
    ProbabilitySelection s;
    if (rows != 0) {
      s = streamed_top(*streamed, rows, n);
    } else {  // every nonzero entry, ranked: the table on rank 0 (the other ranks hold nothing extra)
      std::vector<double> p;
      streamed->readout->probabilities(streamed->wires, [&](std::uint64_t, std::span<const double> values) {
        p.insert(p.end(), values.begin(), values.end());
      });
      s = select_top(p, 0);
      s.total = std::size_t{1} << n;
    }
    print_probability_rows(out, s, n);
  } else if (!r.probabilities.empty()) {
    const ProbabilitySelection s = select_top(r.probabilities, rows);
    print_probability_rows(out, s, n);
  }
  std::vector<std::complex<double>> gathered;  // the streamed state on rank 0, for ranking
  if (streamed && streamed->state)
    for_each_amplitude(*streamed, [&](std::complex<double> a) { gathered.push_back(a); });
  const std::vector<std::complex<double>>& state = streamed && streamed->state ? gathered : r.state;
  if (!state.empty()) {
    std::vector<double> p(state.size());
    for (std::size_t i = 0; i < p.size(); ++i) p[i] = std::norm(state[i]);
    const ProbabilitySelection s = select_top(p, rows);
    putf(out, "state (qubit 0 rightmost; the %zu most likely of %zu nonzero amplitudes", s.indices.size(), s.nonzero);
    if (s.indices.size() < s.nonzero) putf(out, "; probability not shown: %.3g; --top 0 lists all", s.mass_left_out());
    out.put(std::string_view(")\n"));
    std::string label;
    for (std::size_t i : s.indices) {
      basis_label(i, n, label);
      putf(out, "  %s  %+.10f %+.10fi\n", label.c_str(), state[i].real(), state[i].imag());
    }
  }
  for (const auto& [word, v] : r.expvals) putf(out, "expval   <%s> = %.12f\n", word.c_str(), v);
  putf(out, "timings  parse %.3f ms, lower %.3f ms, run %.3f ms\n", report.parse_seconds * 1e3, r.lower_seconds * 1e3,
       r.run_seconds * 1e3);
  out.flush();
}

void add_probabilities(boost::json::object& doc, const std::vector<double>& p, std::size_t num_qubits,
                       std::optional<std::size_t> top) {
  boost::json::object probs;
  std::string label;
  if (lists_everything(top)) {
    probs.reserve(p.size());
    BasisCounter counter(num_qubits);
    for (std::size_t i = 0; i < p.size(); ++i, counter.next()) probs.emplace(counter.label(), p[i]);
    doc["probabilities"] = std::move(probs);
    return;
  }
  const ProbabilitySelection s = select_top(p, *top);
  for (std::size_t i : s.indices) {
    basis_label(i, num_qubits, label);
    probs.emplace(label, p[i]);
  }
  doc["probabilities"] = std::move(probs);
  doc["probabilities_top"] = selection_json(s);
}

}  // namespace qrt::cli
