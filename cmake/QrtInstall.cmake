# Installation: the CLI, libqrt, the conformance kit's library, the headers, the bundled plugins (by
# qrt_add_device_plugin), a relocatable CMake package and pkg-config files. Nothing absolute from the
# build tree is installed: the host finds <prefix>/lib/qrt/plugins relative to libqrt's own file.
include(CMakePackageConfigHelpers)

set_target_properties(qrt_plugin_api PROPERTIES EXPORT_NAME plugin_api)  # -> qrt::plugin_api
set_target_properties(qrt_conformance PROPERTIES EXPORT_NAME conformance)  # -> qrt::conformance
install(TARGETS qrt_plugin_api qrt qrt_conformance EXPORT qrtTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS qrt_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
set_target_properties(qrt_cli PROPERTIES INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}")

set(_qrt_cmake_dir "${CMAKE_INSTALL_LIBDIR}/cmake/qrt")
install(EXPORT qrtTargets NAMESPACE qrt:: DESTINATION ${_qrt_cmake_dir})
configure_package_config_file(cmake/qrtConfig.cmake.in "${CMAKE_BINARY_DIR}/qrtConfig.cmake"
  INSTALL_DESTINATION ${_qrt_cmake_dir})
write_basic_package_version_file("${CMAKE_BINARY_DIR}/qrtConfigVersion.cmake" COMPATIBILITY SameMajorVersion)
install(FILES "${CMAKE_BINARY_DIR}/qrtConfig.cmake" "${CMAKE_BINARY_DIR}/qrtConfigVersion.cmake"
              cmake/QrtPlugin.cmake cmake/qrt_plugin_exports.map
        DESTINATION ${_qrt_cmake_dir})

configure_file(cmake/qrt.pc.in "${CMAKE_BINARY_DIR}/qrt.pc" @ONLY)
configure_file(cmake/qrt-conformance.pc.in "${CMAKE_BINARY_DIR}/qrt-conformance.pc" @ONLY)
install(FILES "${CMAKE_BINARY_DIR}/qrt.pc" "${CMAKE_BINARY_DIR}/qrt-conformance.pc"
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
