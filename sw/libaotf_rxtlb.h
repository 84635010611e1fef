// SPDX-License-Identifier: Apache-2.0
/* libaotf_rxtlb: driver of the receive TLB of aotf_rx (docs/reference/aotf_rx.md, "Receive
 * protection"). Packets without FLAG_XLAT_SKIP are checked through the TLB: key {pgid, pid,
 * region} -> window [vbase, vlimit) of virtual addresses at LLCM address pbase. The driver keeps
 * every mapping in a table of its own and loads TLB entries on demand: a packet whose key is not
 * loaded waits in the receiver and interrupts (STATUS.MISS); the service (run from aotf_service,
 * i.e. from the driver's interrupt / idle path) refills a round-robin victim entry from the
 * table, or drops the packet (CTRL.MISS_DROP) if no mapping has its key. */
#ifndef LIBAOTF_RXTLB_H
#define LIBAOTF_RXTLB_H
#include <stdint.h>
#include "libaotf.h"

#define AOTF_RXTLB_MAX 256

typedef struct {
  uint16_t pgid, pid;
  uint8_t region;
  uint32_t vbase, vlimit, pbase; /* virtual window [vbase, vlimit) at LLCM byte pbase */
} aotf_rxmap_t;

typedef struct aotf_rxtlb {
  aotf_t *a;
  aotf_rxmap_t map[AOTF_RXTLB_MAX];
  unsigned n;       /* mappings in the table */
  unsigned entries; /* TLB entries of the receiver (CONFIG.TLB_LOG2) */
  unsigned victim;  /* next entry a refill replaces */
  uint64_t refills, drops;
} aotf_rxtlb_t;

/* attach to an open driver: clear the TLB, enable the miss interrupt, install the service */
void aotf_rxtlb_open(aotf_rxtlb_t *t, aotf_t *a);
/* add a mapping to the table; preload != 0 also loads it into the TLB now (round-robin entry).
 * Returns 0, or -1 when the table is full or the window is empty. */
int aotf_rxtlb_map(aotf_rxtlb_t *t, const aotf_rxmap_t *m, int preload);
/* send side: map a kick page like aotf_map (not preloaded), with a header whose remote address
 * is virtual (FLAG_XLAT_SKIP clear): the receiver checks it through its TLB. 0 or -1 (HTT full) */
int aotf_map_virtual(aotf_t *a, uint32_t kick_page_addr, const aotf_hdr_t *hdr);
/* serve a waiting miss (STATUS.MISS / STATUS.WAIT); called by aotf_service */
void aotf_rxtlb_service(aotf_rxtlb_t *t);
#endif
