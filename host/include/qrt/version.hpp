// qrt's version, as plugins see it in qrt_host_info and `qrt --version` prints it ("MAJOR.MINOR.PATCH").
#pragma once

namespace qrt {

const char* version() noexcept;

}  // namespace qrt
