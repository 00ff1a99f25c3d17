#include "hamiltonian_files.hpp"

#include "exit_status.hpp"

#include <qrt/hamiltonian.hpp>

#include <set>

namespace qrt::cli {

ObservableList observable_list(const std::vector<std::string>& expvals, const std::vector<std::string>& files) {
  ObservableList list;
  std::set<std::string> seen;
  for (const std::string& text : expvals) {
    if (!seen.insert(text).second) throw UsageError("--expval " + text + " is given twice");
    list.texts.push_back(text);
    list.labels.push_back(text);
  }
  for (const std::string& file : files)  // every usage error before reading any file
    if (!seen.insert(file).second) throw UsageError("--hamiltonian " + file + " is given twice");
  for (const std::string& file : files) {
    list.texts.push_back(Hamiltonian::read_file(file).to_string());
    list.labels.push_back(file);
  }
  return list;
}

void relabel(std::vector<std::pair<std::string, double>>& results, const ObservableList& list) {
  for (std::size_t i = 0; i < results.size() && i < list.labels.size(); ++i) results[i].first = list.labels[i];
}

}  // namespace qrt::cli
