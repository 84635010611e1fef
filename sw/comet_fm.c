// SPDX-License-Identifier: Apache-2.0
/* Comet-FM over VIPL. See comet_fm.h and docs/reference/vipl_fm.md. */
#include "comet_fm.h"
#include <stdlib.h>
#include <string.h>
#include "nic_pkg.h"

#define FM_MAGIC 0x464D4D46u
#define FM_RECV_BUF (FM_HDR_BYTES + FM_MAX_PAYLOAD) /* 1472 */
#define FM_HDR_OFF 384u                             /* header inside a send control slot */
#define FM_VI_SHIFT 14u /* FM header handler bits 15:14 = destination VI (rtl/comet_engine.v) */

struct comet_fm {
  uint32_t magic;
  VIP_NIC_HANDLE nic;
  VIP_VI_HANDLE vi;
  fm_config_t cfg;
  VIP_RETURN last_vip;
  /* control area: send slots (descriptor + FM header) then receive descriptors, 512 B each */
  VIP_VADDR ctrl_va, rbuf_va;
  VIP_MEM_HANDLE ctrl_mh, rbuf_mh;
  unsigned s_head, s_n; /* ring of outstanding send slots */
  fm_handle_t seq;
  unsigned r_head;      /* next receive slot to complete (engine completes in order) */
  struct {
    FM_handler fn;
    void *ctx;
  } h[FM_MAX_HANDLERS];
  struct {
    VIP_VADDR va;
    uint32_t len;
    VIP_MEM_HANDLE mh;
    int used;
  } reg[FM_MAX_REGIONS];
  uint8_t rx[FM_RECV_BUF];
  fm_stats_t st;
};

const char *FM_strerror(FM_RETURN r) {
  static const char *const n[] = {"FM_SUCCESS", "FM_BAD_PARAM", "FM_NOT_REGISTERED", "FM_NO_RESOURCE",
                                  "FM_TIMEOUT", "FM_SEND_ERROR", "FM_VIPL_ERROR", "FM_HW_ERROR"};
  return ((unsigned)r < sizeof n / sizeof n[0]) ? n[r] : "FM_?";
}

static int fm_ok(const comet_fm_t *f) { return f && f->magic == FM_MAGIC; }
static VIP_VADDR send_desc(const comet_fm_t *f, unsigned i) { return f->ctrl_va + (VIP_VADDR)i * VIPL_DESC_SLOT; }
static VIP_VADDR recv_desc(const comet_fm_t *f, unsigned i) {
  return f->ctrl_va + (VIP_VADDR)(FM_MAX_SEND_SLOTS + i) * VIPL_DESC_SLOT;
}
static VIP_VADDR recv_buf(const comet_fm_t *f, unsigned i) { return f->rbuf_va + (VIP_VADDR)i * FM_RECV_BUF; }

int FM_node(const comet_fm_t *f) { return fm_ok(f) ? f->cfg.node : -1; }
VIP_NIC_HANDLE FM_nic(const comet_fm_t *f) { return fm_ok(f) ? f->nic : NULL; }
VIP_RETURN FM_last_vip(const comet_fm_t *f) { return fm_ok(f) ? f->last_vip : VIP_INVALID_PARAMETER; }
unsigned FM_outstanding(const comet_fm_t *f) { return fm_ok(f) ? f->s_n : 0; }
void FM_stats(const comet_fm_t *f, fm_stats_t *st) {
  if (fm_ok(f) && st) *st = f->st;
}
void FM_set_idle_hook(comet_fm_t *f, void (*hook)(void *), void *ctx) {
  if (fm_ok(f)) vipl_set_idle_hook(f->nic, hook, ctx);
}

static FM_RETURN vip_fail(comet_fm_t *f, VIP_RETURN r) {
  f->last_vip = r;
  return FM_VIPL_ERROR;
}

/* ---- adapter configuration through the COMET block CSRs ---- */

static void put_own(comet_fm_t *f, const fm_node_addr_t *a) {
  const uint32_t b = CSR_BASE_COMET;
  vipl_csr_write(f->nic, b + CSR_COMET_TX_SRC_MAC_LO, (uint32_t)a->mac);
  vipl_csr_write(f->nic, b + CSR_COMET_TX_SRC_MAC_HI, (uint32_t)(a->mac >> 32) & 0xFFFFu);
  vipl_csr_write(f->nic, b + CSR_COMET_TX_SRC_IP, a->ip);
  vipl_csr_write(f->nic, b + CSR_COMET_TX_SRC_PORT, a->port);
  vipl_csr_write(f->nic, b + CSR_COMET_RX_MAC_LO, (uint32_t)a->mac);
  vipl_csr_write(f->nic, b + CSR_COMET_RX_MAC_HI, (uint32_t)(a->mac >> 32) & 0xFFFFu);
  vipl_csr_write(f->nic, b + CSR_COMET_RX_IP, a->ip);
  vipl_csr_write(f->nic, b + CSR_COMET_RX_PORT, a->port);
  vipl_csr_write(f->nic, b + CSR_COMET_RX_NODE, (uint32_t)f->cfg.node);
}

FM_RETURN FM_set_node(comet_fm_t *f, unsigned node, const fm_node_addr_t *a) {
  if (!fm_ok(f) || !a || node >= FM_MAX_NODES) return FM_BAD_PARAM;
  const uint32_t b = CSR_BASE_COMET;
  /* the order the datapath asks for: invalidate, data lanes, validate */
  vipl_csr_write(f->nic, b + CSR_COMET_TX_NT_IDX, node);
  vipl_csr_write(f->nic, b + CSR_COMET_TX_NT_VALID, 0);
  vipl_csr_write(f->nic, b + CSR_COMET_TX_NT_IP, a->ip);
  vipl_csr_write(f->nic, b + CSR_COMET_TX_NT_MAC_LO, (uint32_t)a->mac);
  vipl_csr_write(f->nic, b + CSR_COMET_TX_NT_MAC_HI,
                 (((uint32_t)(a->mac >> 32) & 0xFFFFu) << COMET_TX_NT_MAC_HI_MAC_LSB) |
                     ((uint32_t)a->port << COMET_TX_NT_MAC_HI_PORT_LSB));
  vipl_csr_write(f->nic, b + CSR_COMET_TX_NT_VALID, 1u << COMET_TX_NT_VALID_VALID_LSB);
  if (vipl_csr_read(f->nic, b + CSR_COMET_TX_NT_IP) != a->ip) return FM_HW_ERROR;
  if ((int)node == f->cfg.node) put_own(f, a);
  return FM_SUCCESS;
}

/* ---- set-up ---- */

static FM_RETURN post_recv(comet_fm_t *f, unsigned i) {
  VIP_RETURN r = VipPostRecv(f->vi, recv_desc(f, i), f->ctrl_mh);
  return r == VIP_SUCCESS ? FM_SUCCESS : vip_fail(f, r);
}

FM_RETURN FM_initialize(VIP_NIC_HANDLE nic, const fm_config_t *cfg, comet_fm_t **out) {
  if (!nic || !cfg || !out || !cfg->table || cfg->nnodes == 0 || cfg->nnodes > FM_MAX_NODES || cfg->node < 0 ||
      (unsigned)cfg->node >= cfg->nnodes || cfg->send_slots == 0 || cfg->send_slots > FM_MAX_SEND_SLOTS ||
      cfg->recv_bufs == 0 || cfg->recv_bufs > FM_MAX_RECV_BUFS)
    return FM_BAD_PARAM;
  *out = NULL;
  comet_fm_t *f = calloc(1, sizeof *f);
  if (!f) return FM_NO_RESOURCE;
  f->magic = FM_MAGIC;
  f->nic = nic;
  f->cfg = *cfg;
  FM_RETURN rc = FM_SUCCESS;
  VIP_RETURN r;
  /* the adapter's node table is swept to 0 after reset: wait until it is usable */
  unsigned tries = 0;
  while (vipl_csr_read(nic, CSR_BASE_COMET + CSR_COMET_TX_STATUS) & (1u << COMET_TX_STATUS_INIT_BUSY_LSB)) {
    if (++tries > 100000) {
      rc = FM_HW_ERROR;
      goto fail;
    }
    vipl_spend(nic, 16);
  }
  for (unsigned i = 0; i < cfg->nnodes; i++)
    if ((rc = FM_set_node(f, i, &cfg->table[i])) != FM_SUCCESS) goto fail;
  VIP_VI_ATTRIBUTES va = {VIP_SERVICE_UNRELIABLE, VIPL_MAX_TRANSFER, 0, 0, VIP_FALSE, VIP_FALSE};
  if ((r = VipCreateVi(nic, &va, NULL, NULL, &f->vi)) != VIP_SUCCESS) {
    rc = r == VIP_ERROR_RESOURCE ? FM_NO_RESOURCE : vip_fail(f, r);
    goto fail;
  }
  uint32_t ctrl_bytes = (FM_MAX_SEND_SLOTS + FM_MAX_RECV_BUFS) * VIPL_DESC_SLOT;
  uint32_t rbuf_bytes = cfg->recv_bufs * FM_RECV_BUF;
  if ((r = vipl_valloc(nic, ctrl_bytes, &f->ctrl_va)) != VIP_SUCCESS ||
      (r = VipRegisterMem(nic, f->ctrl_va, ctrl_bytes, NULL, &f->ctrl_mh)) != VIP_SUCCESS ||
      (r = vipl_valloc(nic, rbuf_bytes, &f->rbuf_va)) != VIP_SUCCESS ||
      (r = VipRegisterMem(nic, f->rbuf_va, rbuf_bytes, NULL, &f->rbuf_mh)) != VIP_SUCCESS) {
    rc = r == VIP_ERROR_RESOURCE ? FM_NO_RESOURCE : vip_fail(f, r);
    goto fail;
  }
  for (unsigned i = 0; i < cfg->recv_bufs; i++) {
    VIP_DESCRIPTOR d;
    memset(&d, 0, sizeof d);
    d.CS.SegCount = 1;
    d.DS[0].Data = recv_buf(f, i);
    d.DS[0].Handle = f->rbuf_mh;
    d.DS[0].Length = FM_RECV_BUF;
    if ((r = vipl_cbuf_setup(nic, recv_desc(f, i), f->ctrl_mh, &d, NULL)) != VIP_SUCCESS) {
      rc = vip_fail(f, r);
      goto fail;
    }
    if ((rc = post_recv(f, i)) != FM_SUCCESS) goto fail;
  }
  *out = f;
  return FM_SUCCESS;
fail:
  f->magic = 0;
  free(f); /* (a failed initialization leaks its VI / simulated memory; the NIC is unusable anyway) */
  return rc;
}

FM_RETURN FM_set_handler(comet_fm_t *f, unsigned id, FM_handler fn, void *ctx) {
  if (!fm_ok(f) || id >= FM_MAX_HANDLERS || !fn) return FM_BAD_PARAM;
  f->h[id].fn = fn;
  f->h[id].ctx = ctx;
  return FM_SUCCESS;
}
FM_RETURN FM_clear_handler(comet_fm_t *f, unsigned id) {
  if (!fm_ok(f) || id >= FM_MAX_HANDLERS) return FM_BAD_PARAM;
  f->h[id].fn = NULL;
  f->h[id].ctx = NULL;
  return FM_SUCCESS;
}

FM_RETURN FM_register(comet_fm_t *f, VIP_VADDR buf, uint32_t len) {
  if (!fm_ok(f) || len == 0) return FM_BAD_PARAM;
  unsigned i = 0;
  while (i < FM_MAX_REGIONS && f->reg[i].used) i++;
  if (i == FM_MAX_REGIONS) return FM_NO_RESOURCE;
  VIP_RETURN r = VipRegisterMem(f->nic, buf, len, NULL, &f->reg[i].mh);
  if (r == VIP_INVALID_PARAMETER) return FM_BAD_PARAM;
  if (r != VIP_SUCCESS) return r == VIP_ERROR_RESOURCE ? FM_NO_RESOURCE : vip_fail(f, r);
  f->reg[i].used = 1;
  f->reg[i].va = buf;
  f->reg[i].len = len;
  return FM_SUCCESS;
}

FM_RETURN FM_deregister(comet_fm_t *f, VIP_VADDR buf) {
  if (!fm_ok(f)) return FM_BAD_PARAM;
  for (unsigned i = 0; i < FM_MAX_REGIONS; i++) {
    if (!f->reg[i].used || f->reg[i].va != buf) continue;
    FM_RETURN w = f->s_n ? FM_wait(f) : FM_SUCCESS; /* the adapter may still read it */
    VIP_RETURN r = VipDeregisterMem(f->nic, buf, f->reg[i].mh);
    f->reg[i].used = 0;
    if (r != VIP_SUCCESS) return vip_fail(f, r);
    return w == FM_TIMEOUT ? w : FM_SUCCESS;
  }
  return FM_NOT_REGISTERED;
}

/* ---- send ---- */

/* complete the oldest outstanding send (blocking) */
static FM_RETURN reap_one(comet_fm_t *f) {
  VIP_VADDR d;
  VIP_RETURN r = VipSendWait(f->vi, f->cfg.timeout, &d);
  if (r == VIP_TIMEOUT) return FM_TIMEOUT;
  if (r != VIP_SUCCESS && r != VIP_DESCRIPTOR_ERROR) return vip_fail(f, r);
  f->s_head = (f->s_head + 1) % f->cfg.send_slots;
  f->s_n--;
  if (r == VIP_DESCRIPTOR_ERROR) {
    f->st.send_errors++;
    return FM_SEND_ERROR;
  }
  return FM_SUCCESS;
}

FM_RETURN FM_send_nw(comet_fm_t *f, unsigned dst, unsigned handler, VIP_VADDR buf, unsigned len, fm_handle_t *h) {
  if (!fm_ok(f) || dst >= FM_MAX_NODES || handler >= FM_MAX_HANDLERS || len == 0 || len > FM_MAX_PAYLOAD)
    return FM_BAD_PARAM;
  vipl_spend(f->nic, f->cfg.cost.send);
  int reg = -1;
  for (unsigned i = 0; i < FM_MAX_REGIONS; i++)
    if (f->reg[i].used && buf >= f->reg[i].va && buf + len <= f->reg[i].va + f->reg[i].len) reg = (int)i;
  if (reg < 0) return FM_NOT_REGISTERED;
  FM_RETURN err = FM_SUCCESS;
  while (f->s_n >= f->cfg.send_slots) { /* all slots busy: wait for the oldest */
    FM_RETURN e = reap_one(f);
    if (e == FM_TIMEOUT || e == FM_VIPL_ERROR) return e;
    if (e != FM_SUCCESS) err = e;
  }
  unsigned slot = (f->s_head + f->s_n) % f->cfg.send_slots;
  VIP_VADDR dva = send_desc(f, slot), hva = dva + FM_HDR_OFF;
  /* the receiving engine delivers to VI handler[15:14]: the FM VI (same number on every node) */
  unsigned vi_bits = vipl_vi_number(f->vi) << FM_VI_SHIFT;
  uint64_t hdr = ((uint64_t)dst << FM_HDR_DST_NODE_LSB) | ((uint64_t)(uint16_t)f->cfg.node << FM_HDR_SRC_NODE_LSB) |
                 ((uint64_t)(handler | vi_bits) << FM_HDR_HANDLER_LSB) | ((uint64_t)len << FM_HDR_LENGTH_LSB);
  uint8_t hb[FM_HDR_BYTES];
  for (unsigned i = 0; i < FM_HDR_BYTES; i++) hb[i] = (uint8_t)(hdr >> (8 * i)); /* little-endian */
  VIP_RETURN r = vipl_vwrite(f->nic, hva, hb, FM_HDR_BYTES);
  if (r != VIP_SUCCESS) return vip_fail(f, r);
  VIP_DESCRIPTOR d;
  memset(&d, 0, sizeof d);
  d.CS.SegCount = 2; /* FM header from the control slot + the payload straight from the user buffer */
  d.DS[0].Data = hva;
  d.DS[0].Handle = f->ctrl_mh;
  d.DS[0].Length = FM_HDR_BYTES;
  d.DS[1].Data = buf;
  d.DS[1].Handle = f->reg[reg].mh;
  d.DS[1].Length = len;
  unsigned ns = 0;
  if ((r = vipl_cbuf_setup(f->nic, dva, f->ctrl_mh, &d, &ns)) != VIP_SUCCESS) return vip_fail(f, r);
  if ((r = VipPostSend(f->vi, dva, f->ctrl_mh)) != VIP_SUCCESS) return vip_fail(f, r);
  if (ns > f->st.segs_per_send_max) f->st.segs_per_send_max = ns;
  f->s_n++;
  f->st.sent++;
  f->st.bytes_sent += len;
  if (h) *h = f->seq;
  f->seq++;
  return err;
}

FM_RETURN FM_wait(comet_fm_t *f) {
  if (!fm_ok(f)) return FM_BAD_PARAM;
  FM_RETURN err = FM_SUCCESS;
  while (f->s_n) {
    FM_RETURN e = reap_one(f);
    if (e == FM_TIMEOUT || e == FM_VIPL_ERROR) return e;
    if (e != FM_SUCCESS) err = e;
  }
  return err;
}

FM_RETURN FM_send(comet_fm_t *f, unsigned dst, unsigned handler, VIP_VADDR buf, unsigned len) {
  FM_RETURN e = FM_send_nw(f, dst, handler, buf, len, NULL);
  if (e != FM_SUCCESS && e != FM_SEND_ERROR) return e;
  FM_RETURN w = FM_wait(f); /* completes in order: this send is the last one */
  return w != FM_SUCCESS ? w : e;
}

/* ---- receive ---- */

unsigned FM_extract(comet_fm_t *f, unsigned max) {
  if (!fm_ok(f)) return 0;
  vipl_spend(f->nic, f->cfg.cost.extract);
  unsigned ran = 0;
  while (max == 0 || ran < max) {
    VIP_VADDR d;
    VIP_RETURN r = VipRecvDone(f->vi, &d);
    if (r == VIP_NOT_DONE) break;
    unsigned i = f->r_head;
    f->r_head = (f->r_head + 1) % f->cfg.recv_bufs;
    if (r != VIP_SUCCESS && r != VIP_DESCRIPTOR_ERROR) {
      f->last_vip = r;
      break;
    }
    VIP_CONTROL_SEGMENT cs;
    if (d != recv_desc(f, i) || vipl_desc_read(f->nic, d, &cs, NULL) != VIP_SUCCESS || r != VIP_SUCCESS ||
        cs.Length < FM_HDR_BYTES || cs.Length > FM_RECV_BUF) {
      f->st.rx_errors++;
    } else {
      vipl_vread(f->nic, recv_buf(f, i), f->rx, cs.Length); /* the CPU reads the message */
      uint64_t hdr = 0;
      for (unsigned k = 0; k < FM_HDR_BYTES; k++) hdr |= (uint64_t)f->rx[k] << (8 * k);
      unsigned dst = (unsigned)((hdr >> FM_HDR_DST_NODE_LSB) & 0xFFFFu);
      unsigned src = (unsigned)((hdr >> FM_HDR_SRC_NODE_LSB) & 0xFFFFu);
      unsigned hid = (unsigned)((hdr >> FM_HDR_HANDLER_LSB) & ((1u << FM_VI_SHIFT) - 1u));
      unsigned len = (unsigned)((hdr >> FM_HDR_LENGTH_LSB) & 0xFFFFu);
      vipl_spend(f->nic, f->cfg.cost.handler);
      if (dst != (unsigned)f->cfg.node || len + FM_HDR_BYTES != cs.Length) {
        f->st.rx_bad_header++;
      } else if (hid >= FM_MAX_HANDLERS || !f->h[hid].fn) {
        f->st.rx_no_handler++;
      } else {
        f->st.received++;
        f->st.bytes_received += len;
        ran++;
        f->h[hid].fn(f, f->h[hid].ctx, (int)src, f->rx + FM_HDR_BYTES, len);
      }
    }
    if (post_recv(f, i) != FM_SUCCESS) break; /* the buffer goes back to the adapter */
  }
  return ran;
}

FM_RETURN FM_finalize(comet_fm_t *f) {
  if (!fm_ok(f)) return FM_BAD_PARAM;
  FM_RETURN w = FM_wait(f);
  for (unsigned i = 0; i < FM_MAX_REGIONS; i++)
    if (f->reg[i].used) VipDeregisterMem(f->nic, f->reg[i].va, f->reg[i].mh);
  /* posted receive descriptors stay with the adapter; the VI and memory go with the NIC */
  f->magic = 0;
  free(f);
  return w;
}
