// The current device_api.h keeps every v1.0 field where the frozen v1.0 header put it (same offset, same
// size), the FROZEN array structs keep their exact size, and the extensible ones only grow: the ABI
// only ever appends, so a plugin built against v1.0 reads and writes the same bytes in this host.
#include "frozen_layout.h"

#include <qrt/device_api.h>

#include <catch2/catch.hpp>

#include <map>
#include <string>

namespace {

struct Layout {
  std::size_t offset, size;
};

std::map<std::string, Layout> current_fields() {
  std::map<std::string, Layout> fields;
#define QRT_V1_0_FIELD(type, field) fields[#type "." #field] = {offsetof(type, field), sizeof(((type*)nullptr)->field)};
#define QRT_V1_0_STRUCT(type, frozen)
#include "abi_v1_0_fields.def"
#undef QRT_V1_0_FIELD
#undef QRT_V1_0_STRUCT
  return fields;
}

struct StructLayout {
  std::size_t size;
  bool frozen;
};

std::map<std::string, StructLayout> current_structs() {
  std::map<std::string, StructLayout> structs;
#define QRT_V1_0_FIELD(type, field)
#define QRT_V1_0_STRUCT(type, frozen) structs[#type] = {sizeof(type), frozen != 0};
#include "abi_v1_0_fields.def"
#undef QRT_V1_0_FIELD
#undef QRT_V1_0_STRUCT
  return structs;
}

}  // namespace

TEST_CASE("Every v1.0 field keeps its offset and size in the current header", "[abi][layout]") {
  const auto current = current_fields();
  REQUIRE(frozen_v1_0_field_count == current.size());
  REQUIRE(frozen_v1_0_field_count == 72);  // the v1.0 field list is complete (frozen with the header)
  for (std::size_t i = 0; i < frozen_v1_0_field_count; ++i) {
    const frozen_field& f = frozen_v1_0_fields[i];
    INFO(f.name);
    REQUIRE(current.count(f.name) == 1);
    CHECK(current.at(f.name).offset == f.offset);
    CHECK(current.at(f.name).size == f.size);
  }
}

TEST_CASE("Extensible structs only grow, FROZEN structs keep their size", "[abi][layout]") {
  const auto current = current_structs();
  REQUIRE(frozen_v1_0_struct_count == current.size());
  for (std::size_t i = 0; i < frozen_v1_0_struct_count; ++i) {
    const frozen_struct& s = frozen_v1_0_structs[i];
    INFO(s.name);
    const StructLayout& now = current.at(s.name);
    if (now.frozen) CHECK(now.size == s.size);
    else CHECK(now.size >= s.size);
  }
  // The frozen header is v1.0 itself: its struct_size fields come first everywhere they exist.
  CHECK(offsetof(qrt_device_functions, struct_size) == 0);
  CHECK(offsetof(qrt_plugin_descriptor, struct_size) == 0);
}
