// ThreadSanitizer suppressions for these tests, compiled in (TSan calls this hook at start-up; other
// builds never do).
//
// libstdc++ is not built with TSan, so the atomic reference count inside std::exception_ptr is invisible
// to it. A program's exception travels worker -> std::promise -> std::future -> the test thread, which
// reads what() and drops its reference; the worker then destroys its promise, drops the last reference
// and frees the exception. The free is ordered after the read by that reference count, but TSan, not
// seeing it, reports the pair as a race. std::runtime_error's message is a reference-counted string
// inside libstdc++ too, freed by ~runtime_error under the same count. Only these frees are suppressed:
// the futures, the executor and the pool stay checked.
extern "C" const char* __tsan_default_suppressions() {
  return "race:std::__exception_ptr::exception_ptr::_M_release\n"
         "race:std::runtime_error::~runtime_error\n";
}
