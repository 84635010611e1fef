// SPDX-License-Identifier: Apache-2.0
/* The Comet-FM interop exchange between a simulated Comet node (sw/comet_tap.c, Comet-FM on the
 * simulated engine) and a Linux program using the kernel's UDP sockets (sw/fm_udp_peer.c):
 * FM node numbers, handler ids, the message schedule and payload pattern both sides compute,
 * and the credit protocol that paces both directions (docs/guide/interop.md).
 *
 * Every FM message is one UDP datagram: the 8-byte FM header (formats/fm_header.csv, fields
 * little-endian: dst_node, src_node, handler, length) followed by `length` payload bytes.
 * handler[15:14] carries the receiving engine's VI (rtl/comet_engine.v), handler[13:0] the id.
 *
 * Handlers:
 *   FMI_H_DATA    data message number seq of a direction: length fmi_len(dir, seq, min_len),
 *                 payload byte i = fmi_byte(dir, seq, len, i); sent in order
 *   FMI_H_CREDIT  8 bytes: u32 data messages of the other direction consumed so far, u32 0
 *   FMI_H_BYE     the Linux peer's last message, FMI_BYE_WORDS u32 words (below)
 *   FMI_H_ECHO    any payload: the node sends it back to FM node 1 with the same handler
 * Credit protocol: a sender keeps at most FMI_WINDOW data messages sent and not yet credited;
 * a receiver credits after every FMI_CREDIT_EVERY data messages it consumed and after the last.
 * The peer opens with a credit message of value 0 (its socket is bound); the node sends no data
 * before it has a credit message, so nothing reaches the kernel before the peer listens.
 * Comet-FM has no flow control of its own: a message arriving with no receive descriptor
 * posted is dropped by the engine (16 posted). With this window at most FMI_WINDOW data plus
 * FMI_WINDOW / FMI_CREDIT_EVERY + 1 credit messages are in flight towards either side. */
#ifndef FM_INTEROP_H
#define FM_INTEROP_H
#include <stdint.h>

#define FMI_NODE_SIM 0u  /* FM node number of the simulated node (its RX_NODE) */
#define FMI_NODE_PEER 1u /* FM node number of the Linux peer */
#define FMI_H_DATA 1u
#define FMI_H_CREDIT 2u
#define FMI_H_BYE 3u
#define FMI_H_ECHO 4u /* comet_tap --echo (and always): the node sends the message back unchanged */
#define FMI_WINDOW 8u
#define FMI_CREDIT_EVERY 4u
#define FMI_MAX_PAYLOAD 1464u
#define FMI_DIR_TO_SIM 0u  /* data sent by the Linux peer */
#define FMI_DIR_TO_PEER 1u /* data sent by the simulated node */

/* default addresses (docs/guide/interop.md): 192.0.2.0/24, RFC 5737 TEST-NET-1 */
#define FMI_PEER_IP 0xC0000201u /* 192.0.2.1: the TAP interface on the Linux side */
#define FMI_SIM_IP 0xC0000202u  /* 192.0.2.2: the simulated node */
#define FMI_SIM_PORT 19779u
#define FMI_PEER_PORT 19780u
#define FMI_SIM_MAC 0x020000C00002ull /* 02:00:00:c0:00:02 */

/* BYE payload: u32 little-endian words */
enum {
  FMI_BYE_FM_SENT = 0, /* FM messages the peer sent to the node, this BYE included */
  FMI_BYE_NOISE_PROTO, /* frames sent on purpose that the engine must drop, by expected reason: */
  FMI_BYE_NOISE_PORT,  /*   ICMP echo (PROTO), UDP to another port (PORT), UDP broadcast */
  FMI_BYE_NOISE_IPDST, /*   (IPDST), bad FM header (FM), IPv4 multicast (MAC) */
  FMI_BYE_NOISE_FM,
  FMI_BYE_NOISE_MAC,
  FMI_BYE_WORDS
};

static inline uint32_t fmi_mix(uint32_t x) {
  x ^= x >> 16;
  x *= 0x7FEB352Du;
  x ^= x >> 15;
  x *= 0x846CA68Bu;
  x ^= x >> 16;
  return x;
}
/* payload length of data message seq of direction dir: the first messages take the edge sizes
 * (min, min+1, 1463, 1464, 8, 9, 10), then pseudo-random sizes in min..1464 */
static inline unsigned fmi_len(unsigned dir, uint32_t seq, unsigned min_len) {
  static const unsigned edge[] = {0, 1, 1463, 1464, 8, 9, 10};
  unsigned span = FMI_MAX_PAYLOAD + 1u - min_len;
  if (seq < sizeof edge / sizeof edge[0]) {
    unsigned e = edge[seq] + (seq < 2 ? min_len : 0u);
    return e < min_len ? min_len : e;
  }
  return min_len + fmi_mix(seq * 2654435761u ^ (dir + 1u) * 0x9E3779B9u) % span;
}
static inline uint8_t fmi_byte(unsigned dir, uint32_t seq, unsigned len, unsigned i) {
  return (uint8_t)fmi_mix((dir << 31) ^ seq * 0x85EBCA77u ^ len * 0xC2B2AE3Du ^ i * 0x27D4EB2Fu);
}
static inline void fmi_put32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static inline uint32_t fmi_get32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
#endif
