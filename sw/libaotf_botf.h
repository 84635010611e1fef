// SPDX-License-Identifier: Apache-2.0
/* BOTF host driver (rtl/aotf_botf.v, docs/reference/aotf_botf.md): the privileged part
 * (window owners, header entries: what the OS does) and the user part (payload stores, the
 * SEND store, the window status check before a window is reused). */
#ifndef LIBAOTF_BOTF_H
#define LIBAOTF_BOTF_H
#include <stdint.h>
#include "nic_sim.h"

#define BOTF_WINDOW 0x9u   /* store window of aotf_botf (CTRL.WINDOW reset value) */
#define BOTF_WORD_SEND 0x100u

typedef struct {
  uint16_t dst_node, src_node, pgid, pid;
  uint8_t region, flags; /* flags: FLAG_XLAT_SKIP or 0 (FLAG_AOTF and HFMT are set by the block) */
  uint64_t raddr;        /* bits 11:0 come from the SEND's offset */
  uint64_t aux;
  unsigned hfmt;         /* HFMT_32 / HFMT_24 / HFMT_16 / HFMT_8 */
} botf_hdr_t;

typedef struct {
  nic_host_t *h;
  uint32_t nwin, hdrs;
  uint64_t busy_polls; /* status reads made by botf_wait */
} botf_t;

/* checks the block's ID and reads its parameters; 0 on success */
int botf_open(botf_t *b, nic_host_t *h);
/* privileged: window win in use by user (en 1) or by nobody (en 0) */
void botf_set_owner(botf_t *b, unsigned win, unsigned user, int en);
/* privileged: header entry e for user, its seed from hd */
void botf_set_header(botf_t *b, unsigned e, unsigned user, const botf_hdr_t *hd);
/* user: len payload bytes at window offset off (a multiple of 8) with 8-byte stores */
void botf_write(botf_t *b, unsigned user, unsigned win, unsigned off, const uint8_t *p, unsigned len);
/* user: queue window win as a packet of len bytes with header entry e, remote offset roff */
void botf_send(botf_t *b, unsigned user, unsigned win, unsigned len, unsigned e, unsigned roff);
/* user: 1 while window win is busy (its SEND queued or its packet not gone) */
int botf_busy(botf_t *b, unsigned win);
/* user: wait until window win is free (status reads) */
void botf_wait(botf_t *b, unsigned win);
/* a counter register (CSR_AOTF_BOTF_CNT_*) */
uint32_t botf_counter(botf_t *b, uint16_t reg);
#endif
