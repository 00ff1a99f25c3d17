# qrt_add_device_plugin(<target> SOURCES <src>... [LINK <libs>...] [NO_INSTALL])
#
# Builds a device plugin the way the host expects to find it: a MODULE library named
# `<target>.so` (no `lib` prefix) in the plugins output folder, exporting only the entry
# symbol (hidden visibility, static dependencies' symbols kept local), installed into
# <prefix>/lib/qrt/plugins (unless NO_INSTALL: examples built in qrt's tree are not shipped).
# Bundled and third-party plugins use this same helper.
include(GNUInstallDirs)
set(_QRT_PLUGIN_MODULE_DIR "${CMAKE_CURRENT_LIST_DIR}")

function(qrt_add_device_plugin target)
  cmake_parse_arguments(ARG "NO_INSTALL" "" "SOURCES;LINK" ${ARGN})
  # In qrt's own tree these point at build/lib/qrt/plugins; a third-party project gets defaults.
  if(NOT QRT_PLUGIN_OUTPUT_DIR)
    set(QRT_PLUGIN_OUTPUT_DIR "${CMAKE_BINARY_DIR}/plugins")
  endif()
  if(NOT QRT_PLUGIN_INSTALL_DIR)
    set(QRT_PLUGIN_INSTALL_DIR "${CMAKE_INSTALL_LIBDIR}/qrt/plugins")
  endif()
  add_library(${target} MODULE ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE qrt::plugin_api ${ARG_LINK})
  set_target_properties(${target} PROPERTIES
    PREFIX ""
    C_VISIBILITY_PRESET hidden
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LIBRARY_OUTPUT_DIRECTORY "${QRT_PLUGIN_OUTPUT_DIR}")
  # Header templates (std::, the SDK) would otherwise leak weak symbols: a version script keeps
  # exactly one. --no-undefined turns a missing symbol into a build error, not a load failure.
  target_link_options(${target} PRIVATE
    "-Wl,--version-script=${_QRT_PLUGIN_MODULE_DIR}/qrt_plugin_exports.map" -Wl,--no-undefined)
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS "${_QRT_PLUGIN_MODULE_DIR}/qrt_plugin_exports.map")
  if(COMMAND qrt_warnings)
    qrt_warnings(${target})
  endif()
  if(NOT ARG_NO_INSTALL)
    install(TARGETS ${target} LIBRARY DESTINATION "${QRT_PLUGIN_INSTALL_DIR}")
    # In qrt's own tree, a shipped plugin is part of what `make run` builds (see the top CMakeLists).
    if(TARGET qrt_run_bundle)
      add_dependencies(qrt_run_bundle ${target})
      set_property(GLOBAL APPEND PROPERTY QRT_SHIPPED_PLUGIN_TARGETS ${target})
    endif()
  endif()
  set_property(GLOBAL APPEND PROPERTY QRT_PLUGIN_TARGETS ${target})  # tests depend on every plugin
endfunction()
