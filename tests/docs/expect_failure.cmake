# Runs check_docs.cmake on a fixture that has a known problem and passes only when the check fails and
# reports that problem (each of EXPECT, separated by '|', must occur in its output).
#
#   cmake -DCHECKER=check_docs.cmake -DROOT=<fixture> -DEXPECT="page.md:3: broken link|..." -P expect_failure.cmake

cmake_minimum_required(VERSION 3.25)

foreach(var CHECKER ROOT EXPECT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "expect_failure.cmake: pass -D${var}=...")
  endif()
endforeach()

execute_process(
  COMMAND "${CMAKE_COMMAND}" "-DROOT=${ROOT}" -P "${CHECKER}"
  RESULT_VARIABLE result
  OUTPUT_VARIABLE out
  ERROR_VARIABLE out)
message("${out}")
if(result EQUAL 0)
  message(FATAL_ERROR "the docs check passed on ${ROOT}, which has a known problem")
endif()
string(REPLACE "|" ";" expected "${EXPECT}")
foreach(text IN LISTS expected)
  string(FIND "${out}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the docs check failed on ${ROOT} but did not report: ${text}")
  endif()
endforeach()
