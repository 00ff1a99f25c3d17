// qrt._CatalystProgram: a Catalyst program (qjit's LLVM IR), loaded and compiled once (qrt::load_program),
// called with NumPy values through the run policy (qrt::run). Translation only: arguments to qrt::Tensor,
// results back to NumPy arrays; every decision is libqrt's.
#include "bindings.hpp"

#include <qrt/catalyst/program.hpp>
#include <qrt/load_program.hpp>

#include <array>
#include <cstring>
#include <mutex>

namespace qrt::python {
namespace {

using catalyst::ElementType;
using catalyst::Tensor;

// A NumPy array (C-contiguous, as the Python layer passes it) as a Tensor.
Tensor tensor_of(const py::array& array, std::size_t index) {
  const py::dtype dtype = array.dtype();
  const char kind = dtype.kind();
  const auto size = static_cast<std::size_t>(dtype.itemsize());
  std::optional<ElementType> type;
  if (kind == 'f' && size == 8) type = ElementType::F64;
  if (kind == 'f' && size == 4) type = ElementType::F32;
  if (kind == 'i' && size == 8) type = ElementType::I64;
  if (kind == 'i' && size == 4) type = ElementType::I32;
  if (kind == 'i' && size == 2) type = ElementType::I16;
  if (kind == 'i' && size == 1) type = ElementType::I8;
  if (kind == 'b') type = ElementType::I1;
  if (kind == 'c' && size == 16) type = ElementType::C128;
  if (kind == 'c' && size == 8) type = ElementType::C64;
  if (!type)
    throw Error(ErrorCode::InvalidArgument,
                "argument " + std::to_string(index + 1) + ": NumPy dtype " +
                    py::str(static_cast<const py::handle&>(dtype)).cast<std::string>() +
                    " is none a Catalyst program takes (float64/32, int64/32/16/8, bool, complex128/64)");
  std::vector<std::int64_t> shape(array.shape(), array.shape() + array.ndim());
  Tensor t(*type, std::move(shape));
  if (!t.data.empty()) std::memcpy(t.data.data(), array.data(), t.data.size());
  return t;
}

// NumPy's dtype of each element type, made once (parsing a dtype's name on every result costs microseconds).
const py::dtype& dtype_of(ElementType type) {
  static const std::array<py::dtype, 9> dtypes = {py::dtype::of<double>(),
                                                  py::dtype::of<float>(),
                                                  py::dtype::of<std::int64_t>(),
                                                  py::dtype::of<std::int32_t>(),
                                                  py::dtype::of<std::int16_t>(),
                                                  py::dtype::of<std::int8_t>(),
                                                  py::dtype::of<bool>(),
                                                  py::dtype::of<std::complex<double>>(),
                                                  py::dtype::of<std::complex<float>>()};
  return dtypes[static_cast<std::size_t>(type)];
}

py::array numpy_of(const Tensor& t) {
  py::array array(dtype_of(t.type), std::vector<py::ssize_t>(t.shape.begin(), t.shape.end()));
  if (!t.data.empty()) std::memcpy(array.mutable_data(), t.data.data(), t.data.size());
  return array;
}

class CatalystProgram {
 public:
  CatalystProgram(const std::string& path, const std::string& entry)
      : program_([&] {
          LoadOptions options;
          options.entry = entry;
          py::gil_scoped_release unlocked;  // compiling takes a while
          return load_program(path, options);
        }()) {
    if (!program_.info().opens_own_devices)
      throw Error(ErrorCode::InvalidArgument, path + " is not a Catalyst program: load it with qrt.Program.load");
  }

  RunResult run(const py::tuple& args, const std::optional<std::string>& device, std::optional<std::uint64_t> shots,
                std::optional<std::uint64_t> seed) const {
    RunRequest request;
    request.arguments.reserve(args.size());
    for (std::size_t i = 0; i < args.size(); ++i) request.arguments.push_back(tensor_of(args[i].cast<py::array>(), i));
    request.shots = shots;
    request.seed = seed;
    std::optional<DeviceSpec> spec;
    if (device) spec = spec_of(*device);
    py::gil_scoped_release unlocked;
    return qrt::run(program_, spec, request);
  }

  // What the program printed goes to stdout, as Catalyst prints it (the policy collects it).
  py::list call(const py::tuple& args, const std::optional<std::string>& device, std::optional<std::uint64_t> shots,
                std::optional<std::uint64_t> seed) const {
    const RunResult r = run(args, device, shots, seed);
    if (!r.printed.empty()) py::print(r.printed, py::arg("end") = "", py::arg("flush") = true);
    py::list out;
    for (const Tensor& t : r.values) out.append(numpy_of(t));
    return out;
  }

  py::tuple details(const py::tuple& args, const std::optional<std::string>& device, std::optional<std::uint64_t> shots,
                    std::optional<std::uint64_t> seed) const {
    const RunResult r = run(args, device, shots, seed);
    py::list results, devices;
    for (const Tensor& t : r.values) results.append(numpy_of(t));
    for (const auto& d : r.devices) {
      py::dict item;
      item["catalyst_library"] = d.library;
      item["catalyst_name"] = d.name;
      item["catalyst_kwargs"] = d.kwargs;
      item["config"] = d.config;
      item["device"] = d.device;
      item["kwargs"] = d.canonical_kwargs;
      item["shots"] = d.shots;
      item["seed"] = d.seed ? py::object(py::int_(*d.seed)) : py::object(py::none());
      devices.append(item);
    }
    py::object seed_used = r.seed ? py::object(py::int_(*r.seed)) : py::object(py::none());
    return py::make_tuple(results, devices, r.printed, seed_used, r.exit_status, r.run_seconds);
  }

  const catalyst::Program& program() const { return *catalyst::program_of(program_); }

 private:
  // A variational loop passes the same device config thousands of times: it is parsed once.
  const DeviceSpec& spec_of(const std::string& device) const {
    std::lock_guard lock(mutex_);
    if (!spec_ || spec_text_ != device) {
      spec_ = DeviceSpec::parse(device);
      spec_text_ = device;
    }
    return *spec_;
  }

  LoadedProgram program_;
  mutable std::mutex mutex_;
  mutable std::optional<DeviceSpec> spec_;
  mutable std::string spec_text_;
};

py::list memref_infos(const std::vector<catalyst::MemrefInfo>& infos) {
  py::list out;
  for (const auto& m : infos)
    out.append(py::make_tuple(
        m.rank, m.type ? py::object(py::str(std::string(catalyst::numpy_name(*m.type)))) : py::object(py::none())));
  return out;
}

}  // namespace

void bind_catalyst(py::module_& m) {
  m.def("_is_catalyst", [](const std::string& path) { return program_kind(path) == ProgramKind::Catalyst; });
  m.def("_catalyst_compilations", [] { return catalyst::Program::compilations(); });
  py::class_<CatalystProgram, std::shared_ptr<CatalystProgram>>(m, "_CatalystProgram")
      .def(py::init<const std::string&, const std::string&>(), py::arg("path"), py::arg("entry"))
      .def("call", &CatalystProgram::call, py::arg("args"), py::arg("device"), py::arg("shots"), py::arg("seed"))
      .def("details", &CatalystProgram::details, py::arg("args"), py::arg("device"), py::arg("shots"), py::arg("seed"))
      .def_property_readonly("entry", [](const CatalystProgram& p) { return p.program().entry_name(); })
      .def_property_readonly("path", [](const CatalystProgram& p) { return p.program().file().string(); })
      .def_property_readonly("arguments",
                             [](const CatalystProgram& p) { return memref_infos(p.program().arguments()); })
      .def_property_readonly("results", [](const CatalystProgram& p) { return memref_infos(p.program().results()); });
}

}  // namespace qrt::python
