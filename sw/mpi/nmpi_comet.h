// SPDX-License-Identifier: Apache-2.0
/* nmpi_comet: the Comet-FM transport of the message layer (nmpi_comet.c). */
#ifndef NMPI_COMET_H
#define NMPI_COMET_H
#include "nmpi_int.h"

typedef struct nmpi_comet nmpi_comet_t;
/* w->n ranks on star:max(2, n); sets w->tp, w->window, w->ns_per_cycle; NULL on failure */
nmpi_comet_t *nmpi_comet_open(nmpi_world_t *w, const char *backend, uint64_t seed, int zero_cost);
uint64_t nmpi_comet_cycle(const nmpi_comet_t *ct);
int nmpi_comet_errors(nmpi_comet_t *ct); /* nodes with dropped receive frames or send errors */
void nmpi_comet_close(nmpi_comet_t *ct);
#endif
