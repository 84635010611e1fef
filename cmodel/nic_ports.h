// SPDX-License-Identifier: Apache-2.0
/* Port structs from the X-macro port lists (cmodel/X_ports.h): the C models, the host backends
 * (sw/) and the lockstep runners (tb/) all declare X_in_t / X_out_t with these. C and C++
 * compatible. */
#ifndef NIC_PORTS_H
#define NIC_PORTS_H
#include <stdint.h>

#define LS_IN_FIELD(n, w) uint64_t n;
#define LS_OUT_FIELD(n, w, q) uint64_t n;
/* Declares X_in_t and X_out_t from X_INPUTS / X_OUTPUTS (cmodel/X_ports.h). */
#define LS_DECLARE_PORTS(X)                            \
  typedef struct { X##_INPUTS(LS_IN_FIELD) } X##_in_t; \
  typedef struct { X##_OUTPUTS(LS_OUT_FIELD) } X##_out_t;

#define LS_MASK(w) ((w) >= 64 ? ~0ull : ((1ull << (w)) - 1))
#endif
