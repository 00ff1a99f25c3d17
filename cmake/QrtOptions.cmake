# Project-wide options and the warning set applied to our own targets.
option(QRT_BUILD_TESTS "Build the Catch2 test suite" ON)
option(QRT_BUILD_BENCH "Build the Google Benchmark programs" ON)
option(QRT_BUILD_FUZZERS "Build the libFuzzer targets in fuzz/ (Clang only)" OFF)
option(QRT_WITH_QIR "Build the QIR front end (needs LLVM 19)" ON)
set(QRT_SANITIZE "" CACHE STRING "Sanitizers to build with: '', 'address,undefined' or 'thread'")
set(QRT_CORPUS_DIR "${CMAKE_SOURCE_DIR}/../shared/qasm" CACHE PATH
    "QASMBench corpus folder (qasmbench/ and expected.json); tests skip when absent")

if(QRT_SANITIZE)
  add_compile_options(-fsanitize=${QRT_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${QRT_SANITIZE})
endif()

if(QRT_BUILD_FUZZERS AND NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "QRT_BUILD_FUZZERS needs Clang (libFuzzer): configure with CC=clang CXX=clang++")
endif()

# qrt_warnings(target): -Wall -Wextra -Werror on code we own (not on third-party headers).
function(qrt_warnings target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:C,CXX>:-Wall -Wextra -Wpedantic -Werror>
    # GCC 12 at -O3 reports -Wrestrict inside libstdc++'s std::string (GCC PR 105329), a false positive.
    $<$<AND:$<CXX_COMPILER_ID:GNU>,$<VERSION_LESS:$<CXX_COMPILER_VERSION>,13>>:-Wno-restrict>)
endfunction()
