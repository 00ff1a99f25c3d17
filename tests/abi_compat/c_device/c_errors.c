#include "c_errors.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct c_error_value {
  qrt_error base;
  char text[256];
} c_error_value;

static void c_error_destroy(qrt_error* error) { free(error); }

/* When even the error cannot be allocated; destroying it does nothing. */
static void c_error_keep(qrt_error* error) { (void)error; }
static qrt_error c_out_of_memory = {sizeof(qrt_error), QRT_ERROR_OUT_OF_MEMORY, "out of memory", c_error_keep};

qrt_error* c_error(qrt_status_code code, const char* format, ...) {
  c_error_value* e = malloc(sizeof *e);
  if (!e) return &c_out_of_memory;
  va_list args;
  va_start(args, format);
  vsnprintf(e->text, sizeof e->text, format, args);
  va_end(args);
  e->base.struct_size = sizeof(qrt_error);
  e->base.code = code;
  e->base.message = e->text;
  e->base.destroy = c_error_destroy;
  return &e->base;
}
