// One variant of tiny.qubit, chosen by compile definitions (see tiny_variant.hpp).
#include "tiny_variant.hpp"

namespace tiny {

const Variant kVariant = {
#ifdef TINY_PROBS_ONLY
    .probs_only = true,
#endif
#ifdef TINY_DUPLICATE_GATE
    .duplicate_gate = true,
#endif
#ifdef TINY_BAD_DEFAULT
    .bad_default = true,
#endif
};

}  // namespace tiny
