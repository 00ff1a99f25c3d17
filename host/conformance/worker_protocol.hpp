// Between check() and its worker process (qrt-check-worker): the request, one JSON argument,
//   {"options": {...Options but isolation...}, "start": {"device","group","skip":{NAME: OUTCOME},"facts"},
//    "parent": PID}
// and the worker's messages, one JSON object per line on its file descriptor 3, in this order:
//   {"plugin": {"file","name","version","abi":[MAJOR,MINOR]},
//    "devices": [{"name","version"}...]}   loaded, devices selected
//   {"load_error": TEXT} | {"error": {"code": ErrorCode, "message": TEXT}}             and nothing more
//   {"device": INDEX}                                          a device's checks begin
//   {"group": NAME, "facts": FACTS}                            a group begins
//   {"check": [GROUP, NAME], "facts": FACTS}                   a check begins
//   {"result": {"group","name","outcome","detail"}, "facts": FACTS}   a check's result
//   {"done": true}                                             every check ran
// FACTS: {"can_create": BOOL, "observation": "state"|"probs"|"", "simulating": BOOL}.
#pragma once

#include "conformance/check_listener.hpp"

#include <qrt/conformance.hpp>

#include <boost/json/object.hpp>

#include <string>

namespace qrt::conformance::protocol {

boost::json::object encode(const Options& options);
Options decode_options(const boost::json::object& o);

boost::json::object encode(const Facts& facts);
Facts decode_facts(const boost::json::object& o);

boost::json::object encode(const StartPoint& start);
StartPoint decode_start(const boost::json::object& o);

boost::json::object encode(const CheckResult& result);
CheckResult decode_result(const boost::json::object& o);

Outcome outcome_named(std::string_view name);  // the inverse of to_string(Outcome); throws std::invalid_argument

}  // namespace qrt::conformance::protocol
