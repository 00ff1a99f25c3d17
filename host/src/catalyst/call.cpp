// Program::call: the calling convention. Arguments become memref descriptors over copies of their data,
// setup / the entry / teardown run on the calling thread inside a Session, and the returned descriptors'
// data is copied into Tensors before the session frees what the module allocated.
#include "catalyst/memref.hpp"
#include "catalyst/program_impl.hpp"
#include "catalyst/session.hpp"
#include "context/execution_context.hpp"

#include <chrono>
#include <cstring>

namespace qrt::catalyst {
namespace {

bool is_complex(ElementType t) { return t == ElementType::C128 || t == ElementType::C64; }
bool is_float(ElementType t) { return t == ElementType::F64 || t == ElementType::F32; }

// The argument as the entry reads it: integers and booleans widen to floats and complex numbers, floats to
// complex numbers and to the other float width; nothing loses its kind (a float to an integer, a complex
// number to a real one), and integers must fit.
Tensor as_type(const Tensor& given, ElementType wanted, const std::string& what) {
  if (given.type == wanted) return given;
  const bool widens = (!is_complex(given.type) && !is_float(given.type)) ||
                      (is_float(given.type) && (is_float(wanted) || is_complex(wanted))) ||
                      (is_complex(given.type) && is_complex(wanted));
  if (!widens)
    throw Error(ErrorCode::InvalidArgument, what + ": the program reads " + std::string(type_name(wanted)) + " (" +
                                                std::string(numpy_name(wanted)) + "), given " +
                                                std::string(numpy_name(given.type)) + " values");
  Tensor t(wanted, given.shape);
  for (std::size_t i = 0; i < t.count(); ++i) {
    if (is_complex(wanted)) {
      t.set(i, given.get<std::complex<double>>(i));
    } else if (is_float(wanted)) {
      t.set(i, given.get<double>(i));
    } else {
      const std::int64_t v = given.get<std::int64_t>(i);
      t.set(i, v);
      if (t.get<std::int64_t>(i) != v)
        throw Error(ErrorCode::InvalidArgument,
                    what + ": " + std::to_string(v) + " does not fit " + std::string(type_name(wanted)));
    }
  }
  return t;
}

// Words of the flattened parameters (ptr, ptr, i64 offset, sizes, strides per argument) over `data`.
void push_descriptor(std::vector<std::int64_t>& words, Tensor& data) {
  const auto base = reinterpret_cast<std::int64_t>(data.data.data());
  words.push_back(base);
  words.push_back(base);
  words.push_back(0);
  for (std::int64_t s : data.shape) words.push_back(s);
  std::int64_t stride = 1;
  std::vector<std::int64_t> strides(data.shape.size());
  for (std::size_t k = data.shape.size(); k-- > 0;) {
    strides[k] = stride;
    stride *= data.shape[k];
  }
  words.insert(words.end(), strides.begin(), strides.end());
}

// Result k's descriptor at `words`, copied into a contiguous tensor of its element type.
Tensor read_result(const std::int64_t* words, const MemrefInfo& info, std::size_t k, const std::string& entry) {
  const auto m = DynamicMemref::read(words, static_cast<std::int64_t>(info.rank),
                                     "result " + std::to_string(k + 1) + " of " + entry);
  std::vector<std::int64_t> shape(m.sizes.begin(), m.sizes.end());
  const std::size_t size = element_size(*info.type);
  if (m.count() > (std::size_t{1} << 40) / size)
    throw Error(ErrorCode::Internal, "result " + std::to_string(k + 1) + " of " + entry + " claims " +
                                         std::to_string(m.count()) + " elements");
  Tensor t(*info.type, std::move(shape));
  for (std::size_t i = 0; i < t.count(); ++i)
    std::memcpy(t.data.data() + i * size,
                static_cast<const char*>(m.aligned) + m.element(i) * static_cast<std::int64_t>(size), size);
  return t;
}

// Kept apart so that the frame that calls setjmp holds nothing with a destructor.
[[gnu::noinline]] bool run_trapped(const Program::Impl& impl, void** slots, void* results, std::int32_t* status,
                                   Session& s) {
  if (setjmp(s.jump) != 0) return false;
  if (impl.form == EntryForm::Main) {
    impl.main(status);
    return true;
  }
  impl.setup();
  impl.call(slots, results);
  impl.teardown();
  return true;
}

}  // namespace

CallResult Program::call(std::span<const Tensor> args, const CallOptions& options) const {
  const Impl& impl = *impl_;
  if (args.size() != impl.arguments.size())
    throw Error(ErrorCode::InvalidArgument, impl.entry_name + " takes " + std::to_string(impl.arguments.size()) +
                                                " argument" + (impl.arguments.size() == 1 ? "" : "s") + "; " +
                                                std::to_string(args.size()) + " given");
  std::vector<Tensor> owned;
  owned.reserve(args.size());
  std::vector<std::int64_t> words;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string what = "argument " + std::to_string(i + 1) + " of " + impl.entry_name;
    const MemrefInfo& info = impl.arguments[i];
    if (args[i].rank() != info.rank)
      throw Error(ErrorCode::InvalidArgument, what + " has rank " + std::to_string(info.rank) +
                                                  "; the value given has rank " + std::to_string(args[i].rank()));
    if (args[i].data.size() != args[i].count() * element_size(args[i].type))
      throw Error(ErrorCode::InvalidArgument, what + ": its data does not match its shape and element type");
    owned.push_back(info.type ? as_type(args[i], *info.type, what) : args[i]);
  }
  for (Tensor& t : owned) push_descriptor(words, t);
  std::vector<void*> slots(words.size());
  for (std::size_t i = 0; i < words.size(); ++i) slots[i] = &words[i];
  std::size_t result_words = 0;
  for (const MemrefInfo& r : impl.results) result_words += 3 + 2 * r.rank;
  std::vector<std::int64_t> results(result_words + 1);

  context::ensure_initialized(options.runtime);
  std::uint64_t generation = 0;
  std::shared_ptr<Runtime> runtime = context::current_runtime(&generation);
  Session session(options, std::move(runtime), generation);
  struct Current {
    explicit Current(Session& s) { Session::set_current(&s); }
    ~Current() { Session::set_current(nullptr); }
  } current(session);
  const auto t0 = std::chrono::steady_clock::now();
  std::int32_t status = 0;
  if (!run_trapped(impl, slots.data(), results.data(), &status, session)) {
    if (session.stopped)
      throw StoppedError(impl.entry_name + ": " + session.failure + "; there is no result",
                         options.progress ? options.progress->done() : 0);
    throw CallError(session.failure_code, impl.entry_name + " failed: " + session.failure);
  }
  CallResult& out = session.result();
  out.exit_status = status;
  std::size_t at = 0;
  for (std::size_t k = 0; k < impl.results.size(); ++k) {
    out.results.push_back(read_result(results.data() + at, impl.results[k], k, impl.entry_name));
    at += 3 + 2 * impl.results[k].rank;
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return std::move(out);
}

}  // namespace qrt::catalyst
