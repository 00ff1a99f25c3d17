/* The layout of every v1.0 struct field as the frozen header defines it (frozen_layout.c), for the test
 * that the current header keeps each one at the same offset and size: the ABI only ever appends. */
#ifndef QRT_FROZEN_LAYOUT_H
#define QRT_FROZEN_LAYOUT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct frozen_field {
  const char* name; /* "struct.field" */
  size_t offset, size;
} frozen_field;

extern const frozen_field frozen_v1_0_fields[];
extern const size_t frozen_v1_0_field_count;

typedef struct frozen_struct {
  const char* name;
  size_t size;
} frozen_struct;

extern const frozen_struct frozen_v1_0_structs[];
extern const size_t frozen_v1_0_struct_count;

#ifdef __cplusplus
}
#endif

#endif /* QRT_FROZEN_LAYOUT_H */
