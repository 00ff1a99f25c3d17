#include "c_register.h"

#include <math.h>

void c_register_clear(c_register* s) {
  for (unsigned i = 0; i < C_DIM; ++i) s->amp[i] = 0.0;
  s->amp[0] = 1.0;
}

void c_register_apply(c_register* s, unsigned slot, const double complex m[4], int control) {
  const unsigned bit = 1u << slot;
  for (unsigned i = 0; i < C_DIM; ++i) {
    if (i & bit) continue; /* visit each pair once, from its |0> member */
    if (control >= 0 && !(i & (1u << (unsigned)control))) continue;
    const double complex a0 = s->amp[i], a1 = s->amp[i | bit];
    s->amp[i] = m[0] * a0 + m[1] * a1;
    s->amp[i | bit] = m[2] * a0 + m[3] * a1;
  }
}

double c_register_prob_one(const c_register* s, unsigned slot) {
  double p = 0.0;
  for (unsigned i = 0; i < C_DIM; ++i)
    if (i & (1u << slot)) p += creal(s->amp[i]) * creal(s->amp[i]) + cimag(s->amp[i]) * cimag(s->amp[i]);
  return p;
}

void c_register_collapse(c_register* s, unsigned slot, int outcome) {
  const double p_one = c_register_prob_one(s, slot);
  const double scale = 1.0 / sqrt(outcome ? p_one : 1.0 - p_one);
  for (unsigned i = 0; i < C_DIM; ++i) {
    const int bit = (i >> slot) & 1u;
    s->amp[i] = bit == outcome ? s->amp[i] * scale : 0.0;
  }
}

uint64_t c_rng_next(uint64_t* state) {
  uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}

double c_rng_uniform(uint64_t* state) { return (double)(c_rng_next(state) >> 11) * (1.0 / 9007199254740992.0); }
