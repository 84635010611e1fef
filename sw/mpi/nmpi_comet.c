// SPDX-License-Identifier: Apache-2.0
/* nmpi_comet: the message layer's transport over Comet-FM (sw/comet_fm.h) on N Comet engines on
 * one switch (comet_hw "star:N", 2..16 nodes). Rank r = FM node r.
 *
 * A fragment is one FM message: the 16-byte nmpi header then up to 1448 payload bytes
 * (FM_MAX_PAYLOAD - 16). Send: the CPU copies header + payload into a staging buffer of a
 * registered region and FM_send_nw DMAs it from there; the staging ring has one buffer more than
 * FM has send slots, so a buffer is rewritten only after the send that used it completed (FM
 * completes sends in order and keeps at most `slots` outstanding). Receive: FM_extract runs the
 * layer's handler on every arrived message, which hands the fragment to nmpi_rx. The engine
 * delivers frames of one source in order (one switch path), as nmpi_rx requires.
 * Waiting (FM send slots busy, a rank with nothing to do) switches to another rank through the
 * launcher (world->yield). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "comet_fm.h"
#include "comet_hw.h"
#include "nic_pkg.h"
#include "nmpi_comet.h"
#include "vipl.h"

#define SLOTS 8u
#define HANDLER 9u
#define STAGE_BYTES 1472u

typedef struct {
  VIP_NIC_HANDLE nic;
  comet_fm_t *fm;
  VIP_VADDR stage;
  unsigned stage_i;
  nmpi_rank_t *r;
} ct_rank_t;

struct nmpi_comet {
  comet_hw_t *hw;
  int n;
  ct_rank_t *rk;
};

static void on_msg(comet_fm_t *fm, void *ctx, int src, const void *buf, unsigned len) {
  (void)fm;
  ct_rank_t *c = ctx;
  if (len < NMPI_HDR_BYTES || src < 0 || src >= c->r->w->n) return;
  nmpi_hdr_t h;
  memcpy(&h, buf, sizeof h);
  nmpi_rx(c->r, src, &h, (const char *)buf + NMPI_HDR_BYTES, len - NMPI_HDR_BYTES);
}

static int ct_send(nmpi_rank_t *r, int dst, const nmpi_hdr_t *h, const void *data, size_t len) {
  ct_rank_t *c = r->tp;
  VIP_VADDR va = c->stage + (VIP_VADDR)(c->stage_i % (SLOTS + 1)) * STAGE_BYTES;
  c->stage_i++;
  vipl_vwrite(c->nic, va, h, NMPI_HDR_BYTES);
  if (len) vipl_vwrite(c->nic, va + NMPI_HDR_BYTES, data, (VIP_ULONG)len);
  FM_RETURN e = FM_send_nw(c->fm, (unsigned)dst, HANDLER, va, (unsigned)(NMPI_HDR_BYTES + len), NULL);
  if (e != FM_SUCCESS) fprintf(stderr, "nmpi: rank %d: FM_send_nw to %d: %s\n", r->id, dst, FM_strerror(e));
  return 0;
}

static int ct_poll(nmpi_rank_t *r) { return (int)FM_extract(((ct_rank_t *)r->tp)->fm, 0); }
static uint64_t ct_now(nmpi_rank_t *r) { return vipl_now(((ct_rank_t *)r->tp)->nic); }
static void ct_spend(nmpi_rank_t *r, uint64_t c) { vipl_spend(((ct_rank_t *)r->tp)->nic, c); }
static void ct_idle(nmpi_rank_t *r) {
  vipl_spend(((ct_rank_t *)r->tp)->nic, 1);
  r->w->yield(r->w);
}
static int ct_quiet(nmpi_rank_t *r) {
  ct_rank_t *c = r->tp;
  if (FM_outstanding(c->fm)) FM_wait(c->fm);
  return FM_outstanding(c->fm) == 0;
}
static void ct_report(nmpi_rank_t *r) {
  ct_rank_t *c = r->tp;
  uint32_t nodesc = vipl_csr_read(c->nic, CSR_BASE_COMET_VIA + CSR_COMET_VIA_CNT_RX_NO_DESC);
  fm_stats_t st;
  FM_stats(c->fm, &st);
  if (nodesc || st.send_errors || st.rx_errors || st.rx_bad_header || st.rx_no_handler)
    fprintf(stderr, "nmpi: rank %d: NIC dropped or refused frames: CNT_RX_NO_DESC %u send_errors %llu rx_errors %llu\n",
            r->id, nodesc, (unsigned long long)st.send_errors,
            (unsigned long long)(st.rx_errors + st.rx_bad_header + st.rx_no_handler));
  if (r->w->stats)
    fprintf(stderr, "nmpi: rank %d: fm sent %llu received %llu, host cycles %llu\n", r->id, (unsigned long long)st.sent,
            (unsigned long long)st.received, (unsigned long long)vipl_now(c->nic));
}

static const nmpi_tp_ops_t ct_ops = {"comet", FM_MAX_PAYLOAD - NMPI_HDR_BYTES, ct_send, ct_poll, ct_now,
                                     ct_spend, ct_idle, ct_quiet, ct_report, NULL, NULL};

static void idle_hook(void *ctx) {
  ct_rank_t *c = ctx;
  c->r->w->yield(c->r->w);
}

int nmpi_comet_errors(nmpi_comet_t *ct) {
  int bad = 0;
  for (int i = 0; i < ct->n; i++) {
    fm_stats_t st;
    FM_stats(ct->rk[i].fm, &st);
    bad += vipl_csr_read(ct->rk[i].nic, CSR_BASE_COMET_VIA + CSR_COMET_VIA_CNT_RX_NO_DESC) != 0 || st.send_errors != 0;
  }
  return bad;
}

nmpi_comet_t *nmpi_comet_open(nmpi_world_t *w, const char *backend, uint64_t seed, int zero_cost) {
  nmpi_comet_t *ct = calloc(1, sizeof *ct);
  if (!ct) return NULL;
  char topo[32];
  snprintf(topo, sizeof topo, "star:%d", w->n < 2 ? 2 : w->n);
  ct->hw = comet_hw_open_topo(backend, topo, seed, NULL);
  if (!ct->hw) {
    fprintf(stderr, "nmpirun: cannot open Comet backend %s topology %s\n", backend, topo);
    free(ct);
    return NULL;
  }
  int hn = comet_hw_nodes(ct->hw);
  ct->n = w->n;
  ct->rk = calloc((size_t)hn, sizeof *ct->rk);
  VIP_NIC_HANDLE *nics = calloc((size_t)hn, sizeof *nics);
  fm_node_addr_t *table = calloc((size_t)hn, sizeof *table);
  if (!ct->rk || !nics || !table) return NULL;
  for (int i = 0; i < hn; i++) {
    table[i].ip = comet_hw_node_ip(ct->hw, i);
    table[i].mac = comet_hw_node_mac(ct->hw, i);
    table[i].port = 19779;
    vipl_config_t vc = {i, seed, 0, VIPL_COST_DEFAULT_INIT};
    const vipl_cost_t zc = VIPL_COST_ZERO_INIT;
    if (zero_cost) vc.cost = zc;
    if (VipOpenNic(ct->hw, &vc, &nics[i]) != VIP_SUCCESS) return NULL;
    ct->rk[i].nic = nics[i];
  }
  vipl_link_group(nics, (unsigned)hn);
  w->tp = &ct_ops;
  w->tp_world = ct;
  w->ns_per_cycle = COMET_HW_CLOCK_NS;
  /* every peer may have `window` fragments in flight to a rank and owe it half a window of ACKs:
   * together they fit the FM receive descriptors */
  int peers = w->n > 1 ? w->n - 1 : 1;
  w->window = (int)(FM_MAX_RECV_BUFS / 2u) / peers;
  if (w->window < 1) w->window = 1;
  for (int i = 0; i < w->n; i++) {
    ct_rank_t *c = &ct->rk[i];
    fm_config_t fc = {i, (unsigned)hn, table, SLOTS, FM_MAX_RECV_BUFS, 0, FM_COST_DEFAULT_INIT};
    const fm_cost_t zc = FM_COST_ZERO_INIT;
    if (zero_cost) fc.cost = zc;
    FM_RETURN e = FM_initialize(c->nic, &fc, &c->fm);
    uint32_t sbytes = (SLOTS + 1) * STAGE_BYTES;
    if (e == FM_SUCCESS && vipl_valloc(c->nic, sbytes, &c->stage) != VIP_SUCCESS) e = FM_NO_RESOURCE;
    if (e == FM_SUCCESS) e = FM_register(c->fm, c->stage, sbytes);
    if (e != FM_SUCCESS) {
      fprintf(stderr, "nmpirun: Comet-FM on node %d: %s\n", i, FM_strerror(e));
      return NULL;
    }
    c->r = &w->rank[i];
    w->rank[i].tp = c;
    FM_set_handler(c->fm, HANDLER, on_msg, c);
    FM_set_idle_hook(c->fm, idle_hook, c);
  }
  free(nics);
  free(table);
  return ct;
}

uint64_t nmpi_comet_cycle(const nmpi_comet_t *ct) { return comet_hw_cycle(ct->hw); }

void nmpi_comet_close(nmpi_comet_t *ct) {
  if (!ct) return;
  for (int i = 0; i < ct->n; i++) FM_finalize(ct->rk[i].fm);
  comet_hw_close(ct->hw);
  free(ct->rk);
  free(ct);
}
