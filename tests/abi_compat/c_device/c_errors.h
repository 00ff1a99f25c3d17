/* Error values of the C test device: heap-allocated, freed by their own destroy (any thread). */
#ifndef C_ERRORS_H
#define C_ERRORS_H

#include "c_device_api.h"

qrt_error* c_error(qrt_status_code code, const char* format, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#endif /* C_ERRORS_H */
