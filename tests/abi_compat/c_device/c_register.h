/*
 * A three-slot state vector in plain C: the simulator behind the C test device. Slot s is bit s of an
 * amplitude index. A free slot is always |0> and unentangled, so the state of the live qubits is read
 * off the indices whose free-slot bits are 0.
 */
#ifndef C_REGISTER_H
#define C_REGISTER_H

#include <complex.h>
#include <stdint.h>

#define C_SLOTS 3
#define C_DIM (1u << C_SLOTS)

typedef struct c_register {
  double complex amp[C_DIM];
} c_register;

void c_register_clear(c_register* s); /* |000> */
/* m (row-major 2x2) on `slot`, only where slot `control` is 1 (control < 0: everywhere). */
void c_register_apply(c_register* s, unsigned slot, const double complex m[4], int control);
double c_register_prob_one(const c_register* s, unsigned slot);
/* Projects `slot` onto `outcome` (whose probability must be > 0) and renormalises. */
void c_register_collapse(c_register* s, unsigned slot, int outcome);

/* splitmix64: a small, seedable generator. */
uint64_t c_rng_next(uint64_t* state);
double c_rng_uniform(uint64_t* state); /* in [0, 1) */

#endif /* C_REGISTER_H */
