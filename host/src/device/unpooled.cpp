#include "device/instance.hpp"

namespace qrt::device {
namespace {

// Owns one instance and everything it refers to; the instance goes when its lease ends, the rest when
// the last reference to the owner does (the lease holds one).
// NOLINTNEXTLINE(cppcoreguidelines-virtual-class-destructor): final; the base's destructor is protected
class UnpooledOwner final : public Owner {
 public:
  UnpooledOwner(std::shared_ptr<const DeviceType> type, std::string kwargs)
      : type_(std::move(type)), kwargs_(std::move(kwargs)) {}
  void give_back(Instance* instance) noexcept override {
    if (instance == instance_.get()) instance_.reset();
  }
  Instance* adopt(std::unique_ptr<Backend> backend) {
    instance_ = std::make_unique<Instance>(*type_, kwargs_, std::move(backend));
    return instance_.get();
  }
  const DeviceType& type() const noexcept { return *type_; }
  const std::string& kwargs() const noexcept { return kwargs_; }

 private:
  std::shared_ptr<const DeviceType> type_;
  std::string kwargs_;
  std::unique_ptr<Instance> instance_;
};

}  // namespace

Device lease_unpooled(std::shared_ptr<const DeviceType> type, std::string kwargs,
                      std::unique_ptr<Backend> (*create)(const DeviceType& type, const std::string& kwargs)) {
  auto owner = std::make_shared<UnpooledOwner>(std::move(type), std::move(kwargs));
  Instance* instance = owner->adopt(create(owner->type(), owner->kwargs()));
  return Access::lease(std::move(owner), instance);
}

}  // namespace qrt::device
