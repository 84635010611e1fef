// SPDX-License-Identifier: Apache-2.0
/* Reference Comet-FM frame builder / checker, written independently of the cycle models
 * (byte arrays, zlib crc32, RFC 1071 checksum). Used by the benches as the scoreboard and by
 * software (VIPL / Comet-FM libraries) to build and parse frames. */
#ifndef COMET_FRAME_H
#define COMET_FRAME_H
#include <stddef.h>
#include <stdint.h>

#define COMET_HDR_BYTES 42u     /* Ethernet 14 + IPv4 20 + UDP 8 */
#define COMET_FM_HDR_BYTES 8u
#define COMET_MAX_LEN 1464u     /* FM payload bytes for a 1500-byte IP MTU */
#define COMET_MAX_FRAME 1518u   /* incl. FCS */
#define COMET_MIN_FRAME 64u     /* incl. FCS */

/* TX status codes (tx_status_code_o) */
enum { COMET_TX_OK = 0, COMET_TX_ERR_NODE = 1, COMET_TX_ERR_ZERO = 2, COMET_TX_ERR_LEN = 3,
       COMET_TX_ERR_OVERSIZE = 4 };
/* RX status codes (rx_status_code_o); priority when several apply: RUNT, GIANT, FCS, MAC, TYPE
 * (EtherType != 0x0800), then the IPv4 checks TRUNC, IPHDR, IPLEN, PROTO, IPDST, PORT, UDPLEN,
 * UDPCSUM, FM */
enum { COMET_RX_OK = 0, COMET_RX_FCS = 1, COMET_RX_RUNT = 2, COMET_RX_GIANT = 3, COMET_RX_TRUNC = 4,
       COMET_RX_MAC = 5, COMET_RX_TYPE = 6, COMET_RX_IPHDR = 7, COMET_RX_IPLEN = 8,
       COMET_RX_PROTO = 9, COMET_RX_IPDST = 10, COMET_RX_PORT = 11, COMET_RX_UDPLEN = 12,
       COMET_RX_UDPCSUM = 13, COMET_RX_FM = 14, COMET_RX_NCODES = 15 };

/* EtherType class of a TYPE drop (RX_TYPE_* counters) */
enum { COMET_ETH_ARP = 0, COMET_ETH_VLAN = 1, COMET_ETH_IPV6 = 2, COMET_ETH_OTHER = 3 };

typedef struct {
  uint64_t dmac, smac;     /* 48-bit, aa:bb:.. = 0xaabb.. */
  uint32_t sip, dip;
  uint16_t sport, dport, ipid;
  int csum_en;
} comet_frame_cfg_t;

typedef struct {
  uint64_t mac;
  uint32_t ip;
  uint16_t port, node;
  int bcast_en;
} comet_frame_rxcfg_t;

/* RFC 1071 one's-complement sum of n bytes (big-endian 16-bit words, odd byte padded) added
 * to sum; returns the unfolded 32-bit sum */
uint32_t comet_sum16(const uint8_t *p, size_t n, uint32_t sum);
uint16_t comet_fold16(uint32_t sum);
/* build the frame for FM message msg[0..msglen) (FM header included); returns frame bytes
 * including padding and FCS. out must hold COMET_MAX_FRAME + 64 bytes. */
size_t comet_frame_build(uint8_t *out, const comet_frame_cfg_t *c, const uint8_t *msg, size_t msglen);
/* recompute the IPv4 header checksum / UDP checksum (if the field is non-zero or force) / FCS
 * of a frame in place (used to build mutated frames with correct checksums) */
void comet_frame_fix_ipcsum(uint8_t *f, size_t n);
void comet_frame_fix_udpcsum(uint8_t *f, size_t n);
void comet_frame_fix_fcs(uint8_t *f, size_t n);
/* RX reference check: returns a COMET_RX_* code; on OK sets msg_off and msg_len */
int comet_frame_check(const uint8_t *f, size_t n, const comet_frame_rxcfg_t *c, size_t *msg_off,
                      size_t *msg_len);
/* EtherType class (COMET_ETH_*) of a frame of at least 14 bytes */
int comet_frame_ethclass(const uint8_t *f);
/* 1 if the frame's ARP body is a request (htype 1, ptype 0x0800, hlen 6, plen 4, oper 1) for
 * target IP ip; then *sha / *spa = the sender's MAC / IP (the frame checks are not repeated) */
int comet_frame_arp_request(const uint8_t *f, size_t n, uint32_t ip, uint64_t *sha, uint32_t *spa);
/* build an ARP frame (Ethernet II, 60 bytes zero padded + FCS = COMET_MIN_FRAME bytes; the
 * reply of a responder with MAC m / IP i to sha / spa is dmac = sha, smac = m, oper 2, sha = m,
 * spa = i, tha = sha, tpa = spa) */
size_t comet_frame_arp_build(uint8_t *out, uint64_t dmac, uint64_t smac, unsigned oper, uint64_t sha,
                             uint32_t spa, uint64_t tha, uint32_t tpa);
#endif
