// SPDX-License-Identifier: Apache-2.0
/* The stimulus interface every lockstep DUT implements (the port structs come from
 * cmodel/nic_ports.h). C and C++ compatible. */
#ifndef NIC_LOCKSTEP_H
#define NIC_LOCKSTEP_H
#include <stdint.h>
#include "nic_ports.h" /* LS_DECLARE_PORTS, LS_MASK (cmodel/) */

/* Stimulus interface (tb/X_stim.c). Declared per DUT with LS_DECLARE_STIM(X). */
#define LS_DECLARE_STIM(X)                                                              \
  void *X##_stim_new(uint64_t seed, const char *mode);                                  \
  int X##_stim_next(void *s, uint64_t cycle, const X##_out_t *prev_out, X##_in_t *in);  \
  int X##_stim_check(void *s, const X##_out_t *out);                                    \
  const char *X##_stim_modes(void);                                                     \
  void X##_stim_free(void *s);                                                          \
  void *X##_model_new(uint64_t seed);                                                   \
  void X##_model_eval(const void *m, const X##_in_t *in, X##_out_t *out);               \
  void X##_model_tick(void *m, const X##_in_t *in);                                     \
  int X##_model_check(const void *m);                                                   \
  void X##_model_free(void *m);

/* Model wrappers (implemented in the stimulus file, next to the stimulus, because they know the
 * parameters the DUT is built with (tb/duts/X.mk X_VFLAGS -G...; the Makefile generates
 * build/X/ls_params.h from them, one LS_PARAM_<name> macro per parameter, for the stimulus)):
 *  - X_model_new(seed): a model with those parameters (LS_PARAM_*), power-up state seeded by seed.
 *  - X_model_eval / X_model_tick: forward to the model's X_eval / X_tick.
 *  - X_model_check(m): 0 if the model saw no internal rule violation (e.g. nic_ram collisions
 *    must be 0), else prints why and returns nonzero. Called once at the end of a run.
 * The runner (tb/lockstep_main.cpp, tb/model_main.c) includes only cmodel/X_ports.h, so that
 * file holds just the two X-macros; the model header cmodel/X.h includes it and declares the
 * structs with LS_DECLARE_PORTS(X). Runs start with rst_ni = 0: outputs are compared from the
 * first rising edge with rst_ni = 0 on.
 *
 * Stimulus contract:
 *  - X_stim_new(seed, mode): mode is one of the space-separated names in X_stim_modes().
 *  - Each cycle the runner calls X_stim_next(s, cycle, prev_out, in) (prev_out = outputs of the
 *    previous cycle, NULL at cycle 0); it must set EVERY field of *in. Return 0 when done.
 *  - Then both backends evaluate, outputs are compared, and X_stim_check(s, out) is called
 *    with this cycle's outputs (the stimulus remembers the inputs it drove) so a scoreboard can
 *    observe transfers. Nonzero = scoreboard failure (the stimulus prints why).
 *  - After the last cycle X_stim_check(s, NULL) runs the end-of-test checks. */
#endif
