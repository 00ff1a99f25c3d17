// The JSON payloads of the host <-> worker protocol (framing: frame.hpp; overview: README.md).
// Doubles travel as their IEEE-754 bit patterns (JSON unsigned integers), so that parameters, matrices,
// probabilities and amplitudes cross the boundary bit-identically (text round trips would not be).
#pragma once

#include "device/execution_result.hpp"

#include <qrt/circuit_runner.hpp>
#include <qrt/error.hpp>
#include <qrt/program/lowering.hpp>

#include <boost/json/object.hpp>

namespace qrt::isolation {

boost::json::object encode_program(const program::LoweredProgram& program);
// Throws Error(InvalidArgument) for a malformed or inconsistent program (ranges outside the pools).
program::LoweredProgram decode_program(const boost::json::object& message);

boost::json::object encode_options(const RunOptions& options);
RunOptions decode_options(const boost::json::object& message);

boost::json::object encode_result(const device::ExecutionResult& result);
device::ExecutionResult decode_result(const boost::json::object& message);

// {"ok": false, "code": N, "message": TEXT[, "operation": INDEX]}: an Error (or OperationFailure).
boost::json::object encode_error(const Error& error);
boost::json::object encode_error(ErrorCode code, const std::string& message);
// Throws the error an {"ok": false, ...} reply carries; returns for {"ok": true, ...}.
void throw_if_error(const boost::json::object& reply);

}  // namespace qrt::isolation
