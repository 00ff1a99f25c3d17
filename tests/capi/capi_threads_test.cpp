// Catalyst's model: each thread has its own current device; released devices are reused by equal
// configs. Many threads cycle through init/use/release at once.
#include "capi_support.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <thread>
#include <vector>

using namespace capi_test;

TEST_CASE("eight threads each run many programs on their own current device", "[capi][threads]") {
  ReturningHandler handler;
  RuntimeScope runtime;
  constexpr int kThreads = 8, kCycles = 300;
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      // Two configs per thread parity; both spellings of each must hit the same pool key.
      std::string kwargs = (t % 2) ? "shots=10,seed=1" : "{\"seed\": 1, \"shots\": 10}";
      for (int c = 0; c < kCycles; ++c) {
        __quantum__rt__device_init(nullptr, s("null.qubit"), s(kwargs.c_str()));
        QirArray* q = __quantum__rt__qubit_allocate_array(2);
        QUBIT* a = *reinterpret_cast<QUBIT**>(__quantum__rt__array_get_element_ptr_1d(q, 0));
        QUBIT* b = *reinterpret_cast<QUBIT**>(__quantum__rt__array_get_element_ptr_1d(q, 1));
        __quantum__qis__h__body(a);
        __quantum__qis__cnot__body(a, b);
        __quantum__qis__mz__body(b, reinterpret_cast<RESULT*>(0));
        if (__quantum__qis__read_result__body(reinterpret_cast<RESULT*>(0))) ++wrong;
        __quantum__rt__qubit_release_array(q);
        __quantum__rt__device_release();
      }
    });
  }
  for (auto& th : threads) th.join();
  CHECK(wrong == 0);
  CHECK(g_errors == 0);
}
