// Catalyst modules end to end: the real inputs of ../shared/catalyst show what its README says; the
// calling convention (arguments, several results, views and the sentinel, entries, setup forms); devices
// through the pool (mapping, kwargs, reuse across qnodes, -d); every error path of the issue (unknown
// symbol, unmappable device, refused kwarg, wrong --arg, Sample at shots 0, fail_cstr, newer-LLVM
// constructs and bitcode); compiled once, called many times, from several threads; the CLI.
#include "catalyst_support.hpp"

#include "reference/dense_matrix.hpp"
#include "reference/reference_gates.hpp"

#include <qrt/pool_policy.hpp>

#include <boost/json.hpp>

#include <cmath>
#include <fstream>
#include <thread>

using namespace qrt::catalyst;
using catalyst_test::program;
using catalyst_test::qrt_cli;
using catalyst_test::quoted;
using catalyst_test::shared;

namespace {

CallOptions collected(std::optional<std::string> device = std::nullopt) {
  CallOptions o;
  o.print = PrintTo::Collect;
  if (device) o.device = qrt::DeviceSpec::parse(*device);
  return o;
}

std::string load_error(const std::filesystem::path& file, const std::string& entry = {}) {
  try {
    Program::load(file, {entry, {}});
  } catch (const qrt::qir::ProgramError& e) {
    return e.what();
  }
  FAIL("loading " << file << " succeeded");
  return {};
}

std::string call_error(const Program& p, std::span<const Tensor> args = {}, CallOptions options = collected()) {
  try {
    p.call(args, options);
  } catch (const qrt::Error& e) {
    return e.what();
  }
  FAIL("the call succeeded");
  return {};
}

Tensor vector_of(std::vector<double> values) {
  Tensor t(ElementType::F64, {static_cast<std::int64_t>(values.size())});
  for (std::size_t i = 0; i < values.size(); ++i) t.set(i, values[i]);
  return t;
}

std::vector<double> doubles(const Tensor& t) {
  std::vector<double> v;
  for (std::size_t i = 0; i < t.count(); ++i) v.push_back(t.get<double>(i));
  return v;
}

bool skip_without_shared() {
  if (std::filesystem::exists(shared("README.md"))) return false;
  WARN("../shared/catalyst not found (set QRT_CATALYST_CORPUS_DIR): its programs are not checked");
  return true;
}

}  // namespace

TEST_CASE("the real qjit dumps run and show what ../shared/catalyst's README says", "[catalyst][programs]") {
  if (skip_without_shared()) return;
  const Program expval = Program::load(shared("qjit_expval_cancel_inverses.ll"));
  CHECK(expval.entry_name() == "jit_test_cancel_inverses_keep_original_workflow0");
  CHECK(expval.arguments().empty());
  const CallResult r = expval.call({}, collected());
  REQUIRE(r.results.size() == 1);
  CHECK(r.results[0].type == ElementType::F64);
  CHECK(r.results[0].rank() == 0);
  CHECK(r.results[0].get<double>(0) == Approx(std::cos(1.0)).margin(1e-12));
  REQUIRE(r.devices.size() == 1);
  CHECK(r.devices[0].name == "LightningSimulator");
  CHECK(r.devices[0].kwargs == "{'mcmc': False, 'num_burnin': 0, 'kernel_name': None}");
  CHECK(r.devices[0].device == "statevector.qubit");

  const Program null = Program::load(shared("qjit_nullqubit_t_adjoint.ll"));
  const CallResult on_null = null.call({}, collected());
  CHECK(on_null.results.at(0).get<double>(0) == 0.0);
  CHECK(on_null.devices.at(0).device == "null.qubit");
  // The same program on a state vector: the network returns the register to |000>.
  const CallResult on_sv = null.call({}, collected("statevector.qubit"));
  CHECK(on_sv.results.at(0).get<double>(0) == Approx(1.0).margin(1e-12));
  CHECK(on_sv.devices.at(0).config == "statevector.qubit");
  CHECK(on_sv.devices.at(0).name == "NullQubit");
}

TEST_CASE("Catalyst's runtime examples run with their old gate ABI, printing what the README lists",
          "[catalyst][programs]") {
  if (skip_without_shared()) return;
  for (const char* year : {"2023", "2024"}) {
    DYNAMIC_SECTION("runtime examples of " << year) {
      const std::string prefix = std::string("rtex") + year;
      auto probs = qrt_cli("run " + quoted(shared((prefix + "_probs_qfunc.ll").c_str())));
      CHECK(probs.status == 0);
      CHECK_THAT(
          probs.out,
          Catch::Contains("probs[0] = 0.177891\nprobs[1] = 0.000000\nprobs[2] = 0.822109\nprobs[3] = 0.000000\n"));
      auto state = qrt_cli("run " + quoted(shared((prefix + "_state_qfunc.ll").c_str())));
      CHECK(state.status == 0);
      CHECK_THAT(state.out, Catch::Contains("(a, b) = (0.421771, 0.000000)") &&
                                Catch::Contains("State = [\n  (0.421771,0),\n  (0,0),\n  (0.906702,0),\n  (0,0),\n]"));
      auto grad = qrt_cli("run " + quoted(shared((prefix + "_grad_qfunc.ll").c_str())));
      CHECK(grad.status == 0);
      CHECK_THAT(grad.out, Catch::Contains("grad[0] = -0.580210\ngrad[1] = -0.566862\ngrad[2] = -0.556733\n") &&
                               Catch::Contains("State = ["));
      const Program main = Program::load(shared((prefix + "_probs_qfunc.ll").c_str()));
      CHECK(main.form() == EntryForm::Main);
      CHECK(main.entry_name() == "main");
      CHECK(main.call({}, collected()).exit_status == 0);
    }
  }
}

TEST_CASE("the OQD playground file is refused naming OQD's functions, and runs on a stub runtime",
          "[catalyst][programs]") {
  if (skip_without_shared()) return;
  CHECK_THAT(load_error(shared("manual_oqd_ion_jit_f.ll")),
             Catch::Contains("__catalyst__oqd__greetings (qrt does not provide it)") &&
                 Catch::Contains("__catalyst__oqd__ion (qrt does not provide it)"));
  // With a stub runtime (LoadOptions::functions): one greetings call, then one ion call with the Yb171 ion.
  static std::vector<std::string> calls;
  static std::string species;
  static double mass = 0, charge = 0;
  static std::array<std::int64_t, 3> levels{};
  calls.clear();
  auto* greetings = +[] { calls.push_back("greetings"); };
  auto* ion = +[](const void* p) {
    calls.push_back("ion");
    const char* const* name = static_cast<const char* const*>(p);
    species = *name;
    std::memcpy(&mass, static_cast<const char*>(p) + 8, 8);
    std::memcpy(&charge, static_cast<const char*>(p) + 16, 8);
    std::memcpy(levels.data(), static_cast<const char*>(p) + 32, 24);
  };
  LoadOptions options;
  options.functions = {{"__catalyst__oqd__greetings", "void ()", reinterpret_cast<void*>(greetings)},
                       {"__catalyst__oqd__ion", "void (ptr)", reinterpret_cast<void*>(ion)}};
  const Program oqd = Program::load(shared("manual_oqd_ion_jit_f.ll"), options);
  const CallResult r = oqd.call({}, collected());
  CHECK(r.results.empty());
  CHECK(calls == std::vector<std::string>{"greetings", "ion"});
  CHECK(species == "Yb171");
  CHECK(mass == 171.0);
  CHECK(charge == 56.11);
  CHECK(levels == std::array<std::int64_t, 3>{0, 11, 3});
}

TEST_CASE("arguments and several results: a 0-d and a 1-d argument, expval, probs and state against the reference",
          "[catalyst][programs]") {
  using namespace qrt::reference;
  const Program p = Program::load(program("arguments.ll"));
  REQUIRE(p.arguments().size() == 2);
  CHECK(p.arguments()[0].rank == 0);
  CHECK(p.arguments()[0].type == ElementType::F64);
  CHECK(p.arguments()[1].rank == 1);
  CHECK(p.arguments()[1].type == ElementType::F64);
  REQUIRE(p.results().size() == 3);
  CHECK(p.results()[1].type == ElementType::F64);
  CHECK(p.results()[2].type == ElementType::C128);
  const double theta = 0.3;
  const std::vector<double> params = {0.5, -0.7, 1.1};
  const std::vector<Tensor> args = {Tensor::scalar(ElementType::F64, theta), vector_of(params)};
  const CallResult r = p.call(args, collected());
  // The reference: RX(θ) q0, RY(p0) q1, CNOT, Rot(p)† on q1 controlled by q0 = 0; <Z0 X1>.
  auto gate = [](const char* name, std::vector<double> v, unsigned wires) {
    return find_reference_gate(name)->matrix(v, wires);
  };
  std::vector<Complex> psi(4);
  psi[0] = 1;
  const std::array<std::size_t, 1> q0{0}, q1{1};
  const std::array<std::size_t, 2> both{0, 1};
  const std::array<std::uint8_t, 1> zero{0};
  psi = apply_on_positions(psi, 2, gate("RX", {theta}, 1), q0);
  psi = apply_on_positions(psi, 2, gate("RY", {params[0]}, 1), q1);
  psi = apply_on_positions(psi, 2, gate("CNOT", {}, 2), both);
  psi = apply_controlled(psi, 2, adjoint(gate("Rot", params, 1)), q1, q0, zero);
  const Matrix zx = kron(gate("PauliZ", {}, 1), gate("PauliX", {}, 1));
  CHECK(r.results[0].get<double>(0) == Approx(expectation(psi, 2, zx, both).real()).margin(1e-12));
  CHECK(max_difference<double>(doubles(r.results[1]), probabilities(psi)) < 1e-12);
  std::vector<Complex> state;
  for (std::size_t i = 0; i < 4; ++i) state.push_back(r.results[2].get<std::complex<double>>(i));
  CHECK(max_difference<Complex>(state, psi) < 1e-12);
  CHECK(r.results[2].shape == std::vector<std::int64_t>{4});

  // JSON arguments: the type comes from the IR (an integer is read as f64 here).
  const auto from_json = p.arguments_from_json(std::vector<std::string>{"0.3", "[0.5, -0.7, 1.1]"});
  CHECK(p.call(from_json, collected()).results[0].get<double>(0) == r.results[0].get<double>(0));
  CHECK(p.arguments_from_json(std::vector<std::string>{"1", "[1, 2, 3]"})[0].type == ElementType::F64);
  // Python-style integers and booleans widen to the f64 the entry reads; a float never narrows.
  Tensor integers(ElementType::I64, {3});
  CHECK_NOTHROW(p.call(std::vector<Tensor>{Tensor::scalar(ElementType::I1, true), integers}, collected()));
  // Wrong count, rank, type: each names the argument.
  CHECK_THAT(call_error(p, std::vector<Tensor>{args[0]}), Catch::Contains("jit_circuit takes 2 arguments; 1 given"));
  CHECK_THAT(call_error(p, std::vector<Tensor>{args[0], args[0]}),
             Catch::Contains("argument 2 of jit_circuit has rank 1; the value given has rank 0"));
  CHECK_THAT(call_error(p, std::vector<Tensor>{Tensor::scalar(ElementType::C128, std::complex<double>(1, 1)), args[1]}),
             Catch::Contains("argument 1 of jit_circuit: the program reads f64 (float64), given complex128"));
  using Texts = std::vector<std::string>;
  auto json_error = [&](Texts texts) {
    try {
      p.arguments_from_json(texts);
    } catch (const qrt::Error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK_THAT(json_error({"0.3"}), Catch::Contains("takes 2 arguments (one --arg each); 1 given"));
  CHECK_THAT(json_error({"0.3", "[[1, 2]]"}),
             Catch::Contains("argument 2 of jit_circuit") && Catch::Contains("rank 1"));
  CHECK_THAT(json_error({"0.3", "[1, [2], 3]"}), Catch::Contains("argument 2 of jit_circuit"));
  CHECK_THAT(json_error({"i64:1", "[1, 2, 3]"}),
             Catch::Contains("argument 1 of jit_circuit: given as i64, but the program reads it as f64"));
  CHECK_THAT(json_error({"\"x\"", "[1, 2, 3]"}), Catch::Contains("argument 1 of jit_circuit: expected a number"));
  CHECK_THAT(json_error({"0.3", "[1, 2"}), Catch::Contains("argument 2 of jit_circuit: '[1, 2' is not a JSON value"));
}

TEST_CASE("returned views: offsets, strides, a transposed matrix, the 0xDEADBEEF sentinel, complex constants",
          "[catalyst][programs]") {
  const Program p = Program::load(program("views.ll"));
  REQUIRE(p.results().size() == 4);
  CHECK(p.results()[1].type == ElementType::I64);
  CHECK(p.results()[3].type == ElementType::C128);
  for (int call = 0; call < 3; ++call) {  // the sentinel is never freed, the buffers are freed every time
    const CallResult r = p.call({}, collected());
    CHECK(doubles(r.results[0]) == std::vector<double>{1.5, 2.5});
    CHECK(r.results[1].shape == std::vector<std::int64_t>{3, 2});
    CHECK(tensor_to_json(r.results[1]) == "[[1, 4], [2, 5], [3, 6]]");
    CHECK(r.results[2].get<double>(0) == 4.25);
    CHECK(r.results[3].get<std::complex<double>>(0) == std::complex<double>(0.6, -0.8));
    CHECK(call_text(r) == "[1.5, 2.5]\n[[1, 4], [2, 5], [3, 6]]\n4.25\n[0.6, -0.8]\n");
  }
}

TEST_CASE("qnodes asking for the same device share one pooled instance; pool statistics show it",
          "[catalyst][programs]") {
  const Program p = Program::load(program("qnodes.ll"));
  auto runtime = qrt::process_runtime();
  p.call({}, collected());  // warm: the devices exist in the pool now
  const qrt::PoolStats before = runtime->pool_stats();
  const CallResult r = p.call({}, collected());
  const qrt::PoolStats after = runtime->pool_stats();
  CHECK(after.creations == before.creations);  // every device_init was served by a pooled instance
  CHECK(after.hits - before.hits == 3);
  CHECK(doubles(r.results[0])[0] == Approx(std::cos(0.5)).margin(1e-12));
  CHECK(doubles(r.results[0])[1] == Approx(std::cos(1.5)).margin(1e-12));
  CHECK(doubles(r.results[0])[2] == 0.0);  // null.qubit
  REQUIRE(r.devices.size() == 3);
  CHECK(r.devices[0].config == r.devices[1].config);
  CHECK(r.devices[0].canonical_kwargs == r.devices[1].canonical_kwargs);
  CHECK(r.devices[2].device == "null.qubit");
  // The JSON document carries the pool's statistics.
  const auto doc = boost::json::parse(call_json(p, r, after)).as_object();
  CHECK(doc.at("pool").at("hits").to_number<std::uint64_t>() == after.hits);
  CHECK(doc.at("devices").as_array().size() == 3);
  CHECK(doc.at("devices").as_array()[0].at("catalyst").at("name") == "LightningSimulator");
  CHECK(doc.at("devices").as_array()[0].at("qrt").at("config") == "statevector.qubit");
}

TEST_CASE("entry points: the only jit_ function, or --entry among several", "[catalyst][programs]") {
  CHECK_THAT(load_error(program("entries.ll")),
             Catch::Contains("2 entry points (jit_a, jit_b); choose one with --entry NAME"));
  CHECK_THAT(load_error(program("entries.ll"), "c"),
             Catch::Contains("no entry point named 'c' (entry points: jit_a, jit_b)"));
  CHECK(Program::load(program("entries.ll"), {"b", {}}).call({}, collected()).results.at(0).get<std::int64_t>(0) == 7);
  CHECK(Program::load(program("entries.ll"), {"jit_a", {}}).call({}, collected()).results.at(0).get<double>(0) == 1.0);
}

TEST_CASE("the program's own failures, Sample at shots 0 and device errors fail the call with a clear error",
          "[catalyst][programs]") {
  const Program fail = Program::load(program("failures.ll"), {"fail", {}});
  try {
    fail.call({}, collected());
    FAIL("fail_cstr did not fail the call");
  } catch (const CallError& e) {
    CHECK(e.code() == qrt::ErrorCode::FailedPrecondition);
    CHECK_THAT(e.what(), Catch::Contains("jit_fail failed: fail_cstr: the program gave up"));
  }
  // The device the failed call held went back to the pool: the next call runs.
  const Program assertion = Program::load(program("failures.ll"), {"assert", {}});
  CHECK_THAT(call_error(assertion, std::vector<Tensor>{Tensor::scalar(ElementType::F64, 2.0)}),
             Catch::Contains("assert_bool: theta must stay below pi/2"));
  CHECK_NOTHROW(assertion.call(std::vector<Tensor>{Tensor::scalar(ElementType::F64, 1.0)}, collected()));

  const Program sample = Program::load(program("failures.ll"), {"sample", {}});
  CHECK(sample.arguments().at(0).type == ElementType::I64);
  CHECK(sample.results().at(0).type == ElementType::F64);
  CHECK(sample.results().at(1).type == ElementType::F64);
  CHECK(sample.results().at(2).type == ElementType::I64);
  CHECK_THAT(call_error(sample, std::vector<Tensor>{Tensor::scalar(ElementType::I64, std::int64_t{0})}),
             Catch::Contains("Sample: needs shots, and the device runs with shots 0"));
  CallOptions seeded = collected();
  seeded.seed = 11;
  const CallResult r = sample.call(std::vector<Tensor>{Tensor::scalar(ElementType::I64, std::int64_t{50})}, seeded);
  CHECK(r.results[0].shape == std::vector<std::int64_t>{50, 2});
  for (std::size_t shot = 0; shot < 50; ++shot)
    CHECK(r.results[0].get<double>(2 * shot) == r.results[0].get<double>(2 * shot + 1));
  CHECK(doubles(r.results[1]) == std::vector<double>{0, 1, 2, 3});
  CHECK(r.results[2].get<std::int64_t>(0) + r.results[2].get<std::int64_t>(3) == 50);
  CHECK(r.results[2].get<std::int64_t>(1) + r.results[2].get<std::int64_t>(2) == 0);
  CHECK(r.devices.at(0).shots == 50);
  // Seeded runs repeat.
  CHECK(tensor_to_json(
            sample.call(std::vector<Tensor>{Tensor::scalar(ElementType::I64, std::int64_t{50})}, seeded).results[0]) ==
        tensor_to_json(r.results[0]));
}

TEST_CASE("devices: Catalyst names mapped, kwargs parsed, inert ones accepted, others refused naming the key",
          "[catalyst][programs]") {
  auto entry = [](const char* name) { return Program::load(program("devices.ll"), {name, {}}); };
  CHECK_THAT(call_error(entry("braket")),
             Catch::Contains("OpenQasmDevice") && Catch::Contains("Braket") &&
                 Catch::Contains("choose a qrt device for every device_init with -d CONFIG"));
  CHECK_THAT(call_error(entry("unknown")), Catch::Contains("'FancyDevice1'") && Catch::Contains("-d CONFIG"));
  CHECK_THAT(call_error(entry("mcmc")), Catch::Contains("the kwarg 'mcmc'") && Catch::Contains("Markov-chain"));
  CHECK_THAT(call_error(entry("unknown_key")),
             Catch::Contains("the kwarg 'noise_model'") && Catch::Contains("refused"));
  CHECK_THAT(call_error(entry("malformed")),
             Catch::Contains("\"{'mcmc': Fals}\": expected a value") && Catch::Contains("column 10"));
  CHECK_THAT(call_error(entry("twice")), Catch::Contains("already active") && Catch::Contains("device_release"));
  const CallResult inert = entry("inert").call({}, collected());
  CHECK(inert.devices.at(0).name == "LightningKokkosSimulator");
  CHECK(inert.devices.at(0).device == "statevector.qubit");
  // -d replaces the device of every device_init, whatever the module asks for.
  const CallResult replaced = entry("braket").call({}, collected("null.qubit:max_qubits=4"));
  CHECK(replaced.devices.at(0).device == "null.qubit");
  CHECK(replaced.devices.at(0).config == "null.qubit:max_qubits=4");
  CHECK_NOTHROW(entry("mcmc").call({}, collected("statevector.qubit")));
}

TEST_CASE("modules qrt refuses before running: unknown symbols, constructs no LLVM 19 reads", "[catalyst][programs]") {
  CHECK_THAT(load_error(program("unknown_symbol.ll")),
             Catch::Contains("__catalyst__qis__Teleport (qrt does not provide it)") &&
                 Catch::Contains(
                     "__catalyst__qis__RX (declared as void (double, ptr); qrt provides void (double, ptr, ptr)") &&
                 Catch::Contains("__catalyst_inactive_callback (qrt does not provide it)"));
  CHECK_THAT(load_error(program("unknown_construct.ll")),
             Catch::Contains("unknown_construct.ll:9:21: error:") && Catch::Contains("'quantum_entangled'") &&
                 Catch::Contains("declare void @g(ptr quantum_entangled)"));
  // Every construct of a newer LLVM that qrt rewrites, in a program that still computes what it says.
  CHECK(Program::load(program("newer_llvm.ll")).call({}, collected()).results.at(0).get<double>(0) == 3.0);
}

TEST_CASE("NullQubit with 129 qubits runs without a state", "[catalyst][programs]") {
  const Program p = Program::load(program("null129.ll"));
  const CallResult r = p.call({}, collected());
  CHECK(r.results.at(0).get<double>(0) == 0.0);
  CHECK(doubles(r.results.at(1)) == std::vector<double>{1, 0, 0, 0, 0, 0, 0, 0});
  CHECK(r.devices.at(0).device == "null.qubit");
  CHECK_THAT(call_error(p, {}, collected("statevector.qubit")), Catch::Contains("129 qubits requested"));
}

TEST_CASE("grad(method=\"adjoint\"): the recorded qnode's Jacobian, all parameters or some", "[catalyst][programs]") {
  const std::vector<Tensor> x = {vector_of({0.3, 0.7, 0.2})};
  const CallResult all = Program::load(program("gradient.ll"), {"all", {}}).call(x, collected());
  const auto g = doubles(all.results.at(0));
  CHECK(g[0] == Approx(-std::sin(0.3) * std::cos(0.7)).margin(1e-12));
  CHECK(g[1] == Approx(-std::cos(0.3) * std::sin(0.7)).margin(1e-12));
  CHECK(g[2] == Approx(0.0).margin(1e-12));
  const auto some = doubles(Program::load(program("gradient.ll"), {"some", {}}).call(x, collected()).results.at(0));
  CHECK(some == std::vector<double>{g[0], g[2]});
  CHECK_THAT(call_error(Program::load(program("gradient.ll"), {"all", {}}), x, collected("null.qubit")),
             Catch::Contains("null.qubit does not offer the adjoint Jacobian"));
}

TEST_CASE("printing goes to the result when collected; a seeded module repeats itself", "[catalyst][programs]") {
  const CallResult printed = Program::load(program("print.ll")).call({}, collected());
  CHECK(printed.printed == "hello world\nNone\n[0.5, 1, -2.25]\nMemRef: base@ = " +
                               printed.printed.substr(printed.printed.find("0x"),
                                                      printed.printed.find(" rank") - printed.printed.find("0x")) +
                               " rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data =\n[[1, 2],\n [3, 4]]\n"
                               "State = [\n  (0.707107,0),\n  (0.707107,0),\n]\n");
  const Program seeded = Program::load(program("seeded.ll"));
  const CallResult a = seeded.call({}, collected()), b = seeded.call({}, collected());
  CHECK(a.seed == 42u);
  CHECK(tensor_to_json(a.results[0]) == tensor_to_json(b.results[0]));
  CHECK(a.results[2].get<double>(0) == b.results[2].get<double>(0));
  CHECK(a.results[1].get<std::int64_t>(0) == 3);  // automatic qubit management grew the register to 3
  CHECK(a.devices.at(0).seed.has_value());
  CallOptions other = collected();
  other.seed = 43;
  const CallResult c = seeded.call({}, other);
  CHECK(c.seed == 43u);
  CHECK(c.results[2].get<double>(0) != a.results[2].get<double>(0));
}

TEST_CASE("a module is compiled once and called many times, from several threads at once",
          "[catalyst][programs][concurrency]") {
  const std::uint64_t before = Program::compilations();
  const Program p = Program::load(program("arguments.ll"));
  CHECK(Program::compilations() == before + 1);
  auto value = [&](double theta) {
    return p.call(std::vector<Tensor>{Tensor::scalar(ElementType::F64, theta), vector_of({0.1, 0.2, 0.3})}, collected())
        .results[0]
        .get<double>(0);
  };
  std::vector<double> expected;
  for (int i = 0; i < 8; ++i) expected.push_back(value(0.1 * i));
  CHECK(Program::compilations() == before + 1);
  std::vector<std::thread> threads;
  std::vector<int> mismatches(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < 10; ++round)
        for (int i = 0; i < 8; ++i)
          if (value(0.1 * i) != expected[static_cast<std::size_t>(i)]) ++mismatches[static_cast<std::size_t>(t)];
    });
  for (auto& th : threads) th.join();
  CHECK(mismatches == std::vector<int>(4, 0));
  CHECK(Program::compilations() == before + 1);
}

TEST_CASE("qrt run on Catalyst programs: --arg, -o json, exit statuses, --isolate, --timeout, qrt batch",
          "[catalyst][cli]") {
  const std::string args = quoted(program("arguments.ll"));
  auto text = qrt_cli("run " + args + " --arg 0.3 --arg '[0.5, -0.7, 1.1]'");
  CHECK(text.status == 0);
  CHECK_THAT(text.out, Catch::StartsWith("0.41679617747622"));
  auto json = qrt_cli("run " + args + " --arg 0.3 --arg '[0.5, -0.7, 1.1]' -o json --seed 4");
  REQUIRE(json.status == 0);
  const auto doc = boost::json::parse(json.out).as_object();
  CHECK(doc.at("front_end") == "catalyst");
  CHECK(doc.at("entry") == "jit_circuit");
  CHECK(doc.at("results").as_array().size() == 3);
  CHECK(doc.at("results").as_array()[1].as_array().size() == 4);
  CHECK(doc.at("results").as_array()[2].as_array()[0].as_array().size() == 2);  // [re, im]
  CHECK(doc.at("types").as_array()[2].at("dtype") == "complex128");
  CHECK(doc.at("seed").to_number<std::uint64_t>() == 4);
  CHECK(doc.at("devices").as_array()[0].at("catalyst").at("name") == "LightningSimulator");
  CHECK(doc.at("devices").as_array()[0].at("qrt").at("device") == "statevector.qubit");
  // A wrong --arg, or an option of OpenQASM: the command line's mistake (64).
  CHECK(qrt_cli("run " + args + " --arg 0.3").status == 64);
  auto bad = qrt_cli("run " + args + " --arg 0.3 --arg '[[1]]'");
  CHECK(bad.status == 64);
  CHECK_THAT(bad.out, Catch::Contains("argument 2 of jit_circuit"));
  CHECK(qrt_cli("run " + args + " --arg 0.3 --arg '[1, 2, 3]' --probs").status == 64);
  CHECK(qrt_cli("run " + quoted(program("views.ll")) + " --arg 1").status == 64);
  // The program failing: 1, with its message.
  auto failed = qrt_cli("run " + quoted(program("failures.ll")) + " --entry fail");
  CHECK(failed.status == 1);
  CHECK_THAT(failed.out, Catch::Contains("the program gave up"));
  CHECK(qrt_cli("run " + quoted(program("unknown_symbol.ll"))).status == 1);
  // -d and --shots.
  auto sampled = qrt_cli("run " + quoted(program("failures.ll")) + " --entry sample --arg 3 -o json -d null.qubit");
  CHECK(sampled.status == 0);
  CHECK_THAT(sampled.out, Catch::Contains("[[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]]"));
  // --isolate: JIT code runs in a child; its crash is reported, qrt lives on.
  auto isolated = qrt_cli("run " + args + " --arg 0.3 --arg '[0.5, -0.7, 1.1]' --isolate");
  CHECK(isolated.status == 0);
  CHECK(isolated.out == text.out);
  auto crash = qrt_cli("run " + quoted(program("crash.ll")) + " --isolate");
  CHECK(crash.status == 1);
  CHECK_THAT(crash.out,
             Catch::Contains("crashed with signal") && Catch::Contains("qrt is unaffected"));  // 11, or 6 under ASan
  // --timeout stops a program that never ends at its next gate.
  auto endless = qrt_cli("run " + quoted(program("endless.ll")) + " --timeout 0.5");
  CHECK(endless.status == 124);
  CHECK_THAT(endless.out, Catch::Contains("did not finish within --timeout"));
  // qrt batch runs argument-less Catalyst programs beside others.
  auto batch = qrt_cli("batch " + quoted(program("views.ll")) + " " + quoted(program("qnodes.ll")));
  CHECK(batch.status == 0);
  CHECK_THAT(batch.out, Catch::Contains("\"front_end\":\"catalyst\"") && Catch::Contains("[1.5,2.5]"));
  auto batch_args = qrt_cli("batch " + args);
  CHECK(batch_args.status == 1);
  CHECK_THAT(batch_args.out, Catch::Contains("takes 2 arguments; 0 given"));
}
