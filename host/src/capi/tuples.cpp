// QIR tuples: a block of bytes the program lays its fields into; the handle is the block's address.
#include "capi/runtime_objects_api.hpp"

using qrt::Error;
using qrt::ErrorCode;
using qrt::context::ThreadContext;
using namespace qrt::capi;

namespace qrt::capi {

QirTupleBlock& tuple_at(ThreadContext& ctx, QirTuple* handle) { return ctx.objects.tuples.at(handle, "tuple"); }

QirTuple* new_tuple(ThreadContext& ctx, std::int64_t size) {
  if (size < 0) throw Error(ErrorCode::InvalidArgument, "negative tuple size " + std::to_string(size));
  if (size > (std::int64_t{1} << 32))
    throw Error(ErrorCode::OutOfMemory, "a tuple of " + std::to_string(size) + " bytes is too large");
  auto block = std::make_unique<QirTupleBlock>();
  std::size_t words = (static_cast<std::size_t>(size) + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t);
  block->data = std::make_unique<std::max_align_t[]>(words == 0 ? 1 : words);  // zeroed
  block->size = size;
  auto* handle = reinterpret_cast<QirTuple*>(block->data.get());
  ctx.objects.tuples.add(std::move(block), handle);
  return handle;
}

}  // namespace qrt::capi

extern "C" {

QirTuple* __quantum__rt__tuple_create(int64_t size_bytes) {
  return guarded(__func__, static_cast<QirTuple*>(nullptr),
                 [&] { return new_tuple(qrt::context::this_thread(), size_bytes); });
}

QirTuple* __quantum__rt__tuple_copy(QirTuple* handle, bool force_copy) {
  return guarded(__func__, static_cast<QirTuple*>(nullptr), [&]() -> QirTuple* {
    if (!handle) return nullptr;
    ThreadContext& ctx = qrt::context::this_thread();
    QirTupleBlock& block = tuple_at(ctx, handle);
    if (block.aliases == 0 && !force_copy) {
      ++block.references;
      return handle;
    }
    QirTuple* copy = new_tuple(ctx, block.size);
    std::memcpy(copy, handle, static_cast<std::size_t>(block.size));
    return copy;
  });
}

void __quantum__rt__tuple_update_reference_count(QirTuple* handle, int32_t delta) {
  guarded(__func__, [&] {
    if (!handle) return;
    ThreadContext& ctx = qrt::context::this_thread();
    QirTupleBlock& block = tuple_at(ctx, handle);
    block.references += delta;
    if (block.references < 0) throw Error(ErrorCode::FailedPrecondition, "tuple reference count went below zero");
    if (block.references == 0) ctx.objects.tuples.erase(handle);
  });
}

void __quantum__rt__tuple_update_alias_count(QirTuple* handle, int32_t delta) {
  guarded(__func__, [&] {
    if (!handle) return;
    QirTupleBlock& block = tuple_at(qrt::context::this_thread(), handle);
    block.aliases += delta;
    if (block.aliases < 0) throw Error(ErrorCode::FailedPrecondition, "tuple alias count went below zero");
  });
}

}  // extern "C"
