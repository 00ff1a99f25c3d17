/* Offsets and sizes of the v1.0 structs as the frozen header lays them out (see frozen_layout.h). */
#include "frozen_layout.h"

#include "qrt_device_api_v1_0.h"

#define QRT_V1_0_FIELD(type, field) {#type "." #field, offsetof(type, field), sizeof(((type*)0)->field)},
#define QRT_V1_0_STRUCT(type, frozen)
const frozen_field frozen_v1_0_fields[] = {
#include "abi_v1_0_fields.def"
};
#undef QRT_V1_0_FIELD
#undef QRT_V1_0_STRUCT
const size_t frozen_v1_0_field_count = sizeof frozen_v1_0_fields / sizeof frozen_v1_0_fields[0];

#define QRT_V1_0_FIELD(type, field)
#define QRT_V1_0_STRUCT(type, frozen) {#type, sizeof(type)},
const frozen_struct frozen_v1_0_structs[] = {
#include "abi_v1_0_fields.def"
};
#undef QRT_V1_0_FIELD
#undef QRT_V1_0_STRUCT
const size_t frozen_v1_0_struct_count = sizeof frozen_v1_0_structs / sizeof frozen_v1_0_structs[0];
