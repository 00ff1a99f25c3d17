// The framing and the JSON payloads of the host <-> worker protocol.
#include "isolation/wire_format.hpp"
#include "process/frame.hpp"
#include "process/unique_fd.hpp"

#include <qrt/qasm/parser.hpp>

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <sys/socket.h>

#include <cmath>
#include <thread>

using namespace qrt::isolation;
using namespace qrt::process;

TEST_CASE("frames cross a socketpair, a closed peer is Closed, never SIGPIPE", "[isolation][protocol]") {
  int fds[2];
  REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) == 0);
  UniqueFd a(fds[0]), b(fds[1]);
  const std::string big(3 << 20, 'x');  // larger than the socket buffer: written in pieces
  std::string got;
  IoStatus read_status = IoStatus::Closed;  // checked on this thread: Catch's assertions are not thread-safe
  std::thread reader([&] { read_status = read_frame(b.get(), got, std::nullopt).status; });
  CHECK(write_frame(a.get(), big, std::nullopt).status == IoStatus::Ok);
  reader.join();
  CHECK(read_status == IoStatus::Ok);
  CHECK(got == big);

  // Nothing arrives: the deadline ends the wait.
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(50);
  CHECK(read_frame(b.get(), got, deadline).status == IoStatus::TimedOut);

  b.reset();
  CHECK(write_frame(a.get(), "hello", std::nullopt).status == IoStatus::Closed);
  CHECK(read_frame(a.get(), got, std::nullopt).status == IoStatus::Closed);
}

TEST_CASE("a frame announcing more than the limit is refused", "[isolation][protocol]") {
  int fds[2];
  REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) == 0);
  UniqueFd a(fds[0]), b(fds[1]);
  const unsigned char header[4] = {0xff, 0xff, 0xff, 0xff};
  REQUIRE(::send(a.get(), header, 4, MSG_NOSIGNAL) == 4);
  std::string got;
  IoResult r = read_frame(b.get(), got, std::nullopt);
  CHECK(r.status == IoStatus::Failed);
  CHECK_THAT(r.detail, Catch::Matchers::Contains("limit"));
}

TEST_CASE("lowered programs, options and results round-trip bit-exactly", "[isolation][protocol]") {
  auto program = qrt::qasm::parse_string(
      "OPENQASM 2.0;\ninclude \"qelib1.inc\";\nqreg q[3];\ncreg c[3];\nu3(0.1,0.2,0.3) q[0];\nccx q[0],q[1],q[2];\n"
      "measure q[0] -> c[0];\nif (c == 1) rz(1e-300) q[1];\nmeasure q -> c;\n");
  const qrt::program::LoweredProgram lowered =
      qrt::program::lower(program, {{"RZ", "RY", "CNOT", "PhaseShift"}, false, false});
  const auto text = boost::json::serialize(encode_program(lowered));
  const auto back = decode_program(boost::json::parse(text).as_object());
  CHECK(back.parameters == lowered.parameters);
  CHECK(back.wires == lowered.wires);
  CHECK(back.gate_names == lowered.gate_names);
  CHECK(std::bit_cast<std::uint64_t>(back.global_phase) == std::bit_cast<std::uint64_t>(lowered.global_phase));
  REQUIRE(back.operations.size() == lowered.operations.size());
  for (std::size_t i = 0; i < back.operations.size(); ++i) {
    CHECK(back.operations[i].kind == lowered.operations[i].kind);
    CHECK(back.operations[i].condition.has_value() == lowered.operations[i].condition.has_value());
  }

  qrt::device::ExecutionResult r;
  r.shots = 5;
  r.raw_counts = {{"010", 2}, {"111", 3}};
  r.probabilities = {0.1, std::nextafter(0.2, 1.0), 0.7};
  r.state = {{std::sqrt(0.5), -0.0}, {1e-310, 3.0}};
  r.expvals = {{"ZZZ", -0.25}};
  r.wires = {3, 1, 4};
  const auto r2 = decode_result(boost::json::parse(boost::json::serialize(encode_result(r))).as_object());
  CHECK(r2.raw_counts == r.raw_counts);
  CHECK(r2.probabilities == r.probabilities);
  CHECK(r2.state == r.state);
  CHECK(std::signbit(r2.state[0].imag()));
  CHECK(r2.expvals == r.expvals);
  CHECK(r2.wires == r.wires);  // the host reads the worker's device on these after the run
}

TEST_CASE("a program whose ranges leave its pools is refused before it runs", "[isolation][protocol]") {
  qrt::program::LoweredProgram p;
  p.num_qubits = 1;
  p.gate_names = {"PauliX"};
  p.wires = {0};
  qrt::program::LoweredOperation op;
  op.wires = {0, 2};  // two wires, one in the pool
  p.operations.push_back(op);
  CHECK_THROWS_WITH(decode_program(encode_program(p)), Catch::Matchers::Contains("malformed"));
}

TEST_CASE("errors round-trip with their code and operation", "[isolation][protocol]") {
  auto reply = encode_error(qrt::device::OperationFailure(4, qrt::ErrorCode::InvalidArgument, "bad wire"));
  try {
    throw_if_error(boost::json::parse(boost::json::serialize(reply)).as_object());
    FAIL("no exception");
  } catch (const qrt::device::OperationFailure& e) {
    CHECK(e.operation() == 4);
    CHECK(e.code() == qrt::ErrorCode::InvalidArgument);
    CHECK(std::string(e.what()) == "bad wire");
  }
}
