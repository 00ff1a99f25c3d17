// API misuse through the C entry points: every case reports a clear error and returns; none crashes.
#include "capi_support.hpp"

#include <catch2/catch.hpp>

#include <thread>

using namespace capi_test;

TEST_CASE("calls before initialize report that the runtime is not initialized", "[capi]") {
  ReturningHandler handler;
  __quantum__rt__device_init(nullptr, s("null.qubit"), nullptr);
  CHECK(g_errors == 1);
  CHECK_THAT(last_error(), Catch::Contains("not initialized"));
  __quantum__rt__finalize();
  CHECK(g_errors == 2);
  CHECK_THAT(last_error(), Catch::Contains("__quantum__rt__finalize"));
}

TEST_CASE("initialize twice, release without a device, gates without a device", "[capi]") {
  ReturningHandler handler;
  RuntimeScope runtime;
  __quantum__rt__initialize(nullptr);
  CHECK_THAT(last_error(), Catch::Contains("already initialized"));
  __quantum__rt__device_release();
  CHECK_THAT(last_error(), Catch::Contains("no active device"));
  __quantum__qis__h__body(reinterpret_cast<QUBIT*>(1));
  CHECK_THAT(last_error(), Catch::Contains("no active device"));
  CHECK(__quantum__rt__qubit_allocate() == nullptr);
  CHECK(g_errors == 4);
}

TEST_CASE("bad device names and kwargs are reported with the reason", "[capi]") {
  ReturningHandler handler;
  RuntimeScope runtime;
  __quantum__rt__device_init(nullptr, s("null.qbit"), nullptr);
  CHECK_THAT(last_error(),
             Catch::Contains("unknown device 'null.qbit'") && Catch::Contains("did you mean 'null.qubit'"));
  __quantum__rt__device_init(nullptr, s("null.qubit"), s("shots=-1"));
  CHECK_THAT(last_error(), Catch::Contains("'shots'") && Catch::Contains(">= 0"));
  __quantum__rt__device_init(nullptr, s("null.qubit"), s("shot=1"));
  CHECK_THAT(last_error(), Catch::Contains("did you mean 'shots'"));
  __quantum__rt__device_init(s("/nonexistent/lib.so"), s("null.qubit"), nullptr);
  CHECK_THAT(last_error(), Catch::Contains("/nonexistent/lib.so") && Catch::Contains("no such file"));
  __quantum__rt__device_init(nullptr, nullptr, nullptr);
  CHECK_THAT(last_error(), Catch::Contains("device name"));
  CHECK(g_errors == 5);
  // After all that, a good init still works.
  __quantum__rt__device_init(nullptr, s("null.qubit"), nullptr);
  CHECK(g_errors == 5);
  __quantum__rt__device_release();
}

TEST_CASE("qubit and result misuse on an active device", "[capi]") {
  ReturningHandler handler;
  RuntimeScope runtime;
  __quantum__rt__device_init(nullptr, s("null.qubit"), nullptr);
  QirArray* array = __quantum__rt__qubit_allocate_array(2);
  REQUIRE(array != nullptr);
  CHECK(__quantum__rt__array_get_element_ptr_1d(array, -1) == nullptr);
  CHECK_THAT(last_error(), Catch::Contains("index -1"));
  CHECK(__quantum__rt__qubit_allocate_array(-3) == nullptr);
  CHECK_THAT(last_error(), Catch::Contains("negative qubit count"));
  // QIR static addressing: NULL is qubit 0, a valid id; an id at or beyond the device's limit is not.
  __quantum__qis__h__body(nullptr);
  CHECK(g_errors == 2);
  __quantum__qis__h__body(reinterpret_cast<QUBIT*>(std::uintptr_t{1} << 21));
  CHECK_THAT(last_error(), Catch::Contains("qubit id 2097152 is beyond null.qubit's limit of 1048576 qubits"));
  __quantum__rt__qubit_release(reinterpret_cast<QUBIT*>(77));  // id 77 was never allocated
  CHECK_THAT(last_error(), Catch::Contains("qubit 77 is not allocated"));
  alignas(16) char bogus[64] = {};  // any pointer the runtime did not hand out
  __quantum__rt__qubit_release_array(reinterpret_cast<QirArray*>(bogus));
  CHECK_THAT(last_error(), Catch::Contains("not a live qubit array"));
  CHECK_FALSE(__quantum__qis__read_result__body(reinterpret_cast<RESULT*>(std::uintptr_t{1} << 30)));
  CHECK_THAT(last_error(), Catch::Contains("neither a static result slot"));
  CHECK(g_errors == 6);
  __quantum__rt__qubit_release_array(array);
  __quantum__rt__device_release();
}

TEST_CASE("finalize while another thread holds a device", "[capi]") {
  ReturningHandler handler;
  __quantum__rt__initialize(nullptr);
  std::atomic<int> stage{0};
  std::string error_seen;
  std::thread other([&] {
    __quantum__rt__device_init(nullptr, s("null.qubit"), nullptr);
    QUBIT* q = __quantum__rt__qubit_allocate();
    stage = 1;
    while (stage != 2) std::this_thread::yield();
    __quantum__qis__h__body(q);  // the runtime is gone: an error, not a crash
    error_seen = last_error();
    __quantum__rt__device_release();  // nothing left to release
  });
  while (stage != 1) std::this_thread::yield();
  __quantum__rt__finalize();
  stage = 2;
  other.join();
  CHECK_THAT(error_seen, Catch::Contains("finalized"));
  // A fresh initialize works again.
  __quantum__rt__initialize(nullptr);
  __quantum__rt__device_init(nullptr, s("null.qubit"), nullptr);
  __quantum__rt__device_release();
  __quantum__rt__finalize();
}
