// qrt-worker — the process that holds an isolated device, or scans one plugin file (see
// host/src/isolation/README.md). Started by libqrt; not meant to be run by hand.
#include <qrt/isolation.hpp>

int main(int argc, char** argv) { return qrt::isolation::worker_main(argc, argv); }
