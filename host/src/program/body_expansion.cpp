#include "body_expansion.hpp"

#include "number_format.hpp"

namespace qrt::program::detail {

void evaluate_call_params(const Program& program, const GateDefinition& gate, const GateCall& call,
                          std::span<const double> params, SourcePos applied_at, std::vector<double>& out) {
  out.clear();
  for (const Expression& expression : call.params) {
    try {
      out.push_back(expression.evaluate(params));
    } catch (const EvaluationError& error) {
      std::string bindings;
      for (std::size_t i = 0; i < gate.params.size() && i < params.size(); ++i) {
        bindings += (i == 0 ? " with " : ", ") + gate.params[i] + "=" + format_number(params[i]);
      }
      throw program.error_at(error.pos(), std::string(error.what()) + " (in gate '" + gate.name + "'" + bindings +
                                              ", applied at " + program.describe(applied_at) + ")");
    }
  }
}

}  // namespace qrt::program::detail
