// SPDX-License-Identifier: Apache-2.0
/* libaotf: host driver of a Martini node (AOTF send path + Mini-OTF receive / LLCM).
 * Runs on nic_sim (either backend). All register names come from cmodel/nic_pkg.h.
 *
 * Kick address (32-bit physical): [31:28] AOTF window, [27:20] HTLB tag, [19:12] set index,
 * [11:0] offset. One kick page maps to one 4 KiB window of a remote LLCM: the header seed
 * carries the remote address bits above 11, the kick offset supplies bits 11:0.
 * The driver keeps the header translation table (HTT) in host memory and loads HTLB entries
 * on demand: a kick to an unloaded page misses, the send path waits and interrupts, and the
 * driver's interrupt service (run whenever a program waits) loads the entry from the HTT. */
#ifndef LIBAOTF_H
#define LIBAOTF_H
#include <stdint.h>
#include "nic_sim.h"

#define AOTF_HTT_MAX 1024
#define AOTF_WINDOW 0x8u

typedef struct {
  uint16_t dst_node, pgid, pid;
  uint8_t region;
  uint64_t raddr;  /* remote LLCM byte address of the 4 KiB page (bits 11:0 ignored) */
  uint64_t aux;
} aotf_hdr_t;

typedef struct {
  uint32_t page; /* kick address >> 12 */
  uint64_t seed[4];
  uint32_t fmt; /* header format (HTLB_TAG bits 21:9, aotf_hdr_fmt in libaotf_htt.h); 0: 32 bytes */
} aotf_htt_ent_t;

typedef struct {
  nic_host_t *h;
  uint16_t node;
  aotf_htt_ent_t htt[AOTF_HTT_MAX];
  unsigned htt_n;
  uint64_t refills, unknown_misses;
  uint32_t kicks, done_base; /* kicks issued; kicks_done() at open */
  uint32_t credit_cap;       /* kicks in flight the driver allows (user 0's reset credit limit) */
  uint32_t done_seen;        /* kicks done (since open) at the last look */
  struct aotf_rxtlb *rxtlb;  /* receive TLB driver (sw/libaotf_rxtlb.h), NULL if not attached */
  int hdr16;                 /* pages mapped from now on send the 16-byte header (HFMT_16) */
} aotf_t;

/* wait for the init sweeps, set the node id, enable the miss interrupt; 0 = ok */
int aotf_open(aotf_t *a, nic_host_t *h, uint16_t node_id);
/* kick page address for (user 0..7, page index 0..8191) */
uint32_t aotf_kick_page(unsigned user, unsigned index);
/* map a kick page to a remote header (entry goes into the HTT; the HTLB loads on demand);
 * preload != 0 also writes the HTLB entry now. Returns 0, or -1 when the HTT is full. */
int aotf_map(aotf_t *a, uint32_t kick_page_addr, const aotf_hdr_t *hdr, int preload);
/* one AOTF kick: len 1..8 bytes of data (low bytes) to kick address addr (byte address) */
void aotf_kick(aotf_t *a, uint32_t addr, uint64_t data, unsigned len);
/* LLCM access of the local node */
uint64_t aotf_llcm_read(aotf_t *a, uint32_t off);
void aotf_llcm_write(aotf_t *a, uint32_t off, uint64_t data, uint8_t be); /* through CSRs */
/* poll until (LLCM[off] & mask) == want; returns the word; counts polls in *polls if not NULL */
uint64_t aotf_llcm_poll(aotf_t *a, uint32_t off, uint64_t mask, uint64_t want, uint64_t *polls);
/* receive protection: pgid may write LLCM [base, limit) */
void aotf_protect(aotf_t *a, uint16_t pgid, uint32_t base, uint32_t limit);
/* credits of a user: available (low 16) and used (high 16) */
uint32_t aotf_credits(aotf_t *a, unsigned user);
/* latency probe: kick, then read LLCM word llcm_off of THIS node every cycle until the data
 * shows (loopback); returns cycles from kick acceptance to the first read that sees it */
uint64_t aotf_probe(aotf_t *a, uint32_t addr, uint64_t data, unsigned len, uint32_t llcm_off);
/* wait until every kick of this node has left the send path (servicing misses meanwhile) */
void aotf_flush(aotf_t *a);
/* internal loopback on/off (CTRL.LOOPBACK) once the send path is empty; the caller makes sure
 * no packet arrives from the link meanwhile (the peer is quiet) */
void aotf_set_loopback(aotf_t *a, int on);
/* service a pending miss interrupt: HTLB (send) and receive TLB (also installed as the idle hook) */
void aotf_service(aotf_t *a);
#endif
