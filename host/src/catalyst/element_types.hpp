// The element types of the entry's memrefs. Opaque pointers do not carry them, so they are read from how
// the module uses each buffer: the loads and stores on it, the element type of the getelementptr that
// indexes it, the global constant it points at, the runtime function its descriptor is handed to (Probs
// fills f64, State complex128, Counts f64 and i64...), followed through calls, phis, copies and the
// descriptor structs that carry the pointer.
#pragma once

#include "catalyst/entry_signature.hpp"

namespace qrt::catalyst {

// Sets MemrefInfo::type of every argument and result the IR shows (left unset where it does not, or where
// the uses disagree).
void infer_element_types(EntrySignature& signature);

}  // namespace qrt::catalyst
