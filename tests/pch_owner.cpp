// Owner of the precompiled catch2/catch.hpp that every test program reuses (tests/CMakeLists.txt): a
// target compiled with exactly the tests' flags. It holds no tests; Catch2's main comes with it.
