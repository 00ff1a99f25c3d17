// A doubly-linked list threaded through its elements (the links live in the element), so that an
// element can be unlinked in O(1) from any list it is in without a search or an allocation. The pool
// keeps each Inactive instance in two such lists at once: its key's and the global LRU order.
#pragma once

#include <cstddef>

namespace qrt {

template <class T>
struct ListLinks {
  T* prev = nullptr;
  T* next = nullptr;
};

// Does not own its elements. An element is in at most one list per `Links` member.
template <class T, ListLinks<T> T::*Links>
class IntrusiveList {
 public:
  bool empty() const noexcept { return head_ == nullptr; }
  std::size_t size() const noexcept { return size_; }
  T* front() const noexcept { return head_; }  // the oldest element pushed
  T* back() const noexcept { return tail_; }   // the newest

  void push_back(T* node) noexcept {
    ListLinks<T>& links = node->*Links;
    links.prev = tail_;
    links.next = nullptr;
    if (tail_) (tail_->*Links).next = node;
    else head_ = node;
    tail_ = node;
    ++size_;
  }

  void erase(T* node) noexcept {
    ListLinks<T>& links = node->*Links;
    if (links.prev) (links.prev->*Links).next = links.next;
    else head_ = links.next;
    if (links.next) (links.next->*Links).prev = links.prev;
    else tail_ = links.prev;
    links = {};
    --size_;
  }

 private:
  T* head_ = nullptr;
  T* tail_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace qrt
