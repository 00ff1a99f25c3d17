// The observables of `qrt run` and `qrt grad`: the --expval texts (a Pauli word or a Hamiltonian, as
// RunOptions::expvals takes them) and the Hamiltonians of --hamiltonian FILE (qrt::Hamiltonian's file form),
// each reported under a label: the --expval text as given, the file's name.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace qrt::cli {

struct ObservableList {
  std::vector<std::string> texts;   // what the run evaluates
  std::vector<std::string> labels;  // what the output calls them
};

// The --expval texts, then one Hamiltonian per file. Throws UsageError for a text or a file given twice,
// qrt::Error naming the file (and the line) for one that cannot be read or does not parse.
ObservableList observable_list(const std::vector<std::string>& expvals, const std::vector<std::string>& files);

// The labels for results keyed by text, in the same order.
void relabel(std::vector<std::pair<std::string, double>>& results, const ObservableList& list);

}  // namespace qrt::cli
