// Reading what Catalyst writes: each newer text-IR construct rewritten into its LLVM 19 meaning (and
// nothing inside strings or comments), newer bitcode named, Catalyst modules told from QIR by content,
// Python-dict kwargs, JSON arguments and results, and the device mapping's policies.
#include "catalyst_support.hpp"

#include "catalyst/device_mapping.hpp"
#include "catalyst/python_literal.hpp"
#include "qir/ir_upgrade.hpp"

#include <qrt/program_kind.hpp>

#include <boost/json.hpp>

#include <fstream>

using namespace qrt::catalyst;
using qrt::qir::upgrade_ir_text;

namespace {

std::string error_of(auto&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

// LLVM 19's bitcode of views.ll with the producer string (char6 in the identification block) changed from
// "LLVM19" to "LLVM22": bitcode as a newer LLVM writes it.
std::filesystem::path newer_bitcode() {
  std::ifstream in(catalyst_test::generated("views.bc"), std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), {});
  REQUIRE(!bytes.empty());
  auto char6 = [](char c) -> unsigned {
    if (c >= 'a' && c <= 'z') return static_cast<unsigned>(c - 'a');
    if (c >= 'A' && c <= 'Z') return static_cast<unsigned>(c - 'A' + 26);
    if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0' + 52);
    return c == '.' ? 62u : 63u;
  };
  auto bit = [&](std::size_t i) { return (static_cast<unsigned char>(bytes[i / 8]) >> (i % 8)) & 1u; };
  auto set_bit = [&](std::size_t i, unsigned v) {
    auto& byte = reinterpret_cast<unsigned char&>(bytes[i / 8]);
    byte = static_cast<unsigned char>((byte & ~(1u << (i % 8))) | (v << (i % 8)));
  };
  const std::string from = "LLVM19", to = "LLVM22";
  for (std::size_t start = 0; start + 36 <= bytes.size() * 8; ++start) {
    bool match = true;
    for (std::size_t c = 0; c < from.size() && match; ++c)
      for (std::size_t b = 0; b < 6 && match; ++b) match = bit(start + 6 * c + b) == ((char6(from[c]) >> b) & 1u);
    if (!match) continue;
    for (std::size_t c = 0; c < to.size(); ++c)
      for (std::size_t b = 0; b < 6; ++b) set_bit(start + 6 * c + b, (char6(to[c]) >> b) & 1u);
    const auto path = std::filesystem::temp_directory_path() / ("qrt-newer-" + std::to_string(::getpid()) + ".bc");
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }
  FAIL("no LLVM19 producer string in views.bc");
  return {};
}

}  // namespace

TEST_CASE("each newer text-IR construct is rewritten into its LLVM 19 meaning", "[catalyst][reading]") {
  std::vector<qrt::qir::IrRewrite> applied;
  CHECK(upgrade_ir_text("declare void @m(ptr noalias writeonly captures(none), ptr)", &applied) ==
        "declare void @m(ptr noalias writeonly nocapture, ptr)");
  REQUIRE(applied.size() == 1);
  CHECK(applied[0].construct == "captures(none)");
  CHECK(upgrade_ir_text("declare void @f(ptr captures(address, read_provenance) %p)") == "declare void @f(ptr %p)");
  CHECK(upgrade_ir_text("declare void @f(ptr captures(ret: address, provenance) %p)") == "declare void @f(ptr %p)");
  CHECK(upgrade_ir_text("  %c = icmp samesign ult i32 %a, %b") == "  %c = icmp ult i32 %a, %b");
  CHECK(upgrade_ir_text("  %p = ptrtoaddr ptr %x to i64") == "  %p = ptrtoint ptr %x to i64");
  CHECK(upgrade_ir_text("attributes #0 = { memory(argmem: readwrite, errnomem: write) }") ==
        "attributes #0 = { memory(write, argmem: readwrite, inaccessiblemem: none) }");
  CHECK(upgrade_ir_text("attributes #0 = { memory(read, errnomem: write) }") ==
        "attributes #0 = { memory(readwrite, argmem: read, inaccessiblemem: read) }");
  CHECK(upgrade_ir_text("attributes #0 = { memory(argmem: read) }") == "attributes #0 = { memory(argmem: read) }");
  CHECK(upgrade_ir_text("declare void @llvm.lifetime.start.p0(ptr captures(none))") ==
        "declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)");
  CHECK(upgrade_ir_text("  call void @llvm.lifetime.end.p0(ptr %slot)") ==
        "  call void @llvm.lifetime.end.p0(i64 -1, ptr %slot)");
  CHECK(upgrade_ir_text("  call void @llvm.lifetime.end.p0(i64 8, ptr %slot)") ==
        "  call void @llvm.lifetime.end.p0(i64 8, ptr %slot)");
  CHECK(upgrade_ir_text("define void @f(ptr dead_on_return %p) nocreateundeforpoison sanitize_realtime {") ==
        "define void @f(ptr %p) {");
  // Nothing changes inside strings, comments and names; lines are kept.
  const std::string untouched =
      "@\"captures(none)\" = constant [6 x i8] c\"ptrtoaddr\"  ; icmp samesign ult\n"
      "declare void @samesign(ptr %captures)\n";
  CHECK(upgrade_ir_text(untouched) == untouched);
  applied.clear();
  upgrade_ir_text("; one\n\ndeclare void @m(ptr captures(none))\n", &applied);
  REQUIRE(applied.size() == 1);
  CHECK(applied[0].line == 3);
}

TEST_CASE("bitcode a newer LLVM wrote is refused, naming that LLVM", "[catalyst][reading]") {
  const auto path = newer_bitcode();
  const std::string message = error_of([&] { Program::load(path); });
  std::filesystem::remove(path);
  CHECK_THAT(message, Catch::Contains("the bitcode was written by LLVM 22") && Catch::Contains("LLVM IR text"));
  CHECK_NOTHROW(Program::load(catalyst_test::generated("views.bc")));  // LLVM 19's own loads
}

TEST_CASE("Catalyst modules are told from QIR and OpenQASM by content", "[catalyst][reading]") {
  using qrt::ProgramKind;
  CHECK(qrt::program_kind_of_text("declare void @__catalyst__rt__initialize(ptr)\n") == ProgramKind::Catalyst);
  CHECK(qrt::program_kind_of_text("declare void @__quantum__qis__Hadamard(ptr, i8)\n") == ProgramKind::Catalyst);
  CHECK(qrt::program_kind_of_text("declare ptr @_mlir_memref_to_llvm_alloc(i64)\n") == ProgramKind::Catalyst);
  CHECK(qrt::program_kind_of_text("declare void @__quantum__qis__h__body(ptr)\n") == ProgramKind::Qir);
  CHECK(qrt::program_kind_of_text("OPENQASM 2.0;\nqreg q[1];\n") == ProgramKind::OpenQasm);
  CHECK(qrt::program_kind(catalyst_test::program("views.ll")) == ProgramKind::Catalyst);
  CHECK(qrt::program_kind(catalyst_test::generated("views.bc")) == ProgramKind::Catalyst);
}

TEST_CASE("device kwargs: Python dict literals, bare keys included", "[catalyst][reading]") {
  const auto v =
      parse_python_literal("{'mcmc': False, 'num_burnin': 0, 'kernel_name': None, \"x\": [1, 2.5, 'a'], t: (1,)}");
  const auto& o = v.as_object();
  CHECK(o.at("mcmc") == false);
  CHECK(o.at("num_burnin") == 0);
  CHECK(o.at("kernel_name").is_null());
  CHECK(boost::json::serialize(o.at("x")) == "[1,2.5E0,\"a\"]");
  CHECK(o.at("t").as_array().size() == 1);
  CHECK(parse_python_literal("{shots: 0}").as_object().at("shots") == 0);
  CHECK(parse_python_literal("").as_object().empty());
  CHECK_THAT(error_of([] { parse_python_literal("{'a': 1"); }), Catch::Contains("expected ',' or '}' at column 8"));
  CHECK_THAT(error_of([] { parse_python_literal("{'a' 1}"); }), Catch::Contains("expected ':' after the key 'a'"));
  CHECK_THAT(error_of([] { parse_python_literal("{'a': 'open}"); }), Catch::Contains("the closing '"));
}

TEST_CASE("device mapping: Catalyst's devices onto qrt's, shots from the call or the kwargs", "[catalyst][reading]") {
  auto runtime = qrt::process_runtime();
  auto map = [&](std::string_view name, std::string_view kwargs, std::optional<std::int64_t> shots = 0,
                 std::optional<std::string> override_config = std::nullopt) {
    return map_device({"lib", name, kwargs, shots},
                      override_config ? std::optional(qrt::DeviceSpec::parse(*override_config)) : std::nullopt,
                      *runtime);
  };
  CHECK(map("LightningSimulator", "{'mcmc': False, 'num_burnin': 0, 'kernel_name': None}").config ==
        "statevector.qubit");
  CHECK(map("LightningGPUSimulator", "{'use_async': True}").config == "statevector.qubit");
  CHECK(map("NullQubit", "{'track_resources': False}").config == "null.qubit");
  CHECK(map("LightningSimulator", "{}", 1000).shots == 1000);
  CHECK(map("LightningSimulator", "{shots: 25}", std::nullopt).shots == 25);  // the 3-argument device_init
  CHECK(map("LightningSimulator", "{'shots': None}", std::nullopt).shots == 0);
  CHECK(map("OpenQasmDevice", "{'device_type': 'braket.local.qubit'}", 0, "statevector.qubit").config ==
        "statevector.qubit");
  // A qrt device named directly takes its own kwargs.
  CHECK(map("null.qubit", "{'max_qubits': 5}").config == "{\"device\":\"null.qubit\",\"kwargs\":{\"max_qubits\":5}}");
  CHECK_THAT(error_of([&] { map("NullQubit", "{'track_resources': True}"); }),
             Catch::Contains("'track_resources' = true") && Catch::Contains("refused"));
  CHECK_THAT(error_of([&] { map("LightningKokkosSimulator", "{'mpi': True}"); }), Catch::Contains("'mpi'"));
  CHECK_THAT(error_of([&] { map("LightningSimulator", "{}", -3); }), Catch::Contains("-3 shots"));
  CHECK_THAT(error_of([&] { map("LightningSimulator", "{shots: 'many'}", std::nullopt); }), Catch::Contains("'shots'"));
  CHECK_THAT(error_of([&] { map("oqd", "{}"); }),
             Catch::Contains("Open Quantum Design") && Catch::Contains("-d CONFIG"));
}

TEST_CASE("JSON values in and out: types from the spelling, the IR or a prefix; complex pairs; ragged lists",
          "[catalyst][reading]") {
  CHECK(tensor_from_json("1", std::nullopt, std::nullopt, "a").type == ElementType::I64);
  CHECK(tensor_from_json("1.0", std::nullopt, std::nullopt, "a").type == ElementType::F64);
  CHECK(tensor_from_json("1e3", std::nullopt, std::nullopt, "a").type == ElementType::F64);
  CHECK(tensor_from_json("[true, false]", std::nullopt, std::nullopt, "a").type == ElementType::I1);
  CHECK(tensor_from_json("f32:[1, 2]", std::nullopt, std::nullopt, "a").type == ElementType::F32);
  const Tensor c = tensor_from_json("[0.5, -1]", std::nullopt, 0, "a");  // rank 0: a complex scalar
  CHECK(c.type == ElementType::C128);
  CHECK(c.get<std::complex<double>>(0) == std::complex<double>(0.5, -1));
  CHECK(tensor_from_json("[0.5, -1]", std::nullopt, 1, "a").type == ElementType::F64);
  const Tensor m = tensor_from_json("[[1, 2, 3], [4, 5, 6]]", ElementType::I32, 2, "a");
  CHECK(m.shape == std::vector<std::int64_t>{2, 3});
  CHECK(m.get<std::int64_t>(5) == 6);
  CHECK(tensor_to_json(m) == "[[1, 2, 3], [4, 5, 6]]");
  CHECK(tensor_to_json(tensor_from_json("c64:[[1, 2], 3]", std::nullopt, 1, "a")) == "[[1.0, 2.0], [3.0, 0.0]]");
  CHECK(tensor_to_json(Tensor::scalar(ElementType::F64, 2.0)) == "2.0");
  CHECK(tensor_to_json(Tensor::scalar(ElementType::I1, true)) == "true");
  CHECK_THAT(error_of([] { tensor_from_json("[[1, 2], [3]]", std::nullopt, std::nullopt, "argument 1"); }),
             Catch::Contains("argument 1: the nested lists are ragged"));
  CHECK_THAT(error_of([] { tensor_from_json("1.5", ElementType::I64, 0, "argument 1"); }),
             Catch::Contains("1.5 is not a whole number"));
  CHECK_THAT(error_of([] { tensor_from_json("300", ElementType::I8, 0, "argument 1"); }),
             Catch::Contains("300 does not fit i8"));
  CHECK_THAT(error_of([] { tensor_from_json("x64:1", std::nullopt, 0, "argument 1"); }),
             Catch::Contains("unknown element type 'x64'"));
}
