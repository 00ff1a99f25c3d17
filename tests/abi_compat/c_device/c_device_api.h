/*
 * The ABI header the plain-C device is built against: the current plugin_api header, or (with
 * C_DEVICE_FROZEN_API) the frozen v1.0 copy in tests/abi_compat/frozen, to prove old builds still load.
 */
#ifndef C_DEVICE_API_H
#define C_DEVICE_API_H

#ifdef C_DEVICE_FROZEN_API
#include "qrt_device_api_v1_0.h"
#else
#include <qrt/device_api.h>
#endif

#endif /* C_DEVICE_API_H */
