// Sets an environment variable for a scope and restores the previous value (or its absence) after.
// Only for single-threaded test code: setenv is not safe while other threads read the environment.
#pragma once

#include <cstdlib>
#include <optional>
#include <string>

namespace qrt::test {

class ScopedEnv {
 public:
  // nullopt: unset the variable for the scope.
  ScopedEnv(std::string name, std::optional<std::string> value) : name_(std::move(name)) {
    if (const char* old = std::getenv(name_.c_str())) previous_ = old;
    if (value) ::setenv(name_.c_str(), value->c_str(), 1);
    else ::unsetenv(name_.c_str());
  }
  ~ScopedEnv() {
    if (previous_) ::setenv(name_.c_str(), previous_->c_str(), 1);
    else ::unsetenv(name_.c_str());
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  std::string name_;
  std::optional<std::string> previous_;
};

}  // namespace qrt::test
