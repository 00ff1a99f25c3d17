// Boost.JSON compiled into the fuzzers (instead of linking libboost_json) so that its parser carries
// the coverage instrumentation too: the fuzzer then learns JSON's syntax from coverage feedback.
#include <boost/json/src.hpp>
