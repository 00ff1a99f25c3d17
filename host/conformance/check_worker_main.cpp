// qrt-check-worker — the process the conformance kit runs a plugin under test in (see
// qrt/conformance.hpp, Options::isolation). Started by qrt::conformance::check(); not meant to be run by hand.
#include <qrt/conformance.hpp>

int main(int argc, char** argv) { return qrt::conformance::check_worker_main(argc, argv); }
