// The exit statuses of `qrt`, one definition for every command (docs/cli.md's table lists these, and
// tests/cli/cli_sweep_test.cpp checks them as the table states them).
#pragma once

#include <stdexcept>

namespace qrt::cli {

enum ExitStatus : int {
  kExitOk = 0,            // success: the whole result was written
  kExitError = 1,         // an error the user can act on: the program, its device, the input, the output
  kExitInternal = 2,      // an exception qrt did not expect: a bug to report
  kExitUsage = 64,        // the command line is wrong (unknown option, bad value, missing file): EX_USAGE of sysexits.h
  kExitTimeout = 124,     // --timeout expired (as timeout(1) reports it)
  kExitInterrupted = 130  // Ctrl-C: 128 + SIGINT, as a shell reports it
};

// A command line that parses but asks for something the command cannot do (an option that does not
// apply to this kind of program): reported as "qrt: error: ..." with kExitUsage.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace qrt::cli
