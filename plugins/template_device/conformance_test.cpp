// The conformance kit as one of the device's own tests (`ctest` in a build against an installed qrt):
// the checks `qrt check-plugin` runs, from a program linked with qrt::conformance. Keep it when you
// copy the template; a test framework of your choice can call qrt::conformance::check() the same way.
// The device runs in a worker process (qrt-check-worker), so a crash or a hang fails a check, not this
// program; set Options::isolation to Isolation::InProcess to step through it in a debugger.
#include <qrt/conformance.hpp>

#include <exception>
#include <iostream>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: " << argv[0] << " PLUGIN_FILE\n";
    return 2;
  }
  try {
    const qrt::conformance::Report report = qrt::conformance::check(argv[1]);
    std::cout << qrt::conformance::to_text(report);
    return report.passed() ? 0 : 1;
  } catch (const std::exception& e) {  // options the kit refuses (none here) or a device it cannot find
    std::cerr << "conformance_test: " << e.what() << '\n';
    return 2;
  }
}
