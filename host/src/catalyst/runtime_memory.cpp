// The memory compiled memrefs live in: MLIR's allocation functions (_mlir_memref_to_llvm_alloc,
// _mlir_memref_to_llvm_aligned_alloc, _mlir_memref_to_llvm_free), Catalyst's managed allocation, the C
// library's malloc family as the runtime examples call it, and memrefCopy (MLIR's copy of a strided memref).
// Everything is allocated by the session: what the module does not free is freed when the call ends, after
// its results have been copied out.
#include "catalyst/function_table.hpp"
#include "catalyst/memref.hpp"
#include "catalyst/session.hpp"

#include <cstring>

namespace qrt::catalyst {
namespace {

void* alloc(std::int64_t size) {
  return guarded<void*>("_mlir_memref_to_llvm_alloc", [&](Session& s) {
    if (size < 0) throw Error(ErrorCode::InvalidArgument, "a negative size");
    return s.allocate(static_cast<std::size_t>(size), 16);
  });
}

void* aligned_alloc(std::int64_t alignment, std::int64_t size) {
  return guarded<void*>("_mlir_memref_to_llvm_aligned_alloc", [&](Session& s) {
    if (size < 0 || alignment <= 0) throw Error(ErrorCode::InvalidArgument, "a negative size or alignment");
    return s.allocate(static_cast<std::size_t>(size), static_cast<std::size_t>(alignment));
  });
}

void release(void* pointer) {
  guarded<void>("_mlir_memref_to_llvm_free", [&](Session& s) { s.free(pointer); });
}

// Catalyst's Python driver takes returned buffers over with this; qrt copies results out instead, so a
// buffer stays the session's (and is freed with it). True when the runtime allocated it.
bool memory_transfer(void* pointer) {
  return guarded<bool>("_mlir_memory_transfer", [&](Session& s) { return s.owns(pointer); });
}

void* c_calloc(std::int64_t count, std::int64_t size) {
  return guarded<void*>("calloc", [&](Session& s) {
    if (count < 0 || size < 0 || (size && count > INT64_MAX / size))
      throw Error(ErrorCode::InvalidArgument, "a bad size");
    void* p = s.allocate(static_cast<std::size_t>(count * size), 16);
    std::memset(p, 0, static_cast<std::size_t>(count * size));
    return p;
  });
}

// MLIR's memrefCopy(element size, source, target), both unranked memrefs {i64 rank, ptr descriptor}.
struct Unranked {
  std::int64_t rank;
  const void* descriptor;
};

void memref_copy(std::int64_t element_size, const Unranked* source, const Unranked* target) {
  guarded<void>("memrefCopy", [&](Session&) {
    if (!source || !target || element_size <= 0)
      throw Error(ErrorCode::InvalidArgument, "a NULL memref or a bad element size");
    const auto from = DynamicMemref::read(source->descriptor, source->rank, "memrefCopy's source");
    const auto to = DynamicMemref::read(target->descriptor, target->rank, "memrefCopy's target");
    if (from.sizes != to.sizes)
      throw Error(ErrorCode::InvalidArgument, "memrefCopy between memrefs of different shapes");
    const auto size = static_cast<std::size_t>(element_size);
    for (std::size_t i = 0; i < from.count(); ++i)
      std::memmove(static_cast<char*>(to.aligned) + static_cast<std::size_t>(to.element(i)) * size,
                   static_cast<const char*>(from.aligned) + static_cast<std::size_t>(from.element(i)) * size, size);
  });
}

}  // namespace

void add_memory_functions(FunctionTable& t) {
  t.add("_mlir_memref_to_llvm_alloc", "ptr (i64)", address_of(&alloc));
  t.add("_mlir_memref_to_llvm_aligned_alloc", "ptr (i64, i64)", address_of(&aligned_alloc));
  t.add("_mlir_memref_to_llvm_free", "void (ptr)", address_of(&release));
  t.add("_mlir_memory_transfer", "i1 (ptr)", address_of(&memory_transfer));
  t.add("__catalyst__rt__alloc_managed", "ptr (i64)", address_of(&alloc));
  t.add("memrefCopy", "void (i64, ptr, ptr)", address_of(&memref_copy));
  // The C library's allocator, as the runtime examples call it: the session's too.
  t.add("malloc", "ptr (i64)", address_of(&alloc));
  t.add("aligned_alloc", "ptr (i64, i64)", address_of(&aligned_alloc));
  t.add("calloc", "ptr (i64, i64)", address_of(&c_calloc));
  t.add("free", "void (ptr)", address_of(&release));
}

}  // namespace qrt::catalyst
