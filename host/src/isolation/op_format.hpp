// The per-operation messages of the worker protocol (README.md, "Per-operation calls"): each call on an
// isolated Device is one JSON array [NAME, ARGS...]; the host sends them in batches, {"op":"ops",
// "batch":[...]}, and the worker applies a batch to its live device with the very Device methods an
// in-process caller uses, so both give identical results.
#pragma once

#include <qrt/device.hpp>
#include <qrt/observable.hpp>

#include <boost/json/array.hpp>
#include <boost/json/value.hpp>

#include <span>
#include <vector>

namespace qrt::isolation {

boost::json::array encode_wires(std::span<const Wire> wires);
std::vector<Wire> decode_wires(const boost::json::value& value);

boost::json::array encode_observable(const Observable& observable);
Observable decode_observable(const boost::json::value& value);

// Worker side: applies the batch in order and returns the last call's result (null for a call that
// returns nothing). A call that fails stops the batch: its error is rethrown with the same code, naming
// the call and its index in the batch; the calls after it are not applied.
boost::json::value apply_batch(Device& device, const boost::json::array& batch);

}  // namespace qrt::isolation
