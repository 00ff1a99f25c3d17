// __catalyst__rt__qubit_* and the register functions: a register is a list of QUBIT* values (device wire
// ids) that compiled code indexes; with automatic qubit management an index past the end allocates up to it.
#include "catalyst/function_table.hpp"
#include "catalyst/session.hpp"

namespace qrt::catalyst {
namespace {

void* allocate_array(std::int64_t count) {
  return guarded<void*>("qubit_allocate_array", [&](Session& s) -> void* {
    if (count < 0) throw Error(ErrorCode::InvalidArgument, "cannot allocate " + std::to_string(count) + " qubits");
    return s.allocate_register(static_cast<std::size_t>(count));
  });
}

void release_array(void* handle) {
  guarded<void>("qubit_release_array", [&](Session& s) { s.release_register(handle); });
}

QubitId allocate_qubit() {
  return guarded<QubitId>("qubit_allocate", [](Session& s) { return s.allocate_qubit(); });
}

void release_qubit(QubitId id) {
  guarded<void>("qubit_release", [&](Session& s) { s.release_qubit(id); });
}

std::int64_t array_size(void* handle) {
  return guarded<std::int64_t>("array_get_size_1d",
                               [&](Session& s) { return static_cast<std::int64_t>(s.register_at(handle).ids.size()); });
}

void* element_pointer(void* handle, std::int64_t index) {
  return guarded<void*>("array_get_element_ptr_1d", [&](Session& s) -> void* {
    QubitRegister& reg = s.register_at(handle);
    if (index < 0) throw Error(ErrorCode::OutOfRange, "qubit index " + std::to_string(index) + " is negative");
    if (static_cast<std::size_t>(index) >= reg.ids.size()) {
      if (!s.auto_qubit_management())
        throw Error(ErrorCode::OutOfRange, "the register holds " + std::to_string(reg.ids.size()) +
                                               " qubits; there is no qubit " + std::to_string(index));
      while (reg.ids.size() <= static_cast<std::size_t>(index)) reg.ids.push_back(s.allocate_qubit());
    }
    return &reg.ids[static_cast<std::size_t>(index)];
  });
}

void update_element(void* handle, std::int64_t index, QubitId qubit) {
  guarded<void>("array_update_element_1d", [&](Session& s) {
    QubitRegister& reg = s.register_at(handle);
    if (index < 0 || static_cast<std::size_t>(index) >= reg.ids.size())
      throw Error(ErrorCode::OutOfRange, "the register holds " + std::to_string(reg.ids.size()) +
                                             " qubits; there is no qubit " + std::to_string(index));
    reg.ids[static_cast<std::size_t>(index)] = qubit;
  });
}

}  // namespace

void add_qubit_functions(FunctionTable& t) {
  for (const char* prefix : {"__catalyst__rt__", "__quantum__rt__"}) {
    const std::string p(prefix);
    t.add(p + "qubit_allocate_array", "ptr (i64)", address_of(&allocate_array));
    t.add(p + "qubit_release_array", "void (ptr)", address_of(&release_array));
    t.add(p + "qubit_allocate", "ptr ()", address_of(&allocate_qubit));
    t.add(p + "qubit_release", "void (ptr)", address_of(&release_qubit));
    t.add(p + "array_get_size_1d", "i64 (ptr)", address_of(&array_size));
    t.add(p + "array_get_element_ptr_1d", "ptr (ptr, i64)", address_of(&element_pointer));
  }
  t.add("__catalyst__rt__array_update_element_1d", "void (ptr, i64, ptr)", address_of(&update_element));
}

}  // namespace qrt::catalyst
