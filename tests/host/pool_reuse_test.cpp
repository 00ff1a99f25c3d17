// The device pool through Runtime: an instance released under a key is reused for an equal key (library,
// name, canonical kwargs) and only then; a reused instance is indistinguishable from a fresh one.
#include <qrt/runtime.hpp>

#include "support/expect_error.hpp"
#include "support/fake_counters.hpp"
#include "support/plugin_files.hpp"

#include <string>
#include <vector>

using qrt::Device;
using qrt::Runtime;
using qrt::Wire;
using namespace qrt::test;

namespace {

struct Fixture {
  PluginFolder folder{fake_plugin("fake_good"), real_plugin("qrt_null_qubit")};
  Runtime runtime{folder.options()};
};

// The handle an open of `config` gets, released again at once.
qrt_device* handle_of(Runtime& runtime, const std::string& config) { return runtime.open(config).native_handle(); }

}  // namespace

TEST_CASE_METHOD(Fixture, "An equal key reuses the released instance; stats count it", "[pool]") {
  for (const char* device : {"fake.good", "null.qubit"}) {
    DYNAMIC_SECTION(device) {
      const std::string config = std::string(device) + ":shots=10,seed=1";
      qrt_device* first = handle_of(runtime, config);
      qrt::PoolStats stats = runtime.pool_stats();
      CHECK(stats.misses == 1);
      CHECK(stats.creations == 1);
      CHECK(stats.hits == 0);
      CHECK(stats.inactive == 1);

      // Other spellings of the same configuration are the same key.
      CHECK(handle_of(runtime, std::string(device) + ":seed=1, shots=10") == first);
      CHECK(handle_of(runtime, R"({"device": ")" + std::string(device) + R"(", "shots": 10, "seed": 1})") == first);
      stats = runtime.pool_stats();
      CHECK(stats.hits == 2);
      CHECK(stats.misses == 1);
      CHECK(stats.creations == 1);
      CHECK(stats.destructions == 0);
      CHECK(stats.active == 0);
      CHECK(stats.inactive == 1);

      // Held at the same time, an equal key needs a second instance.
      Device a = runtime.open(config), b = runtime.open(config);
      CHECK(a.native_handle() != b.native_handle());
      stats = runtime.pool_stats();
      CHECK(stats.creations == 2);
      CHECK(stats.active == 2);
      REQUIRE(stats.keys.size() == 1);
      CHECK(stats.keys[0].device == device);
      CHECK(stats.keys[0].library ==
            reported_path(folder.path() / (std::string(device) == "fake.good" ? "fake_good.so" : "qrt_null_qubit.so")));
      CHECK(stats.keys[0].kwargs == a.canonical_kwargs());
      CHECK(stats.keys[0].active == 2);
      CHECK(stats.keys[0].inactive == 0);
    }
  }
}

TEST_CASE_METHOD(Fixture, "Different kwargs, names or libraries never share an instance", "[pool]") {
  PluginFolder dups{fake_plugin("fake_dup_a"), fake_plugin("fake_dup_b")};
  Runtime with_dups(dups.options());

  SECTION("kwargs") {
    qrt_device* ten = handle_of(runtime, "fake.good:shots=10");
    Device eleven = runtime.open("fake.good:shots=11");  // holds its own while `ten` is idle
    CHECK(eleven.native_handle() != ten);
    CHECK(eleven.shots() == 11);
    qrt::PoolStats stats = runtime.pool_stats();
    CHECK(stats.hits == 0);
    CHECK(stats.creations == 2);
    CHECK(stats.keys.size() == 2);
  }
  SECTION("name, same library and same canonical kwargs") {
    qrt_device* good = handle_of(runtime, "fake.good");
    Device other = runtime.open("fake.other");
    CHECK(other.native_handle() != good);
    CHECK(other.canonical_kwargs() == runtime.resolve("fake.good").canonical_kwargs());
    CHECK(runtime.pool_stats().hits == 0);
    CHECK(runtime.pool_stats().creations == 2);
  }
  SECTION("library, same name and kwargs") {
    qrt_device* from_a = handle_of(with_dups, "fake.dup@" + fake_plugin("fake_dup_a").string());
    Device from_b = with_dups.open("fake.dup@" + fake_plugin("fake_dup_b").string());
    CHECK(from_b.native_handle() != from_a);
    CHECK(from_b.type().library_path() == reported_path(fake_plugin("fake_dup_b")));
    qrt::PoolStats stats = with_dups.pool_stats();
    CHECK(stats.creations == 2);
    CHECK(stats.hits == 0);
    CHECK(stats.keys.size() == 2);
  }
  SECTION("runtimes do not share pools") {
    PluginFolder again{fake_plugin("fake_good")};
    Runtime second(again.options());
    qrt_device* in_first = handle_of(runtime, "fake.good");
    Device in_second = second.open("fake.good");
    CHECK(in_second.native_handle() != in_first);
  }
}

TEST_CASE_METHOD(Fixture, "A reused instance behaves like a fresh one", "[pool]") {
  for (const char* device : {"fake.good", "null.qubit"}) {
    DYNAMIC_SECTION(device) {
      const std::string config = std::string(device) + ":shots=3";
      qrt_device* handle = nullptr;
      {
        Device used = runtime.open(config);
        handle = used.native_handle();
        CHECK(used.allocate(4) == std::vector<Wire>{0, 1, 2, 3});
        used.apply("PauliX", {}, std::vector<Wire>{2});
        used.release_qubits(std::vector<Wire>{1});
        used.set_shots(1000);
        CHECK(used.shots() == 1000);
      }
      Device reused = runtime.open(config);
      REQUIRE(reused.native_handle() == handle);
      CHECK(reused.num_qubits() == 0);
      CHECK(reused.shots() == 3);
      CHECK(reused.allocate(2) == std::vector<Wire>{0, 1});  // wire ids start over, as on a fresh instance
      CHECK(runtime.pool_stats().hits == 1);
    }
  }
}

TEST_CASE_METHOD(Fixture, "Every release resets the instance through the ABI", "[pool]") {
  FakeCounters counters(fake_plugin("fake_good"));
  const fake_plugin_counters before = counters.read();
  for (int i = 0; i < 5; ++i) runtime.open("fake.good").allocate(1);
  const fake_plugin_counters delta = counters.read() - before;
  CHECK(delta.instances_created == 1);
  CHECK(delta.resets == 5);
  CHECK(delta.instances_destroyed == 0);
  runtime.finalize();
  CHECK((counters.read() - before).instances_destroyed == 1);
}

TEST_CASE_METHOD(Fixture, "Moving a Device moves the borrowed instance, not a copy", "[pool]") {
  Device a = runtime.open("fake.good");
  qrt_device* handle = a.native_handle();
  a.allocate(2);
  Device b = std::move(a);
  CHECK_FALSE(a);  // NOLINT(bugprone-use-after-move): the moved-from state is what is tested
  CHECK(b.native_handle() == handle);
  CHECK(b.num_qubits() == 2);

  Device c = runtime.open("null.qubit");
  c = std::move(b);  // c's null.qubit instance goes back to the pool
  CHECK(c.native_handle() == handle);
  qrt::PoolStats stats = runtime.pool_stats();
  CHECK(stats.active == 1);
  CHECK(stats.inactive == 1);
}
