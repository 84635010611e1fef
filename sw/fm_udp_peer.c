// SPDX-License-Identifier: Apache-2.0
/* fm_udp_peer: a Linux program that speaks Comet-FM over ordinary UDP sockets (the kernel's
 * IPv4 / UDP stack) to a Comet node, here the simulated one of sw/comet_tap.c behind a TAP
 * (docs/guide/interop.md).
 *   fm_udp_peer [--node IP:PORT] [--local IP:PORT] [--count N] [--min-len 0|1] [--vi V]
 *               [--noise] [--corrupt K] [--timeout S] [--stall S]
 * Defaults: node 192.0.2.2:19779, local 192.0.2.1:19780, 500 data messages each way, VI 0.
 * Every datagram is one FM message: the 8-byte FM header (formats/fm_header.csv: dst_node,
 * src_node, handler, length, little-endian) and the payload. The exchange, the payload pattern
 * and the credit protocol are those of sw/fm_interop.h: this program is FM node 1, the node is
 * FM node 0; data messages go both ways at once, each direction at most FMI_WINDOW data
 * messages ahead of its credits; every message from the node is checked (header, length, every
 * byte, order). At the end it sends a BYE message with the number of FM messages it sent and
 * the numbers of frames it sent on purpose that the node must drop.
 *   --noise      before the exchange: an ICMP echo request to the node (raw socket), a UDP
 *                datagram to another port of the node, a UDP broadcast to 192.0.2.255 carrying
 *                a valid FM message for the node, two datagrams with a bad FM header (length,
 *                dst_node), an IPv4 multicast datagram and a datagram to 192.0.2.3 (an ARP
 *                request for another host)
 *   --corrupt K  flip one payload byte of data message K (the negative test: the node's check
 *                must fail)
 *   --timeout S  give up after S seconds (default 60); --stall S: after S seconds without a
 *                message from the node (default 10); a send error ends the exchange at once
 * Exit status 0 when every message arrived byte-exact and in order and every message sent was
 * credited; 1 otherwise; 2 on a usage or socket error. */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/ip_icmp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include "fm_interop.h"
#include "nic_pkg.h"

#define PEER_BUF 2048

typedef struct {
  int s; /* the FM socket, bound to local, connected to the node */
  struct sockaddr_in node, local;
  unsigned count, min_len, vi;
  long corrupt;
  uint32_t tx_seq, tx_credit, rx_seq, rx_bad, credit_sent, rx_credits, proto_err;
  uint64_t tx_bytes, rx_bytes, fm_sent;
  uint32_t noise[FMI_BYE_WORDS];
} peer_t;

static double wall_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int parse_addr(const char *s, struct sockaddr_in *a) {
  char ip[64];
  const char *c = strchr(s, ':');
  if (!c || (size_t)(c - s) >= sizeof ip) return -1;
  memcpy(ip, s, (size_t)(c - s));
  ip[c - s] = 0;
  memset(a, 0, sizeof *a);
  a->sin_family = AF_INET;
  a->sin_port = htons((uint16_t)atoi(c + 1));
  return inet_pton(AF_INET, ip, &a->sin_addr) == 1 ? 0 : -1;
}

/* FM header: dst_node, src_node, handler, length (formats/fm_header.csv), little-endian */
static void put_hdr(uint8_t *p, unsigned dst, unsigned src, unsigned handler, unsigned len) {
  uint64_t h = (uint64_t)dst << FM_HDR_DST_NODE_LSB | (uint64_t)src << FM_HDR_SRC_NODE_LSB |
               (uint64_t)handler << FM_HDR_HANDLER_LSB | (uint64_t)len << FM_HDR_LENGTH_LSB;
  for (int i = 0; i < 8; i++) p[i] = (uint8_t)(h >> (8 * i));
}

static int send_fm(peer_t *p, unsigned id, const uint8_t *pl, unsigned len) {
  uint8_t b[PEER_BUF];
  put_hdr(b, FMI_NODE_SIM, FMI_NODE_PEER, p->vi << 14 | id, len);
  memcpy(b + 8, pl, len);
  if (send(p->s, b, 8 + len, 0) != (ssize_t)(8 + len)) {
    fprintf(stderr, "fm_udp_peer: send: %s\n", strerror(errno));
    return -1;
  }
  p->fm_sent++;
  return 0;
}

/* frames the node must drop, each counted under the reason comet_rx gives it */
static void noise(peer_t *p) {
  uint8_t b[64];
  int u = socket(AF_INET, SOCK_DGRAM, 0), one = 1;
  struct sockaddr_in a = p->node;
  /* ICMP echo request to the node: IP protocol 1 (PROTO) */
  int r = socket(AF_INET, SOCK_RAW, IPPROTO_ICMP);
  if (r >= 0) {
    struct icmphdr ic;
    memset(&ic, 0, sizeof ic);
    ic.type = ICMP_ECHO;
    ic.un.echo.id = htons(0x4346);
    ic.un.echo.sequence = htons(1);
    uint32_t sum = 0;
    const uint16_t *w = (const uint16_t *)&ic;
    for (size_t i = 0; i < sizeof ic / 2; i++) sum += w[i];
    while (sum >> 16) sum = (sum & 0xFFFF) + (sum >> 16);
    ic.checksum = (uint16_t)~sum;
    struct sockaddr_in ia = p->node;
    ia.sin_port = 0;
    if (sendto(r, &ic, sizeof ic, 0, (struct sockaddr *)&ia, sizeof ia) == (ssize_t)sizeof ic)
      p->noise[FMI_BYE_NOISE_PROTO]++;
    else
      fprintf(stderr, "fm_udp_peer: ICMP echo: %s\n", strerror(errno));
    close(r);
  } else {
    fprintf(stderr, "fm_udp_peer: raw ICMP socket: %s\n", strerror(errno));
  }
  if (u < 0) return;
  /* a valid FM message to another UDP port of the node (PORT) */
  put_hdr(b, FMI_NODE_SIM, FMI_NODE_PEER, p->vi << 14 | FMI_H_DATA, 16);
  memset(b + 8, 0xA5, 16);
  a.sin_port = htons((uint16_t)(ntohs(p->node.sin_port) + 1));
  if (sendto(u, b, 24, 0, (struct sockaddr *)&a, sizeof a) == 24) p->noise[FMI_BYE_NOISE_PORT]++;
  /* the same to the subnet's broadcast address: Ethernet broadcast, IPv4 destination not the node's (IPDST) */
  setsockopt(u, SOL_SOCKET, SO_BROADCAST, &one, sizeof one);
  a = p->node;
  a.sin_addr.s_addr = (p->node.sin_addr.s_addr & htonl(0xFFFFFF00u)) | htonl(0xFF);
  if (sendto(u, b, 24, 0, (struct sockaddr *)&a, sizeof a) == 24)
    p->noise[FMI_BYE_NOISE_IPDST]++;
  else
    fprintf(stderr, "fm_udp_peer: broadcast: %s\n", strerror(errno));
  /* bad FM headers on the FM socket (FM): a length that is not the payload's, another dst_node */
  put_hdr(b, FMI_NODE_SIM, FMI_NODE_PEER, p->vi << 14 | FMI_H_DATA, 17);
  if (send(p->s, b, 24, 0) == 24) p->noise[FMI_BYE_NOISE_FM]++;
  put_hdr(b, 7, FMI_NODE_PEER, p->vi << 14 | FMI_H_DATA, 16);
  if (send(p->s, b, 24, 0) == 24) p->noise[FMI_BYE_NOISE_FM]++;
  /* IPv4 multicast out of the local interface: a group MAC, not the node's (MAC) */
  struct in_addr ifa = p->local.sin_addr;
  setsockopt(u, IPPROTO_IP, IP_MULTICAST_IF, &ifa, sizeof ifa);
  a = p->node;
  inet_pton(AF_INET, "224.0.0.251", &a.sin_addr);
  if (sendto(u, b, 24, 0, (struct sockaddr *)&a, sizeof a) == 24)
    p->noise[FMI_BYE_NOISE_MAC]++;
  else
    fprintf(stderr, "fm_udp_peer: multicast: %s\n", strerror(errno));
  /* a host of the subnet that does not exist: the kernel broadcasts ARP requests for it */
  a = p->node;
  a.sin_addr.s_addr = (p->node.sin_addr.s_addr & htonl(0xFFFFFF00u)) | htonl(3);
  if (sendto(u, b, 24, 0, (struct sockaddr *)&a, sizeof a) != 24)
    fprintf(stderr, "fm_udp_peer: datagram to another host: %s\n", strerror(errno));
  close(u);
  printf("fm_udp_peer: noise sent: ICMP echo %u, other port %u, broadcast %u, bad FM header %u, multicast %u, "
         "ARP for another host 1\n",
         p->noise[FMI_BYE_NOISE_PROTO], p->noise[FMI_BYE_NOISE_PORT], p->noise[FMI_BYE_NOISE_IPDST],
         p->noise[FMI_BYE_NOISE_FM], p->noise[FMI_BYE_NOISE_MAC]);
}

/* one datagram from the node */
static void receive(peer_t *p, const uint8_t *b, size_t n) {
  uint64_t h = 0;
  for (int i = 0; i < 8 && (size_t)i < n; i++) h |= (uint64_t)b[i] << (8 * i);
  unsigned dst = (unsigned)(h >> FM_HDR_DST_NODE_LSB & 0xFFFF), src = (unsigned)(h >> FM_HDR_SRC_NODE_LSB & 0xFFFF);
  unsigned id = (unsigned)(h >> FM_HDR_HANDLER_LSB & 0x3FFF), len = (unsigned)(h >> FM_HDR_LENGTH_LSB & 0xFFFF);
  if (n < 8 || dst != FMI_NODE_PEER || src != FMI_NODE_SIM || len != n - 8) {
    if (p->proto_err++ < 5)
      fprintf(stderr, "fm_udp_peer: bad FM header (%zu bytes: dst %u src %u length %u)\n", n, dst, src, len);
    return;
  }
  const uint8_t *pl = b + 8;
  if (id == FMI_H_DATA) {
    uint32_t seq = p->rx_seq;
    unsigned want = fmi_len(FMI_DIR_TO_PEER, seq, p->min_len), at = 0;
    int bad = len != want || seq >= p->count;
    for (unsigned i = 0; !bad && i < len; i++)
      if (pl[i] != fmi_byte(FMI_DIR_TO_PEER, seq, len, i)) {
        bad = 1;
        at = i;
      }
    if (bad && p->rx_bad++ < 5)
      fprintf(stderr, "fm_udp_peer: data message %u wrong: %u bytes (want %u), first bad byte %u\n", seq, len, want, at);
    p->rx_seq++;
    p->rx_bytes += len;
  } else if (id == FMI_H_CREDIT && len == 8 && fmi_get32(pl) >= p->tx_credit && fmi_get32(pl) <= p->tx_seq) {
    p->tx_credit = fmi_get32(pl);
    p->rx_credits++;
  } else if (p->proto_err++ < 5) {
    fprintf(stderr, "fm_udp_peer: unexpected message: handler %u, %u bytes\n", id, len);
  }
}

int main(int argc, char **argv) {
  static peer_t p;
  const char *node_s = "192.0.2.2:19779", *local_s = "192.0.2.1:19780";
  double timeout_s = 60, stall_s = 10;
  int do_noise = 0;
  p.count = 500;
  p.min_len = 1;
  p.corrupt = -1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--node") && v) node_s = argv[++i];
    else if (!strcmp(a, "--local") && v) local_s = argv[++i];
    else if (!strcmp(a, "--count") && v) p.count = (unsigned)strtoul(argv[++i], NULL, 0);
    else if (!strcmp(a, "--min-len") && v) p.min_len = (unsigned)strtoul(argv[++i], NULL, 0);
    else if (!strcmp(a, "--vi") && v) p.vi = (unsigned)strtoul(argv[++i], NULL, 0) & 3u;
    else if (!strcmp(a, "--corrupt") && v) p.corrupt = strtol(argv[++i], NULL, 0);
    else if (!strcmp(a, "--timeout") && v) timeout_s = atof(argv[++i]);
    else if (!strcmp(a, "--stall") && v) stall_s = atof(argv[++i]);
    else if (!strcmp(a, "--noise")) do_noise = 1;
    else {
      fprintf(stderr,
              "usage: %s [--node IP:PORT] [--local IP:PORT] [--count N] [--min-len 0|1] [--vi V] [--noise] "
              "[--corrupt K] [--timeout S] [--stall S]\n",
              argv[0]);
      return 2;
    }
  }
  if (parse_addr(node_s, &p.node) || parse_addr(local_s, &p.local) || p.count == 0 || p.min_len > 1) {
    fprintf(stderr, "fm_udp_peer: bad --node / --local address, --count or --min-len\n");
    return 2;
  }
  p.s = socket(AF_INET, SOCK_DGRAM, 0);
  int big = 4 << 20;
  if (p.s < 0 || bind(p.s, (struct sockaddr *)&p.local, sizeof p.local) ||
      connect(p.s, (struct sockaddr *)&p.node, sizeof p.node)) {
    fprintf(stderr, "fm_udp_peer: socket %s -> %s: %s\n", local_s, node_s, strerror(errno));
    return 2;
  }
  if (setsockopt(p.s, SOL_SOCKET, SO_RCVBUFFORCE, &big, sizeof big)) setsockopt(p.s, SOL_SOCKET, SO_RCVBUF, &big, sizeof big);
  double w0 = wall_now();
  if (do_noise) noise(&p);
  uint8_t pl[FMI_MAX_PAYLOAD], rb[PEER_BUF];
  int fail = 0, timed_out = 0;
  uint8_t c0[8] = {0}; /* credit 0: the socket is ready, the node may start sending */
  if (send_fm(&p, FMI_H_CREDIT, c0, 8)) fail = 1;
  double last = wall_now(); /* the last message from the node */
  while (!fail && !(p.rx_seq >= p.count && p.credit_sent >= p.count && p.tx_credit >= p.count)) {
    if (wall_now() - w0 > timeout_s || wall_now() - last > stall_s) {
      timed_out = 1;
      break;
    }
    /* data, within the node's credits */
    while (p.tx_seq < p.count && p.tx_seq - p.tx_credit < FMI_WINDOW) {
      unsigned len = fmi_len(FMI_DIR_TO_SIM, p.tx_seq, p.min_len);
      for (unsigned i = 0; i < len; i++) pl[i] = fmi_byte(FMI_DIR_TO_SIM, p.tx_seq, len, i);
      if ((long)p.tx_seq == p.corrupt && len) pl[len / 2] ^= 0x5A;
      if (send_fm(&p, FMI_H_DATA, pl, len)) fail = 1;
      p.tx_seq++;
      p.tx_bytes += len;
    }
    struct pollfd pf = {p.s, POLLIN, 0};
    if (poll(&pf, 1, 50) <= 0) continue;
    for (;;) {
      ssize_t n = recv(p.s, rb, sizeof rb, MSG_DONTWAIT);
      if (n < 0) {
        if (errno != EAGAIN && errno != EWOULDBLOCK) {
          fprintf(stderr, "fm_udp_peer: recv: %s\n", strerror(errno));
          fail = 1;
        }
        break;
      }
      receive(&p, rb, (size_t)n);
      last = wall_now();
    }
    /* credits for the node's data */
    if (p.rx_seq - p.credit_sent >= FMI_CREDIT_EVERY || (p.rx_seq >= p.count && p.credit_sent < p.rx_seq)) {
      uint8_t c[8] = {0};
      fmi_put32(c, p.rx_seq);
      if (send_fm(&p, FMI_H_CREDIT, c, 8)) fail = 1;
      p.credit_sent = p.rx_seq;
    }
  }
  /* BYE: the FM messages sent (this one included) and the frames sent on purpose to be dropped */
  uint8_t bye[4 * FMI_BYE_WORDS];
  p.noise[FMI_BYE_FM_SENT] = (uint32_t)p.fm_sent + 1;
  for (unsigned i = 0; i < FMI_BYE_WORDS; i++) fmi_put32(bye + 4 * i, p.noise[i]);
  if (send_fm(&p, FMI_H_BYE, bye, sizeof bye)) fail = 1;
  double wall = wall_now() - w0;
  if (timed_out)
    fprintf(stderr,
            "fm_udp_peer: FAIL wall-clock timeout after %.1f s, %.1f s after the last message from the node (data "
            "received %u/%u, sent %u, credited %u)\n",
            wall, wall_now() - last, p.rx_seq, p.count, p.tx_seq, p.tx_credit);
  if (p.rx_seq != p.count || p.rx_bad || p.proto_err || p.tx_credit != p.count) fail = 1;
  printf("fm_udp_peer: sent %u data (%llu bytes), received %u data (%llu bytes), %u wrong, credits received %u, "
         "bad messages %u, FM messages sent %llu, wall=%.2fs result=%s\n",
         p.tx_seq, (unsigned long long)p.tx_bytes, p.rx_seq, (unsigned long long)p.rx_bytes, p.rx_bad, p.rx_credits,
         p.proto_err, (unsigned long long)p.fm_sent, wall, fail || timed_out ? "FAIL" : "pass");
  close(p.s);
  return fail || timed_out ? 1 : 0;
}
