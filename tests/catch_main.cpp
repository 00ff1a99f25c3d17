// The single translation unit that compiles Catch2's main (slow; shared by every test binary).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
