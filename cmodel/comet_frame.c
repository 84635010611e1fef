// SPDX-License-Identifier: Apache-2.0
#include "comet_frame.h"
#include <string.h>
#include <zlib.h>

uint32_t comet_sum16(const uint8_t *p, size_t n, uint32_t sum) {
  for (size_t i = 0; i + 1 < n; i += 2) sum += (uint32_t)(p[i] << 8 | p[i + 1]);
  if (n & 1) sum += (uint32_t)p[n - 1] << 8;
  return sum;
}

uint16_t comet_fold16(uint32_t sum) {
  while (sum >> 16) sum = (sum & 0xFFFF) + (sum >> 16);
  return (uint16_t)sum;
}

static void put16(uint8_t *p, unsigned v) { p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; }
static unsigned get16(const uint8_t *p) { return (unsigned)(p[0] << 8 | p[1]); }
static uint32_t get32(const uint8_t *p) { return (uint32_t)get16(p) << 16 | get16(p + 2); }
static void putmac(uint8_t *p, uint64_t m) { for (int i = 0; i < 6; i++) p[i] = (uint8_t)(m >> (40 - 8 * i)); }
static uint64_t getmac(const uint8_t *p) { uint64_t m = 0; for (int i = 0; i < 6; i++) m = m << 8 | p[i]; return m; }

void comet_frame_fix_ipcsum(uint8_t *f, size_t n) {
  if (n < 34) return;
  put16(f + 24, 0);
  put16(f + 24, (uint16_t)~comet_fold16(comet_sum16(f + 14, 20, 0)));
}

static uint16_t udp_csum(const uint8_t *f, size_t ulen) {
  uint32_t s = comet_sum16(f + 26, 8, 0); /* src + dst IP */
  s += 17 + (uint32_t)ulen;
  s = comet_sum16(f + 34, ulen, s);
  uint16_t c = (uint16_t)~comet_fold16(s);
  return c ? c : 0xFFFF;
}

void comet_frame_fix_udpcsum(uint8_t *f, size_t n) {
  if (n < 42) return;
  size_t ulen = get16(f + 38);
  if (34 + ulen > n) return;
  put16(f + 40, 0);
  put16(f + 40, udp_csum(f, ulen));
}

void comet_frame_fix_fcs(uint8_t *f, size_t n) {
  if (n < 4) return;
  uint32_t c = (uint32_t)crc32(0, f, (uInt)(n - 4));
  for (int i = 0; i < 4; i++) f[n - 4 + i] = (uint8_t)(c >> (8 * i));
}

size_t comet_frame_build(uint8_t *f, const comet_frame_cfg_t *c, const uint8_t *msg, size_t msglen) {
  size_t dlen = COMET_HDR_BYTES + msglen, flen = dlen < 60 ? 60 : dlen;
  memset(f, 0, flen + 4);
  putmac(f, c->dmac);
  putmac(f + 6, c->smac);
  put16(f + 12, 0x0800);
  f[14] = 0x45;
  f[15] = 0;
  put16(f + 16, (unsigned)(28 + msglen));
  put16(f + 18, c->ipid);
  put16(f + 20, 0x4000); /* DF */
  f[22] = 64;
  f[23] = 17;
  put16(f + 26, c->sip >> 16); put16(f + 28, c->sip & 0xFFFF);
  put16(f + 30, c->dip >> 16); put16(f + 32, c->dip & 0xFFFF);
  comet_frame_fix_ipcsum(f, flen);
  put16(f + 34, c->sport);
  put16(f + 36, c->dport);
  put16(f + 38, (unsigned)(8 + msglen));
  memcpy(f + 42, msg, msglen);
  put16(f + 40, c->csum_en ? udp_csum(f, 8 + msglen) : 0);
  comet_frame_fix_fcs(f, flen + 4);
  return flen + 4;
}

int comet_frame_check(const uint8_t *f, size_t n, const comet_frame_rxcfg_t *c, size_t *msg_off,
                      size_t *msg_len) {
  if (n < COMET_MIN_FRAME) return COMET_RX_RUNT;
  if (n > COMET_MAX_FRAME) return COMET_RX_GIANT;
  if ((uint32_t)crc32(0, f, (uInt)n) != 0x2144DF1Cu) return COMET_RX_FCS;
  uint64_t dmac = getmac(f);
  if (dmac != c->mac && !(c->bcast_en && dmac == 0xFFFFFFFFFFFFull)) return COMET_RX_MAC;
  if (get16(f + 12) != 0x0800) return COMET_RX_TYPE;
  size_t tl = get16(f + 16);
  if (14 + tl + 4 > n) return COMET_RX_TRUNC;
  if (f[14] != 0x45 || comet_fold16(comet_sum16(f + 14, 20, 0)) != 0xFFFF ||
      (get16(f + 20) & 0x3FFF) != 0)
    return COMET_RX_IPHDR;
  size_t need = 14 + tl + 4 < 64 ? 64 : 14 + tl + 4;
  if (n != need) return COMET_RX_IPLEN;
  if (f[23] != 17) return COMET_RX_PROTO;
  if (get32(f + 30) != c->ip) return COMET_RX_IPDST;
  if (get16(f + 36) != c->port) return COMET_RX_PORT;
  size_t ulen = get16(f + 38);
  if (ulen + 20 != tl || ulen < 17) return COMET_RX_UDPLEN;
  if (get16(f + 40) != 0) {
    uint32_t s = comet_sum16(f + 26, 8, 0) + 17 + (uint32_t)ulen;
    s = comet_sum16(f + 34, ulen, s);
    if (comet_fold16(s) != 0xFFFF) return COMET_RX_UDPCSUM;
  }
  unsigned node = f[42] | f[43] << 8, len = f[48] | f[49] << 8;
  if (len + 16 != ulen || node != c->node) return COMET_RX_FM;
  *msg_off = 42;
  *msg_len = ulen - 8;
  return COMET_RX_OK;
}

int comet_frame_ethclass(const uint8_t *f) {
  unsigned t = get16(f + 12);
  return t == 0x0806 ? COMET_ETH_ARP : (t == 0x8100 || t == 0x88A8) ? COMET_ETH_VLAN :
         t == 0x86DD ? COMET_ETH_IPV6 : COMET_ETH_OTHER;
}

int comet_frame_arp_request(const uint8_t *f, size_t n, uint32_t ip, uint64_t *sha, uint32_t *spa) {
  if (n < 42 || get16(f + 12) != 0x0806) return 0;
  if (get16(f + 14) != 1 || get16(f + 16) != 0x0800 || f[18] != 6 || f[19] != 4 || get16(f + 20) != 1)
    return 0;
  if (get32(f + 38) != ip) return 0;
  *sha = getmac(f + 22);
  *spa = get32(f + 28);
  return 1;
}

size_t comet_frame_arp_build(uint8_t *f, uint64_t dmac, uint64_t smac, unsigned oper, uint64_t sha,
                             uint32_t spa, uint64_t tha, uint32_t tpa) {
  memset(f, 0, COMET_MIN_FRAME);
  putmac(f, dmac);
  putmac(f + 6, smac);
  put16(f + 12, 0x0806);
  put16(f + 14, 1);
  put16(f + 16, 0x0800);
  f[18] = 6;
  f[19] = 4;
  put16(f + 20, oper);
  putmac(f + 22, sha);
  put16(f + 28, spa >> 16); put16(f + 30, spa & 0xFFFF);
  putmac(f + 32, tha);
  put16(f + 38, tpa >> 16); put16(f + 40, tpa & 0xFFFF);
  comet_frame_fix_fcs(f, COMET_MIN_FRAME);
  return COMET_MIN_FRAME;
}
