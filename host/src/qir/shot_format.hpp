// A shot's output as the isolation worker sends it to the host while a compiled program runs there
// (device::CompiledRun::on_message): {"shot": K, "events": [[KIND, VALUE(, LABEL)], ...], "failed": B,
// "error": TEXT}. KIND is EventKind's number; a labelled record has its label as a third element.
#pragma once

#include <qrt/qir/program.hpp>

#include <boost/json/object.hpp>

#include <cstdint>

namespace qrt::qir {

boost::json::object encode_shot(std::uint64_t shot, const ShotOutput& output);
// Throws Error(Internal) naming what is malformed (a worker that sends one is broken). `shot`: its number.
ShotOutput decode_shot(const boost::json::object& message, std::uint64_t& shot);

}  // namespace qrt::qir
