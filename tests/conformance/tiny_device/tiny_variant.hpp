// What distinguishes the builds of tiny.qubit: tiny_qubit.cpp is compiled once and linked into every
// variant's .so, each with its own tiny_variant.cpp object (compiled with that variant's definitions).
#pragma once

namespace tiny {

struct Variant {
  bool probs_only = false;      // the state is not exposed, so the kit observes through probs
  bool duplicate_gate = false;  // descriptor bug: RY listed twice
  bool bad_default = false;     // descriptor bug: the shots default lies outside its own range
};

extern const Variant kVariant;

}  // namespace tiny
