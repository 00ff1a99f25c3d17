// The C++ half of fake.cxx_throw (tests/fake_plugins/fake_device.h, FAKE_CXX_THROW): an exception that
// unwinds through the plugin's C entry points into the host, which the ABI forbids and the host must
// still report as the plugin's fault.
#include <stdexcept>
#include <string>

extern "C" void fake_throw_cxx(const char* where) {
  throw std::runtime_error(std::string("fake.cxx_throw: ") + where + " threw a C++ exception on purpose");
}
