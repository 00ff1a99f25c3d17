// Free parameters in the program model (qrt/program/parameters.hpp): a program read once with its free
// parameters symbolic, then bound many times, by bind() or by lowering with the values; every way a
// binding can be wrong, with the messages that name what is wrong and where.
#include <qrt/program/error.hpp>
#include <qrt/program/expansion.hpp>
#include <qrt/program/lowering.hpp>
#include <qrt/program/parameters.hpp>
#include <qrt/qasm/parser.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using qrt::program::ParameterBinding;
using qrt::program::Program;

namespace {

// theta in a plain gate and in a user gate's argument (not in its body, where `theta` is the gate's own
// parameter), phi first used on line 7.
const std::string kSource = R"(OPENQASM 2.0;
include "qelib1.inc";
gate twice(theta) a { rx(2*theta) a; }
qreg q[2];
rx(theta/2) q[0];
twice(0.25) q[1];
u3(theta, phi, -theta) q;
)";

Program parsed(const std::string& source = kSource) {
  qrt::qasm::ParseOptions options;
  options.free_parameters = true;
  return qrt::qasm::parse_string(source, "sweep.qasm", options);
}

std::vector<double> all_params(const Program& program) {
  std::vector<double> values;
  for (const auto& op : program.operations)
    for (double p : program.params(op)) values.push_back(p);
  return values;
}

std::string message_of(const std::function<void()>& call) {
  try {
    call();
  } catch (const qrt::program::Error& e) {
    return e.what();
  }
  FAIL("no qrt::program::Error");
  return {};
}

}  // namespace

TEST_CASE("A program is read once with its free parameters symbolic, first use first", "[program][parameters]") {
  const Program program = parsed();
  CHECK(program.free_parameters == std::vector<std::string>{"theta", "phi"});
  // rx's argument, then u3's three arguments on q[0] and on q[1] (broadcast): seven symbolic arguments.
  CHECK(program.symbolic_arguments.size() == 7);
  const std::vector<double> unbound = all_params(program);
  REQUIRE(unbound.size() == 8);
  CHECK(std::isnan(unbound[0]));
  CHECK(unbound[1] == 0.25);  // a constant argument is a number already
}

TEST_CASE("bind() gives the binding's values to top-level arguments only, as often as asked", "[program][parameters]") {
  const Program program = parsed();
  for (const double theta : {0.8, -1.0, 2.5}) {
    const Program bound = qrt::program::bind(program, {{"theta", theta}, {"phi", -1.5}});
    // rx(theta/2), twice(0.25): the gate's own parameter, not the binding; u3(theta, phi, -theta) twice.
    CHECK(all_params(bound) == std::vector<double>{theta / 2, 0.25, theta, -1.5, -theta, theta, -1.5, -theta});
    CHECK(bound.free_parameters.empty());
    CHECK(bound.symbolic_arguments.empty());
  }
  CHECK(program.free_parameters.size() == 2);  // the program itself is left as read
  CHECK(std::isnan(all_params(program)[0]));
}

TEST_CASE("Lowering with the values equals lowering the bound copy", "[program][parameters]") {
  const Program program = parsed();
  const ParameterBinding binding{{"theta", 0.3}, {"phi", 1.1}};
  const qrt::program::DeviceGateSet device{{"RX", "RY", "RZ", "PhaseShift", "CNOT", "Rot"}, false, true};
  qrt::program::LoweringOptions options;
  options.parameters = binding;
  const auto direct = qrt::program::lower(program, device, options);
  const auto copied = qrt::program::lower(qrt::program::bind(program, binding), device);
  CHECK(direct.parameters == copied.parameters);
  CHECK(direct.gate_names == copied.gate_names);
  CHECK(direct.operations.size() == copied.operations.size());
  CHECK(direct.global_phase == copied.global_phase);
}

TEST_CASE("A free parameter left without a value is an error at its first use, naming every one left",
          "[program][parameters]") {
  const Program program = parsed();
  const std::string none = message_of([&] { (void)qrt::program::bind(program, {}); });
  CHECK_THAT(none, StartsWith("sweep.qasm:5:4: error: free parameters 'theta', 'phi' have no value "
                              "(bind them, e.g. --param theta=VALUE)"));
  CHECK_THAT(none, Contains("rx(theta/2) q[0];"));
  const std::string one = message_of([&] { (void)qrt::program::free_parameter_values(program, {{"theta", 1}}); });
  CHECK_THAT(one, StartsWith("sweep.qasm:7:11: error: free parameter 'phi' has no value (bind it, e.g. --param "
                             "phi=VALUE); bound: theta"));
  // Lowering and expansion refuse an unbound program the same way, never running NaN angles.
  const qrt::program::DeviceGateSet device{{"RX", "Rot", "CNOT"}, false, false};
  CHECK_THROWS_WITH(qrt::program::lower(program, device), Contains("have no value"));
  CHECK_THROWS_WITH(qrt::program::expand_to_primitives(program), Contains("have no value"));
}

TEST_CASE("A name that is not a free parameter is refused, naming the free ones", "[program][parameters]") {
  const Program program = parsed();
  CHECK(message_of([&] {
          (void)qrt::program::bind(program, {{"theta", 1}, {"phi", 2}, {"q", 3}});
        }) ==
        "sweep.qasm: error: parameter 'q' is not a free parameter of the program (its free parameters: 'theta', "
        "'phi')");
  const Program plain = parsed("OPENQASM 2.0;\nqreg q[1];\nU(0, 0, 0) q[0];\n");
  CHECK_THAT(message_of([&] {
               (void)qrt::program::bind(plain, {{"theta", 1}});
             }),
             Contains("it has no free parameters"));
  qrt::program::LoweringOptions options;
  options.parameters = {{"theta", 1}};
  CHECK_THROWS_WITH(qrt::program::lower(plain, {{"U"}, false, false}, options),
                    Contains("'theta' is not a free parameter"));
  // A sweep's grid point narrowed to what one program uses.
  CHECK(qrt::program::used_parameters(program, {{"phi", 2}, {"gamma", 3}}) == ParameterBinding{{"phi", 2}});
  CHECK(qrt::program::used_parameters(plain, {{"phi", 2}}).empty());
}

TEST_CASE("An argument that cannot be evaluated at the binding is an error quoting it", "[program][parameters]") {
  const Program program =
      parsed("OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[1];\nrx(1/t) q[0];\nry(ln(t)) q[0];\n");
  CHECK_THAT(message_of([&] {
               (void)qrt::program::bind(program, {{"t", 0}});
             }),
             StartsWith("sweep.qasm:4:5: error: division by zero") && Contains("rx(1/t) q[0];"));
  CHECK_THAT(message_of([&] {
               (void)qrt::program::bind(program, {{"t", -1}});
             }),
             StartsWith("sweep.qasm:5:4: error: ln of a non-positive value"));
  CHECK_THAT(message_of([&] { (void)qrt::program::bind(program, {{"t", std::nan("")}}); }), Contains("non-finite"));
  CHECK(all_params(qrt::program::bind(program, {{"t", 2}})) == std::vector<double>{0.5, std::log(2.0)});
}
