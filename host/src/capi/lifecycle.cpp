// Error handler, runtime lifecycle and the thread's current device (Catalyst's device_init/release).
#include "capi/guarded.hpp"
#include "capi/program_driver.hpp"

namespace qrt::capi {
void set_error_handler(qrt_error_handler handler, void* context);
}

using qrt::Error;
using qrt::ErrorCode;
using qrt::capi::guarded;
using qrt::context::ThreadContext;

extern "C" {

void qrt_set_error_handler(qrt_error_handler handler, void* context) { qrt::capi::set_error_handler(handler, context); }
const char* qrt_last_error(void) { return qrt::context::this_thread().last_error.c_str(); }
void qrt_clear_error(void) { qrt::context::this_thread().last_error.clear(); }

void __quantum__rt__initialize(int8_t* reserved) {
  guarded(__func__, [&] {
    if (qrt::context::this_thread().driven) return;  // the driver brought the runtime up already
    if (reserved) throw Error(ErrorCode::InvalidArgument, "the argument is reserved and must be NULL");
    qrt::context::initialize();
  });
}

void __quantum__rt__finalize(void) {
  guarded(__func__, [] {
    if (qrt::context::this_thread().driven)
      throw Error(ErrorCode::State, "a program run by the QIR front end cannot finalize the runtime");
    qrt::context::finalize();
  });
}

void __quantum__rt__device_init(int8_t* lib, int8_t* name, int8_t* kwargs) {
  guarded(__func__, [&] {
    ThreadContext& ctx = qrt::context::this_thread();
    if (!name || !*name) throw Error(ErrorCode::InvalidArgument, "device name is NULL or empty");
    if (ctx.device && qrt::context::is_current(ctx.generation) && !ctx.driven)
      throw Error(ErrorCode::State, "this thread already has an active device (" + ctx.device.name() +
                                        "); call __quantum__rt__device_release first");
    if (ctx.driven && ctx.device_init_refusal) throw Error(ErrorCode::Unsupported, ctx.device_init_refusal);
    auto text = [](int8_t* s) { return s ? std::string_view(reinterpret_cast<const char*>(s)) : std::string_view(); };
    std::uint64_t generation = 0;
    auto runtime = qrt::context::current_runtime(&generation);
    qrt::Device device = runtime->open(text(lib), text(name), text(kwargs));
    // Inside a driven run the program switches the thread to its own device for the rest of the run.
    ctx.drop_device();
    ctx.adopt_device(std::move(device), generation);
  });
}

void __quantum__rt__device_release(void) {
  guarded(__func__, [] {
    ThreadContext& ctx = qrt::context::this_thread();
    if (!ctx.device) throw Error(ErrorCode::State, "no active device on this thread to release");
    bool finalized = !qrt::context::is_current(ctx.generation);
    ctx.drop_device();
    if (finalized) throw Error(ErrorCode::State, "the runtime was finalized; the device has been destroyed");
  });
}

}  // extern "C"
