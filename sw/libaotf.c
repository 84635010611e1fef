// SPDX-License-Identifier: Apache-2.0
#include "libaotf.h"
#include "libaotf_htt.h"
#include "libaotf_rxtlb.h"
#include <string.h>
#include "nic_pkg.h"

#define SEND(r) ((uint16_t)(CSR_BASE_AOTF_SEND + CSR_AOTF_SEND_##r))
#define RX(r) ((uint16_t)(CSR_BASE_AOTF_RX + CSR_AOTF_RX_##r))
#define NODE(r) ((uint16_t)(CSR_BASE_AOTF_NODE + CSR_AOTF_NODE_##r))
#define FIELD(v, lsb, w) ((uint64_t)(v) << (lsb))

static uint32_t kicks_done(aotf_t *a);

static void idle_hook(nic_host_t *h, void *ctx) {
  aotf_t *a = ctx;
  if (nic_host_irq(h)) aotf_service(a);
}

int aotf_open(aotf_t *a, nic_host_t *h, uint16_t node_id) {
  memset(a, 0, sizeof(*a));
  a->h = h;
  a->node = node_id;
  if (nic_host_csr_read(h, SEND(ID)) != AOTF_SEND_ID_ID_RESET) return -1;
  if (nic_host_csr_read(h, RX(ID)) != AOTF_RX_ID_RESET) return -1;
  while (nic_host_csr_read(h, SEND(STATUS)) & (1u << AOTF_SEND_STATUS_INIT_BUSY_LSB)) nic_host_wait(h, 16);
  while (nic_host_csr_read(h, RX(STATUS)) & (1u << AOTF_RX_STATUS_INIT_BUSY_LSB)) nic_host_wait(h, 64);
  nic_host_csr_write(h, NODE(NODE_ID), node_id);
  nic_host_csr_write(h, SEND(IRQ_EN), 1u << AOTF_SEND_IRQ_EN_MISS_LSB);
  nic_host_set_idle_hook(h, idle_hook, a);
  uint32_t p = nic_host_csr_read(h, SEND(PARAMS));
  uint32_t users = (p >> AOTF_SEND_PARAMS_NUM_USERS_LSB) & 0xffu, fifo_log2 = (p >> AOTF_SEND_PARAMS_FIFO_LOG2_LSB) & 0xffu;
  a->credit_cap = users ? (1u << fifo_log2) / users : 1u;
  a->done_base = kicks_done(a);
  return 0;
}

uint32_t aotf_kick_page(unsigned user, unsigned index) {
  /* tag = {user(3), index[12:8]}, set = index[7:0] */
  uint32_t tag = ((user & 7u) << 5) | ((index >> 8) & 0x1fu);
  return (AOTF_WINDOW << KICK_WINDOW_LSB) | (tag << KICK_TAG_LSB) | ((index & 0xffu) << KICK_SET_LSB);
}

static void make_seed(const aotf_t *a, const aotf_hdr_t *hd, uint64_t seed[4]) {
  memset(seed, 0, 4 * sizeof(uint64_t));
  seed[AOTF_HDR_DST_NODE_WORD] |= FIELD(hd->dst_node, AOTF_HDR_DST_NODE_LSB, 16);
  seed[AOTF_HDR_SRC_NODE_WORD] |= FIELD(a->node, AOTF_HDR_SRC_NODE_LSB, 16);
  seed[AOTF_HDR_PTYPE_WORD] |= FIELD(PTYPE_AOTF, AOTF_HDR_PTYPE_LSB, 8);
  seed[AOTF_HDR_FLAGS_WORD] |= FIELD(FLAG_AOTF | FLAG_XLAT_SKIP, AOTF_HDR_FLAGS_LSB, 8);
  seed[AOTF_HDR_PGID_WORD] |= FIELD(hd->pgid, AOTF_HDR_PGID_LSB, 16);
  seed[AOTF_HDR_RADDR_WORD] |= hd->raddr & ~0xfffull;
  seed[AOTF_HDR_REGION_WORD] |= FIELD(hd->region, AOTF_HDR_REGION_LSB, 8);
  seed[AOTF_HDR_PID_WORD] |= FIELD(hd->pid, AOTF_HDR_PID_LSB, 16);
  seed[AOTF_HDR_AUX_WORD] = hd->aux;
  if (!a->hdr16) return;
  /* the compact form (formats/aotf16_header.csv): word 0 with flags.HFMT = HFMT_16, word 1 packs
   * raddr[23:0], the length (written by the packet generator), region and pid */
  seed[AOTF16_HDR_FLAGS_WORD] |= FIELD(HFMT_16 << FLAG_HFMT_LSB, AOTF16_HDR_FLAGS_LSB, 8);
  seed[AOTF16_HDR_RADDR_WORD] = FIELD(hd->raddr & 0xfff000u, AOTF16_HDR_RADDR_LSB, 24) |
                                FIELD(hd->region, AOTF16_HDR_REGION_LSB, 8) | FIELD(hd->pid, AOTF16_HDR_PID_LSB, 16);
  seed[2] = seed[3] = 0;
}

/* write one HTLB entry: invalidate the way, wait until no looked-up packet can still read its
 * seed words (STATUS.PG_BUSY = 0), write the seed words, then the tag (valid) */
static void load_entry(aotf_t *a, const aotf_htt_ent_t *e, unsigned way) {
  nic_host_t *h = a->h;
  uint32_t set = e->page & 0xffu, tag = (e->page >> 8) & 0xffu;
  nic_host_csr_write(h, SEND(HTLB_IDX), (set << AOTF_SEND_HTLB_IDX_SET_LSB) | (way << AOTF_SEND_HTLB_IDX_WAY_LSB));
  nic_host_csr_write(h, SEND(HTLB_TAG), 0);
  /* (polled by reads alone: the wait hook would re-enter the miss service) */
  while (nic_host_csr_read(h, SEND(STATUS)) & (1u << AOTF_SEND_STATUS_PG_BUSY_LSB)) {
  }
  for (unsigned w = 0; w < 4; w++) {
    nic_host_csr_write(h, SEND(HTLB_IDX), (set << AOTF_SEND_HTLB_IDX_SET_LSB) | (way << AOTF_SEND_HTLB_IDX_WAY_LSB) |
                                              (w << AOTF_SEND_HTLB_IDX_WORD_LSB));
    nic_host_csr_write(h, SEND(SEED_LO), (uint32_t)e->seed[w]);
    nic_host_csr_write(h, SEND(SEED_HI), (uint32_t)(e->seed[w] >> 32));
  }
  nic_host_csr_write(h, SEND(HTLB_TAG), (tag << AOTF_SEND_HTLB_TAG_TAG_LSB) | (1u << AOTF_SEND_HTLB_TAG_VALID_LSB) |
                                            (e->fmt << AOTF_SEND_HTLB_TAG_LPOS_LSB));
}

int aotf_map(aotf_t *a, uint32_t kick_page_addr, const aotf_hdr_t *hdr, int preload) {
  uint32_t page = kick_page_addr >> 12;
  aotf_htt_ent_t *e = NULL;
  for (unsigned i = 0; i < a->htt_n; i++)
    if (a->htt[i].page == page) e = &a->htt[i];
  if (!e) {
    if (a->htt_n == AOTF_HTT_MAX) return -1;
    e = &a->htt[a->htt_n++];
  }
  e->page = page;
  /* the 16-byte form: 2 header words, kick offset at byte 8, length at byte 11 */
  e->fmt = a->hdr16 ? aotf_hdr_fmt(2, 8 * AOTF16_HDR_RADDR_WORD + AOTF16_HDR_RADDR_LSB / 8,
                                   8 * AOTF16_HDR_LEN_WORD + AOTF16_HDR_LEN_LSB / 8)
                    : 0;
  make_seed(a, hdr, e->seed);
  if (preload) {
    /* way: the i-th mapped page of a set goes to way i mod 4 (preload is for start-up;
     * later pages of a set are loaded on demand into the victim way the hardware suggests) */
    unsigned way = 0;
    for (unsigned i = 0; i + 1 < a->htt_n; i++)
      if ((a->htt[i].page & 0xffu) == (page & 0xffu)) way = (way + 1) & 3u;
    load_entry(a, e, way);
  }
  return 0;
}

/* refill the entry of the miss that waits (MISS_ADDR, MISS_VICTIM) */
static void refill(aotf_t *a) {
  nic_host_t *h = a->h;
  uint32_t maddr = nic_host_csr_read(h, SEND(MISS_ADDR));
  unsigned way = nic_host_csr_read(h, SEND(MISS_VICTIM)) & 3u;
  uint32_t page = maddr >> 12;
  for (unsigned i = 0; i < a->htt_n; i++) {
    if (a->htt[i].page == page) {
      load_entry(a, &a->htt[i], way);
      a->refills++;
      return;
    }
  }
  /* a kick to a page nobody mapped: the head kick would wait forever. Load a seed that the
   * receiver rejects (pgid 0xFFFF without a protection entry) so the path drains; count it. */
  aotf_htt_ent_t bad = {page, {0, 0, 0, 0}, 0};
  aotf_hdr_t hd = {0xffff, 0xffff, 0, 0, 0, 0};
  make_seed(a, &hd, bad.seed);
  load_entry(a, &bad, way);
  a->unknown_misses++;
}

/* IRQ_MISS is cleared before STATUS is read again, and a head that waits then (MISS_WAIT) is
 * refilled: a miss is never left without its interrupt. The retry lookup after the refill's own
 * invalidation of the victim way misses again and sets IRQ_MISS; the next turn clears it. */
void aotf_service(aotf_t *a) {
  nic_host_t *h = a->h;
  if (a->rxtlb) aotf_rxtlb_service(a->rxtlb);
  if (!(nic_host_csr_read(h, SEND(STATUS)) & (1u << AOTF_SEND_STATUS_IRQ_MISS_LSB))) return;
  for (;;) {
    nic_host_csr_write(h, SEND(STATUS), 1u << AOTF_SEND_STATUS_IRQ_MISS_LSB); /* W1C */
    if (!(nic_host_csr_read(h, SEND(STATUS)) & (1u << AOTF_SEND_STATUS_MISS_WAIT_LSB))) return;
    refill(a);
  }
}

/* credits: the send path refuses (and counts) a kick beyond the user's credit limit, so the
 * driver keeps its kicks in flight (issued, not yet sent or refused) below the reset limit;
 * at the limit it re-reads the done counters until a credit has come back */
static void credit_wait(aotf_t *a) {
  if (a->kicks - a->done_seen < a->credit_cap) return;
  for (;;) {
    a->done_seen = kicks_done(a) - a->done_base;
    if (a->kicks - a->done_seen < a->credit_cap) return;
    if (nic_host_irq(a->h)) aotf_service(a);
    nic_host_wait(a->h, 4);
  }
}

void aotf_kick(aotf_t *a, uint32_t addr, uint64_t data, unsigned len) {
  credit_wait(a);
  unsigned lane = addr & 7u;
  uint8_t be = (uint8_t)(((1u << len) - 1u) << lane);
  nic_host_store(a->h, addr & ~7u, data << (8 * lane), be);
  a->kicks++;
}

uint64_t aotf_llcm_read(aotf_t *a, uint32_t off) { return nic_host_load(a->h, off & ~7u); }

void aotf_llcm_write(aotf_t *a, uint32_t off, uint64_t data, uint8_t be) {
  nic_host_t *h = a->h;
  nic_host_csr_write(h, RX(HW_ADDR), off & ~7u);
  nic_host_csr_write(h, RX(HW_DATA_LO), (uint32_t)data);
  nic_host_csr_write(h, RX(HW_DATA_HI), (uint32_t)(data >> 32));
  nic_host_csr_write(h, RX(HW_CMD), be);
}

uint64_t aotf_llcm_poll(aotf_t *a, uint32_t off, uint64_t mask, uint64_t want, uint64_t *polls) {
  for (;;) {
    uint64_t v = aotf_llcm_read(a, off);
    if (polls) (*polls)++;
    if ((v & mask) == want) return v;
  }
}

void aotf_protect(aotf_t *a, uint16_t pgid, uint32_t base, uint32_t limit) {
  nic_host_t *h = a->h;
  nic_host_csr_write(h, RX(PT_INDEX), pgid);
  nic_host_csr_write(h, RX(PT_BASE), base);
  nic_host_csr_write(h, RX(PT_LIMIT), limit);
  nic_host_csr_write(h, RX(PT_ENTRY), (1u << AOTF_RX_PT_ENTRY_VALID_LSB) | pgid);
}

uint32_t aotf_credits(aotf_t *a, unsigned user) {
  nic_host_csr_write(a->h, SEND(CREDIT_SEL), user);
  return nic_host_csr_read(a->h, SEND(CREDIT_AVAIL));
}

/* kicks that have left the send path: packets sent + kicks refused (each counted once) */
static uint32_t kicks_done(aotf_t *a) {
  nic_host_t *h = a->h;
  return nic_host_csr_read(h, SEND(CNT_PKTS)) + nic_host_csr_read(h, SEND(CNT_ERR_ALIGN)) +
         nic_host_csr_read(h, SEND(CNT_ERR_BE)) + nic_host_csr_read(h, SEND(CNT_ERR_WINDOW)) +
         nic_host_csr_read(h, SEND(CNT_ERR_CREDIT));
}

void aotf_flush(aotf_t *a) {
  nic_host_t *h = a->h;
  nic_host_store_drain(h);
  while (kicks_done(a) - a->done_base != a->kicks) {
    if (nic_host_irq(h)) aotf_service(a);
    nic_host_wait(h, 4);
  }
}

void aotf_set_loopback(aotf_t *a, int on) {
  /* the send path must be empty: a packet already in the generator would otherwise be split
   * between the link and the internal loop */
  aotf_flush(a);
  nic_host_csr_write(a->h, NODE(CTRL), on ? 1u << AOTF_NODE_CTRL_LOOPBACK_LSB : 0u);
}

uint64_t aotf_probe(aotf_t *a, uint32_t addr, uint64_t data, unsigned len, uint32_t llcm_off) {
  unsigned lane = addr & 7u;
  uint8_t be = (uint8_t)(((1u << len) - 1u) << lane);
  uint64_t m = (len == 8 ? ~0ull : ((1ull << (8 * len)) - 1)) << (8 * lane);
  credit_wait(a);
  a->kicks++;
  return nic_host_probe(a->h, addr & ~7u, data << (8 * lane), be, llcm_off & ~7u, m, data << (8 * lane));
}
