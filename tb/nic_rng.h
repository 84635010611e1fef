// SPDX-License-Identifier: Apache-2.0
/* Small deterministic PRNG for stimulus (xoshiro256** seeded by splitmix64). */
#ifndef NIC_RNG_H
#define NIC_RNG_H
#include <stdint.h>
typedef struct { uint64_t s[4]; } nic_rng_t;
static inline uint64_t nic_rng_sm(uint64_t *x) {
  uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static inline void nic_rng_seed(nic_rng_t *r, uint64_t seed) {
  for (int i = 0; i < 4; i++) r->s[i] = nic_rng_sm(&seed);
}
static inline uint64_t nic_rng_next(nic_rng_t *r) {
  uint64_t *s = r->s;
  uint64_t x = s[1] * 5, res = ((x << 7) | (x >> 57)) * 9, t = s[1] << 17;
  s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t;
  s[3] = (s[3] << 45) | (s[3] >> 19);
  return res;
}
/* uniform in [0, n) for n >= 1 */
static inline uint64_t nic_rng_below(nic_rng_t *r, uint64_t n) { return n ? nic_rng_next(r) % n : 0; }
/* 1 with probability pct/100 */
static inline int nic_rng_pct(nic_rng_t *r, unsigned pct) { return nic_rng_below(r, 100) < pct; }
/* valid / ready willingness of a random stream bench, in phases: when a phase ends, each side
 * draws a new probability from {0, 10, 50, 90, 100} % and the phase a length in [0, max_len) */
typedef struct { int p_valid, p_ready, left; } nic_vr_phase_t;
static inline void nic_vr_phase_step(nic_rng_t *r, nic_vr_phase_t *ph, unsigned max_len) {
  static const int pv[] = {0, 10, 50, 90, 100};
  if (ph->left-- <= 0) {
    ph->p_valid = pv[nic_rng_below(r, 5)];
    ph->p_ready = pv[nic_rng_below(r, 5)];
    ph->left = (int)nic_rng_below(r, max_len);
  }
}
#endif
