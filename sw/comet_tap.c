// SPDX-License-Identifier: Apache-2.0
/* comet_tap: one simulated Comet node on a Linux TAP device (docs/guide/interop.md).
 *   comet_tap --tap NAME [--backend model|rtl|lockstep] [--peer-mac auto|aa:bb:cc:dd:ee:ff]
 *             [--count N] [--min-len 0|1] [--csum-toggle M] [--poll-every K] [--timeout S]
 *             [--seed N] [--pcap file] [--fst prefix] [--echo]
 * The node is comet_hw's "ext" topology (one Comet engine, its Ethernet port outside the
 * simulation) on the C model, the Verilated RTL or both in lockstep; this program is the host
 * of that node: VIPL + Comet-FM, and the bridge between the engine's port and the TAP:
 *   - every frame the engine sends: FCS checked and stripped (a TAP carries frames without
 *     FCS), FM frames checked with comet_frame_check (IPv4 / UDP checksums, FM header), then
 *     written to the TAP;
 *   - frames from the TAP: read non-blocking every K simulated cycles (the comet_hw poll
 *     callback), padded to 60 bytes as an Ethernet MAC pads them, a zlib crc32 FCS appended,
 *     queued into the engine's s_axis (line rate, back-pressure); when the node has nothing to
 *     do and its port has been quiet for a while the program blocks in poll() for up to 2 ms.
 * The simulated node is FM node 0 (192.0.2.2, MAC 02:00:00:c0:00:02, UDP 19779), programmed
 * through the engine's CSRs by FM_initialize; FM node 1 is the Linux peer (sw/fm_udp_peer.c:
 * 192.0.2.1, UDP 19780) whose MAC the node is given (read from /sys/class/net/NAME/address
 * with --peer-mac auto) through its node table. Both sides exchange --count data messages each
 * way under the credit protocol of sw/fm_interop.h, every one checked byte-exact and in order;
 * the node's UDP checksum (TX_CTRL.CSUM_EN) is switched off and on every --csum-toggle of its
 * data messages. At the end the engine's counters are read and printed and every check below
 * must hold; exit status 0 only then (1 = a check failed, 2 = usage or set-up error).
 * --echo: no exchange; every FM message with handler FMI_H_ECHO goes back to the peer (FM node 1)
 * unchanged, until --timeout or SIGINT / SIGTERM: the node for a program of one's own or scapy. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>
#include "comet_fm.h"
#include "comet_frame.h"
#include "comet_hw.h"
#include "fm_interop.h"
#include "nic_pkg.h"
#include "vipl.h"

#define TAP_SLOTS 8u          /* send buffers, used in turn (more than the FM send window of 5) */
#define TAP_SEND_WINDOW 5u
#define TAP_QUIET 1000u       /* port quiet for this many cycles: the node may block in poll() */
#define TAP_IDLE_STEP 64u     /* host cycles spent per idle loop iteration */
#define TAP_BLOCK_MS 2
#define TAP_FM_TIMEOUT 4000000u
#define TAP_FRAME_BUF 65536u

typedef struct {
  comet_hw_t *hw;
  VIP_NIC_HANDLE nic;
  comet_fm_t *fm;
  VIP_VADDR sbuf;
  int fd;
  uint64_t peer_mac;
  /* bridge */
  uint8_t pend[TAP_FRAME_BUF + 64];
  uint32_t pend_len, pend_bytes; /* a frame read from the TAP (with FCS / as read), waiting for room in the engine's queue */
  uint64_t from_tap, from_tap_bytes, to_tap, to_tap_bytes, tap_write_err, blocks;
  uint64_t tx_fm, tx_other, tx_bad, tx_csum_zero, tx_csum_set;
  /* the exchange */
  unsigned count, min_len, toggle;
  uint32_t rx_seq, rx_bad, tx_seq, tx_credit, credit_sent;
  uint64_t rx_bytes, tx_bytes, fm_rx_total, rx_credits, proto_err;
  int bye, peer_up; /* peer_up: its first credit message arrived (its socket exists) */
  uint32_t bye_w[FMI_BYE_WORDS];
  int csum_en;
  uint64_t csum_switches;
  uint32_t nsent; /* FM messages sent: picks the send buffer */
  uint64_t echoed;
  /* what the engine must count for the frames the bridge injected: the status code of the
   * reference check comet_frame_check (node's addresses, BCAST_EN 1), the EtherType class of
   * the TYPE drops, the ARP requests for the node's IP and for other hosts, the IPv6 frames by
   * destination (33:33:.. multicast or not) */
  uint64_t ref[COMET_RX_NCODES], ref_class[4], ref_arp_us, ref_arp_other, ref_arp_else, ipv6_mcast, ipv6_other;
} tap_t;

static double wall_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---------------------------------------------------------------- the TAP */
static int tap_open(const char *name) {
  int fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    fprintf(stderr, "comet_tap: open /dev/net/tun: %s\n", strerror(errno));
    return -1;
  }
  struct ifreq ifr;
  memset(&ifr, 0, sizeof ifr);
  ifr.ifr_flags = IFF_TAP | IFF_NO_PI;
  snprintf(ifr.ifr_name, IFNAMSIZ, "%s", name);
  if (ioctl(fd, TUNSETIFF, &ifr) < 0) {
    fprintf(stderr, "comet_tap: TUNSETIFF %s: %s\n", name, strerror(errno));
    close(fd);
    return -1;
  }
  return fd;
}

static int parse_mac(const char *s, uint64_t *mac) {
  unsigned b[6];
  if (sscanf(s, "%x:%x:%x:%x:%x:%x", &b[0], &b[1], &b[2], &b[3], &b[4], &b[5]) != 6) return -1;
  *mac = 0;
  for (int i = 0; i < 6; i++) {
    if (b[i] > 255) return -1;
    *mac = *mac << 8 | b[i];
  }
  return 0;
}

/* the peer's MAC: the TAP interface's own address, as the kernel shows it */
static int tap_mac(const char *name, uint64_t *mac) {
  char path[128], line[64];
  snprintf(path, sizeof path, "/sys/class/net/%s/address", name);
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "comet_tap: %s: %s\n", path, strerror(errno));
    return -1;
  }
  int ok = fgets(line, sizeof line, f) && parse_mac(line, mac) == 0;
  fclose(f);
  if (!ok) fprintf(stderr, "comet_tap: %s: not a MAC address\n", path);
  return ok ? 0 : -1;
}

/* the reference classification of a frame as injected (FCS included) */
static void ref_count(tap_t *t, const uint8_t *f, uint32_t len) {
  comet_frame_rxcfg_t rc = {FMI_SIM_MAC, FMI_SIM_IP, FMI_SIM_PORT, FMI_NODE_SIM, 1};
  size_t off, ml;
  int code = comet_frame_check(f, len, &rc, &off, &ml);
  t->ref[code]++;
  if (len >= 14 && f[12] == 0x86 && f[13] == 0xDD) {
    if (f[0] == 0x33 && f[1] == 0x33)
      t->ipv6_mcast++;
    else
      t->ipv6_other++;
  }
  if (code != COMET_RX_TYPE) return;
  int cls = comet_frame_ethclass(f);
  t->ref_class[cls]++;
  if (cls != COMET_ETH_ARP) return;
  uint64_t sha;
  uint32_t spa;
  if (comet_frame_arp_request(f, len, FMI_SIM_IP, &sha, &spa))
    t->ref_arp_us++;
  else if (len >= 42 && f[20] == 0 && f[21] == 1)
    t->ref_arp_other++; /* a request for another IP address (ARP_DROP) */
  else
    t->ref_arp_else++;  /* a reply or a malformed ARP frame (ARP_DROP) */
}

/* frames from the TAP into the engine's queue (called from inside the clock: no clock advance) */
static void bridge_pull(void *ctx) {
  tap_t *t = ctx;
  for (int k = 0; k < 16; k++) {
    if (!t->pend_len) {
      ssize_t n = read(t->fd, t->pend, TAP_FRAME_BUF);
      if (n <= 0) return; /* EAGAIN: nothing waiting */
      uint32_t len = (uint32_t)n;
      if (len < 60) { /* an Ethernet MAC pads short frames to 60 bytes + FCS */
        memset(t->pend + len, 0, 60 - len);
        len = 60;
      }
      uint32_t c = (uint32_t)crc32(0, t->pend, len);
      for (int i = 0; i < 4; i++) t->pend[len + (uint32_t)i] = (uint8_t)(c >> (8 * i));
      t->pend_len = len + 4;
      t->pend_bytes = (uint32_t)n;
    }
    uint32_t len = t->pend_len > COMET_HW_EXT_FRAME_MAX ? COMET_HW_EXT_FRAME_MAX : t->pend_len;
    if (comet_hw_ext_inject(t->hw, t->pend, len) != 0) return; /* queue full: try again later */
    ref_count(t, t->pend, len);
    t->pend_len = 0;
    t->from_tap++;
    t->from_tap_bytes += t->pend_bytes;
  }
}

/* a frame sent by the engine: check, strip the FCS, write to the TAP */
static void bridge_tx(void *ctx, const uint8_t *f, uint32_t len) {
  tap_t *t = ctx;
  int bad = len < COMET_MIN_FRAME || (uint32_t)crc32(0, f, len - 4) !=
                                         ((uint32_t)f[len - 4] | (uint32_t)f[len - 3] << 8 |
                                          (uint32_t)f[len - 2] << 16 | (uint32_t)f[len - 1] << 24);
  if (!bad && f[12] == 0x08 && f[13] == 0x00) {
    comet_frame_rxcfg_t rc = {t->peer_mac, FMI_PEER_IP, FMI_PEER_PORT, FMI_NODE_PEER, 0};
    size_t off, ml;
    if (comet_frame_check(f, len, &rc, &off, &ml) != COMET_RX_OK) bad = 1;
    t->tx_fm++;
    if (f[40] | f[41])
      t->tx_csum_set++;
    else
      t->tx_csum_zero++;
  } else if (!bad) {
    t->tx_other++; /* e.g. an ARP reply of the engine */
  }
  if (bad && t->tx_bad++ < 5) fprintf(stderr, "comet_tap: frame %llu from the engine is bad (%u bytes)\n",
                                      (unsigned long long)(t->to_tap + 1), len);
  if (len < 4) return;
  ssize_t w = write(t->fd, f, len - 4);
  if (w != (ssize_t)(len - 4)) {
    if (t->tap_write_err++ < 5) fprintf(stderr, "comet_tap: write to the TAP: %s\n", w < 0 ? strerror(errno) : "short");
    return;
  }
  t->to_tap++;
  t->to_tap_bytes += len - 4;
}

/* nothing to do: let the simulated time pass; block in poll() when the node is quiet */
static void idle(tap_t *t) {
  if (comet_hw_ext_quiet(t->hw) > TAP_QUIET) {
    struct pollfd p = {t->fd, POLLIN, 0};
    if (poll(&p, 1, TAP_BLOCK_MS) >= 0) t->blocks++;
    bridge_pull(t);
  }
  vipl_spend(t->nic, TAP_IDLE_STEP);
  vipl_sync(t->nic);
}

/* ---------------------------------------------------------------- FM handlers */
static void on_data(comet_fm_t *fm, void *ctx, int src, const void *buf, unsigned len) {
  tap_t *t = ctx;
  (void)fm;
  const uint8_t *b = buf;
  uint32_t seq = t->rx_seq;
  unsigned want = fmi_len(FMI_DIR_TO_SIM, seq, t->min_len);
  int bad = src != (int)FMI_NODE_PEER || len != want || seq >= t->count;
  unsigned at = 0;
  for (unsigned i = 0; !bad && i < len; i++)
    if (b[i] != fmi_byte(FMI_DIR_TO_SIM, seq, len, i)) {
      bad = 1;
      at = i;
    }
  if (bad && t->rx_bad++ < 5)
    fprintf(stderr, "comet_tap: data message %u from node %d wrong: %u bytes (want %u), first bad byte %u\n", seq, src,
            len, want, at);
  t->rx_seq++;
  t->rx_bytes += len;
  t->fm_rx_total++;
}
static void on_credit(comet_fm_t *fm, void *ctx, int src, const void *buf, unsigned len) {
  tap_t *t = ctx;
  (void)fm;
  uint32_t c = len == 8 ? fmi_get32(buf) : 0;
  if (src != (int)FMI_NODE_PEER || len != 8 || c < t->tx_credit || c > t->tx_seq) {
    if (t->proto_err++ < 5) fprintf(stderr, "comet_tap: bad credit message (%u bytes, value %u, sent %u)\n", len, c, t->tx_seq);
  } else {
    t->tx_credit = c;
    t->peer_up = 1;
  }
  t->rx_credits++;
  t->fm_rx_total++;
}
static void on_bye(comet_fm_t *fm, void *ctx, int src, const void *buf, unsigned len) {
  tap_t *t = ctx;
  (void)fm;
  if (src != (int)FMI_NODE_PEER || len != 4u * FMI_BYE_WORDS) {
    if (t->proto_err++ < 5) fprintf(stderr, "comet_tap: bad bye message (%u bytes)\n", len);
  } else {
    for (unsigned i = 0; i < FMI_BYE_WORDS; i++) t->bye_w[i] = fmi_get32((const uint8_t *)buf + 4 * i);
  }
  t->bye = 1;
  t->fm_rx_total++;
}

/* ---------------------------------------------------------------- sending */
static int send_msg(tap_t *t, unsigned handler, const uint8_t *p, unsigned len);
/* FMI_H_ECHO: the message goes back to its sender, same handler, same payload */
static void on_echo(comet_fm_t *fm, void *ctx, int src, const void *buf, unsigned len) {
  tap_t *t = ctx;
  (void)fm;
  t->fm_rx_total++;
  t->echoed++;
  if (src != (int)FMI_NODE_PEER || send_msg(t, FMI_H_ECHO, buf, len)) t->proto_err++;
}
static VIP_VADDR slot_va(const tap_t *t, uint32_t k) { return t->sbuf + 3072u + 2048u * (k % TAP_SLOTS); }
static int send_msg(tap_t *t, unsigned handler, const uint8_t *p, unsigned len) {
  VIP_VADDR va = slot_va(t, t->nsent++);
  if (len) vipl_vwrite(t->nic, va, p, len);
  FM_RETURN r = FM_send_nw(t->fm, FMI_NODE_PEER, handler, va, len, NULL);
  if (r != FM_SUCCESS) {
    fprintf(stderr, "comet_tap: FM_send_nw: %s\n", FM_strerror(r));
    return -1;
  }
  return 0;
}

/* TX_CTRL.CSUM_EN is sampled per frame: change it with comet_tx idle (every send taken, egress done) */
static int set_csum(tap_t *t, int on) {
  if (FM_wait(t->fm) != FM_SUCCESS) return -1;
  const uint32_t busy = (3u << COMET_TX_STATUS_ING_STATE_LSB) | (1u << COMET_TX_STATUS_EG_BUSY_LSB) |
                        (3u << COMET_TX_STATUS_SLOT_READY_LSB);
  for (int k = 0; vipl_csr_read(t->nic, CSR_BASE_COMET + CSR_COMET_TX_STATUS) & busy; k++)
    if (k > 100000) return -1;
  vipl_csr_write(t->nic, CSR_BASE_COMET + CSR_COMET_TX_CTRL, on ? 1u << COMET_TX_CTRL_CSUM_EN_LSB : 0u);
  t->csum_en = on;
  t->csum_switches++;
  return 0;
}

static const char *const rx_names[COMET_RX_NCODES] = {"OK",    "FCS",   "RUNT",  "GIANT", "TRUNC",
                                                      "MAC",   "TYPE",  "IPHDR", "IPLEN", "PROTO",
                                                      "IPDST", "PORT",  "UDPLEN", "UDPCSUM", "FM"};

int main(int argc, char **argv) {
  const char *backend = "model", *tap = NULL, *peer_mac_s = "auto", *pcap = NULL, *fst = NULL;
  unsigned count = 500, min_len = 1, toggle = 100, every = 256;
  double timeout_s = 60;
  uint64_t seed = 1;
  int echo = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--backend") && v) backend = argv[++i];
    else if (!strcmp(a, "--tap") && v) tap = argv[++i];
    else if (!strcmp(a, "--peer-mac") && v) peer_mac_s = argv[++i];
    else if (!strcmp(a, "--count") && v) count = (unsigned)strtoul(argv[++i], NULL, 0);
    else if (!strcmp(a, "--min-len") && v) min_len = (unsigned)strtoul(argv[++i], NULL, 0);
    else if (!strcmp(a, "--csum-toggle") && v) toggle = (unsigned)strtoul(argv[++i], NULL, 0);
    else if (!strcmp(a, "--poll-every") && v) every = (unsigned)strtoul(argv[++i], NULL, 0);
    else if (!strcmp(a, "--timeout") && v) timeout_s = atof(argv[++i]);
    else if (!strcmp(a, "--seed") && v) seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(a, "--pcap") && v) pcap = argv[++i];
    else if (!strcmp(a, "--fst") && v) fst = argv[++i];
    else if (!strcmp(a, "--echo")) echo = 1;
    else {
      fprintf(stderr,
              "usage: %s --tap NAME [--backend model|rtl|lockstep] [--peer-mac auto|aa:bb:cc:dd:ee:ff] [--count N] "
              "[--min-len 0|1] [--csum-toggle M] [--poll-every K] [--timeout S] [--seed N] [--pcap file] [--fst prefix] "
              "[--echo]\n",
              argv[0]);
      return 2;
    }
  }
  if (!tap || count == 0 || min_len > 1 || every == 0) {
    fprintf(stderr, "comet_tap: --tap is required; --count >= 1, --min-len 0 or 1, --poll-every >= 1\n");
    return 2;
  }
  static tap_t t;
  t.count = count;
  t.min_len = min_len;
  t.toggle = toggle;
  t.csum_en = 1;
  if (!strcmp(peer_mac_s, "auto") ? tap_mac(tap, &t.peer_mac) : parse_mac(peer_mac_s, &t.peer_mac)) {
    fprintf(stderr, "comet_tap: no peer MAC (--peer-mac %s)\n", peer_mac_s);
    return 2;
  }
  t.fd = tap_open(tap);
  if (t.fd < 0) return 2;
  double w0 = wall_now();
  t.hw = comet_hw_open_topo(backend, "ext", seed, fst);
  if (!t.hw) {
    fprintf(stderr, "comet_tap: backend %s with an external port is not available in this build\n", backend);
    return 2;
  }
  if (pcap && comet_hw_pcap(t.hw, pcap) != 0) fprintf(stderr, "comet_tap: pcap %s not written\n", pcap);
  vipl_config_t vc = {0, seed, 0, VIPL_COST_DEFAULT_INIT};
  if (VipOpenNic(t.hw, &vc, &t.nic) != VIP_SUCCESS) {
    fprintf(stderr, "comet_tap: VipOpenNic failed\n");
    return 2;
  }
  /* FM node 0 = this node, FM node 1 = the Linux peer, whose MAC the node is given */
  fm_node_addr_t table[2] = {{FMI_SIM_IP, FMI_SIM_MAC, FMI_SIM_PORT}, {FMI_PEER_IP, t.peer_mac, FMI_PEER_PORT}};
  fm_config_t fc = {(int)FMI_NODE_SIM, 2, table, TAP_SEND_WINDOW, FM_MAX_RECV_BUFS, TAP_FM_TIMEOUT, FM_COST_DEFAULT_INIT};
  FM_RETURN fr = FM_initialize(t.nic, &fc, &t.fm);
  if (fr != FM_SUCCESS) {
    fprintf(stderr, "comet_tap: FM_initialize: %s\n", FM_strerror(fr));
    return 2;
  }
  FM_set_handler(t.fm, FMI_H_DATA, on_data, &t);
  FM_set_handler(t.fm, FMI_H_CREDIT, on_credit, &t);
  FM_set_handler(t.fm, FMI_H_BYE, on_bye, &t);
  FM_set_handler(t.fm, FMI_H_ECHO, on_echo, &t);
  uint32_t sbytes = 3072u + 2048u * TAP_SLOTS + 4096u;
  if (vipl_valloc(t.nic, sbytes, &t.sbuf) != VIP_SUCCESS || FM_register(t.fm, t.sbuf, sbytes) != FM_SUCCESS) {
    fprintf(stderr, "comet_tap: send buffer\n");
    return 2;
  }
  comet_hw_ext_set_tx(t.hw, bridge_tx, &t);
  comet_hw_ext_set_poll(t.hw, every, bridge_pull, &t);
  /* the receiving engine takes the VI from handler[15:14]: the peer puts the FM VI there, the
   * NIC's first VI, which FM_initialize creates */
  const unsigned vi = 0;
  uint32_t rxip = vipl_csr_read(t.nic, CSR_BASE_COMET + CSR_COMET_RX_IP);
  printf("comet_tap: ready backend=%s tap=%s vi=%u node %u.%u.%u.%u:%u mac 02:00:00:c0:00:02, peer mac "
         "%02x:%02x:%02x:%02x:%02x:%02x (given to the node, node table entry %u), cycles=%llu\n",
         comet_hw_backend(t.hw), tap, vi, rxip >> 24, rxip >> 16 & 255, rxip >> 8 & 255, rxip & 255, FMI_SIM_PORT,
         (unsigned)(t.peer_mac >> 40 & 255), (unsigned)(t.peer_mac >> 32 & 255), (unsigned)(t.peer_mac >> 24 & 255),
         (unsigned)(t.peer_mac >> 16 & 255), (unsigned)(t.peer_mac >> 8 & 255), (unsigned)(t.peer_mac & 255),
         FMI_NODE_PEER, (unsigned long long)comet_hw_cycle(t.hw));
  fflush(stdout);
  uint64_t c0 = comet_hw_cycle(t.hw);
  int fail = 0, timed_out = 0, stopped = 0;
  uint8_t msg[FMI_MAX_PAYLOAD];
  /* SIGTERM / SIGINT (the `timeout` command, the script) end the exchange with the counters
   * printed: blocked here and looked for in the loop */
  sigset_t stop_set, pending;
  sigemptyset(&stop_set);
  sigaddset(&stop_set, SIGTERM);
  sigaddset(&stop_set, SIGINT);
  sigprocmask(SIG_BLOCK, &stop_set, NULL);
  for (uint64_t it = 0;; it++) {
    if ((it & 63) == 0) {
      if (wall_now() - w0 > timeout_s) {
        timed_out = 1;
        break;
      }
      if (sigpending(&pending) == 0 && (sigismember(&pending, SIGTERM) || sigismember(&pending, SIGINT))) {
        stopped = 1;
        break;
      }
    }
    int progress = FM_extract(t.fm, 0) > 0;
    /* credits owed to the peer */
    if (!echo && (t.rx_seq - t.credit_sent >= FMI_CREDIT_EVERY || (t.rx_seq == t.count && t.credit_sent < t.count))) {
      uint8_t c[8] = {0};
      fmi_put32(c, t.rx_seq);
      if (send_msg(&t, FMI_H_CREDIT, c, 8)) fail = 1;
      t.credit_sent = t.rx_seq;
      progress = 1;
    }
    /* data, within the window the peer's credits allow */
    if (!echo && t.peer_up && t.tx_seq < t.count && t.tx_seq - t.tx_credit < FMI_WINDOW) {
      if (toggle && t.tx_seq && t.tx_seq % toggle == 0 && t.csum_switches < t.tx_seq / toggle)
        if (set_csum(&t, !t.csum_en)) fail = 1;
      unsigned len = fmi_len(FMI_DIR_TO_PEER, t.tx_seq, min_len);
      for (unsigned i = 0; i < len; i++) msg[i] = fmi_byte(FMI_DIR_TO_PEER, t.tx_seq, len, i);
      if (send_msg(&t, FMI_H_DATA, msg, len)) fail = 1;
      t.tx_seq++;
      t.tx_bytes += len;
      progress = 1;
    }
    if (t.bye && !echo) break;
    if (!progress) idle(&t);
  }
  if (FM_wait(t.fm) != FM_SUCCESS) fail = 1;
  /* no more frames from the TAP; the queued ones enter, the last frames leave, the statuses settle */
  comet_hw_ext_set_poll(t.hw, 1, NULL, NULL);
  for (int k = 0; k < 100 && (comet_hw_ext_queued(t.hw) || comet_hw_ext_quiet(t.hw) < 2000); k++) comet_hw_tick(t.hw, 1000);
  uint64_t cycles = comet_hw_cycle(t.hw) - c0;
  double wall = wall_now() - w0;

  /* ---- the engine's counters: one per status code (0x180 + 4 x code), then the EtherType
   * classes of the TYPE drops and the ARP responder's (0x1BC-0x1D0) */
  uint32_t rx[COMET_RX_NCODES], rxt[4];
  uint64_t rx_sum = 0, type_sum = 0;
  for (unsigned k = 0; k < COMET_RX_NCODES; k++) {
    rx[k] = vipl_csr_read(t.nic, CSR_BASE_COMET + CSR_COMET_RX_CNT_OK + 4u * k);
    rx_sum += rx[k];
  }
  for (unsigned k = 0; k < 4; k++) {
    rxt[k] = vipl_csr_read(t.nic, CSR_BASE_COMET + CSR_COMET_RX_TYPE_ARP + 4u * k);
    type_sum += rxt[k];
  }
  uint32_t arp_reply = vipl_csr_read(t.nic, CSR_BASE_COMET + CSR_COMET_RX_ARP_REPLY);
  uint32_t arp_drop = vipl_csr_read(t.nic, CSR_BASE_COMET + CSR_COMET_RX_ARP_DROP);
  uint32_t rx_ctrl = vipl_csr_read(t.nic, CSR_BASE_COMET + CSR_COMET_RX_CTRL);
  printf("engine rx:");
  for (unsigned k = 0; k < COMET_RX_NCODES; k++) printf(" %s%s=%u", k ? "DROP_" : "CNT_", rx_names[k], rx[k]);
  printf(" (frames in %llu)\n", (unsigned long long)comet_hw_frames_to(t.hw, 0));
  printf("engine rx class: TYPE_ARP=%u TYPE_VLAN=%u TYPE_IPV6=%u TYPE_OTHER=%u ARP_REPLY=%u ARP_DROP=%u RX_CTRL=0x%x\n",
         rxt[0], rxt[1], rxt[2], rxt[3], arp_reply, arp_drop, rx_ctrl);
  printf("reference:");
  for (unsigned k = 0; k < COMET_RX_NCODES; k++)
    if (t.ref[k]) printf(" %s=%llu", rx_names[k], (unsigned long long)t.ref[k]);
  printf(" | TYPE_ARP=%llu (requests for 192.0.2.2 %llu, for other hosts %llu, other ARP %llu) TYPE_VLAN=%llu "
         "TYPE_IPV6=%llu TYPE_OTHER=%llu | IPv6 frames to 33:33:.. %llu, other %llu\n",
         (unsigned long long)t.ref_class[0], (unsigned long long)t.ref_arp_us, (unsigned long long)t.ref_arp_other,
         (unsigned long long)t.ref_arp_else, (unsigned long long)t.ref_class[1], (unsigned long long)t.ref_class[2],
         (unsigned long long)t.ref_class[3], (unsigned long long)t.ipv6_mcast, (unsigned long long)t.ipv6_other);
  uint32_t nodesc = vipl_csr_read(t.nic, CSR_BASE_COMET_VIA + CSR_COMET_VIA_CNT_RX_NO_DESC);
  uint32_t txerr = vipl_csr_read(t.nic, CSR_BASE_COMET_VIA + CSR_COMET_VIA_CNT_TXERR);
  uint32_t txframes = vipl_csr_read(t.nic, CSR_BASE_COMET + CSR_COMET_TX_CNT_FRAMES);
  fm_stats_t st;
  FM_stats(t.fm, &st);
  printf("engine tx: CNT_FRAMES=%u | via CNT_RX_NO_DESC=%u CNT_TXERR=%u\n", txframes, nodesc, txerr);
  printf("bridge: from TAP %llu frames %llu bytes, to TAP %llu frames %llu bytes (FM %llu: UDP checksum set %llu, "
         "zero %llu; other %llu; bad %llu; write errors %llu), blocked in poll() %llu times\n",
         (unsigned long long)t.from_tap, (unsigned long long)t.from_tap_bytes, (unsigned long long)t.to_tap,
         (unsigned long long)t.to_tap_bytes, (unsigned long long)t.tx_fm, (unsigned long long)t.tx_csum_set,
         (unsigned long long)t.tx_csum_zero, (unsigned long long)t.tx_other, (unsigned long long)t.tx_bad,
         (unsigned long long)t.tap_write_err, (unsigned long long)t.blocks);
  printf("fm: received %llu messages (data %u = %llu bytes, credits %llu, bye %d, echo %llu), sent %llu (data %u = "
         "%llu bytes), rx_errors %llu bad_header %llu no_handler %llu\n",
         (unsigned long long)t.fm_rx_total, t.rx_seq, (unsigned long long)t.rx_bytes,
         (unsigned long long)t.rx_credits, t.bye, (unsigned long long)t.echoed, (unsigned long long)st.sent, t.tx_seq,
         (unsigned long long)t.tx_bytes, (unsigned long long)st.rx_errors, (unsigned long long)st.rx_bad_header,
         (unsigned long long)st.rx_no_handler);

  /* ---- the checks */
#define CHECK(cond, ...)                 \
  if (!(cond)) {                         \
    fprintf(stderr, "comet_tap: FAIL "); \
    fprintf(stderr, __VA_ARGS__);        \
    fprintf(stderr, "\n");               \
    fail = 1;                            \
  }
  /* the exchange (in --echo mode the run ends by its timeout or a signal) */
  const int ex = !echo;
  CHECK(!ex || (!timed_out && !stopped), "%s after %.1f s (data received %u/%u, sent %u, credited %u, bye %d)",
        stopped ? "stopped by a signal" : "wall-clock timeout", wall, t.rx_seq, count, t.tx_seq, t.tx_credit, t.bye)
  CHECK(!ex || (t.rx_seq == count && t.rx_bad == 0), "data from the peer: %u of %u, %u wrong", t.rx_seq, count,
        t.rx_bad)
  CHECK(!ex || (t.tx_seq == count && t.tx_credit == count), "data to the peer: sent %u, credited %u of %u", t.tx_seq,
        t.tx_credit, count)
  CHECK(t.proto_err == 0, "%llu bad credit / bye / echo messages", (unsigned long long)t.proto_err)
  CHECK(!ex || (t.bye && t.bye_w[FMI_BYE_FM_SENT] == t.fm_rx_total),
        "the peer sent %u FM messages, the node received %llu", t.bye_w[FMI_BYE_FM_SENT],
        (unsigned long long)t.fm_rx_total)
  /* no frame that is not a Comet-FM message of the peer was delivered as a message */
  CHECK(rx[0] == t.fm_rx_total, "RX_CNT_OK %u != FM messages received %llu", rx[0], (unsigned long long)t.fm_rx_total)
  CHECK(st.rx_errors == 0 && st.rx_bad_header == 0 && st.rx_no_handler == 0, "FM receive errors")
  CHECK(nodesc == 0 && txerr == 0, "CNT_RX_NO_DESC %u CNT_TXERR %u", nodesc, txerr)
  /* every frame that entered the engine was counted once, by its status code (the RX_TYPE_*
   * class counters break RX_DROP_TYPE down and are not part of the sum) */
  CHECK(rx_sum == comet_hw_frames_to(t.hw, 0), "rx status counters sum %llu != frames in %llu",
        (unsigned long long)rx_sum, (unsigned long long)comet_hw_frames_to(t.hw, 0))
  CHECK(rx_sum == t.from_tap, "rx status counters sum %llu != frames from the TAP %llu", (unsigned long long)rx_sum,
        (unsigned long long)t.from_tap)
  CHECK(type_sum == rx[COMET_RX_TYPE], "RX_TYPE_* sum %llu != RX_DROP_TYPE %u", (unsigned long long)type_sum,
        rx[COMET_RX_TYPE])
  /* each frame counted under the reason of the reference check, each TYPE drop under its class */
  for (unsigned k = 0; k < COMET_RX_NCODES; k++)
    CHECK(rx[k] == t.ref[k], "%s: engine %u, reference check %llu", rx_names[k], rx[k], (unsigned long long)t.ref[k])
  for (unsigned k = 0; k < 4; k++)
    CHECK(rxt[k] == t.ref_class[k], "RX_TYPE class %u: engine %u, reference %llu", k, rxt[k],
          (unsigned long long)t.ref_class[k])
  /* what the bridge and the kernel are responsible for: FCS, padding, lengths, checksums */
  CHECK(rx[COMET_RX_FCS] == 0 && rx[COMET_RX_RUNT] == 0 && rx[COMET_RX_GIANT] == 0 && rx[COMET_RX_TRUNC] == 0 &&
            rx[COMET_RX_IPHDR] == 0 && rx[COMET_RX_IPLEN] == 0 && rx[COMET_RX_UDPLEN] == 0 &&
            rx[COMET_RX_UDPCSUM] == 0,
        "frames from the kernel dropped for FCS / RUNT / GIANT / TRUNC / IPHDR / IPLEN / UDPLEN / UDPCSUM")
  /* the ARP responder (RX_CTRL.ARP_EN, reset 1): every ARP frame is answered or dropped; every
   * request for another host is an ARP_DROP; a request for 192.0.2.2 is answered unless a reply
   * is still pending (then it is an ARP_DROP too) */
  CHECK((rx_ctrl & 3u) == 3u, "RX_CTRL 0x%x: BCAST_EN and ARP_EN must be 1", rx_ctrl)
  CHECK(arp_reply + arp_drop == rxt[COMET_ETH_ARP], "ARP_REPLY %u + ARP_DROP %u != TYPE_ARP %u", arp_reply, arp_drop,
        rxt[COMET_ETH_ARP])
  CHECK(arp_reply <= t.ref_arp_us && arp_drop >= t.ref_arp_other + t.ref_arp_else,
        "ARP_REPLY %u (requests for the node %llu), ARP_DROP %u (requests for other hosts %llu, other ARP %llu)",
        arp_reply, (unsigned long long)t.ref_arp_us, arp_drop, (unsigned long long)t.ref_arp_other,
        (unsigned long long)t.ref_arp_else)
  CHECK(t.tx_other == arp_reply, "frames to the TAP that are not IPv4 %llu != ARP replies %u",
        (unsigned long long)t.tx_other, arp_reply)
  /* the kernel's IPv6 (router / neighbour solicitations, MLD reports) goes to 33:33:.. group
   * MACs: MAC drops, before any EtherType check; none is unicast to the node */
  CHECK(t.ipv6_other == 0 && rxt[COMET_ETH_IPV6] == 0 &&
            rx[COMET_RX_MAC] >= t.ipv6_mcast + t.bye_w[FMI_BYE_NOISE_MAC],
        "IPv6: %llu frames to 33:33:.., %llu other, TYPE_IPV6 %u, DROP_MAC %u (IPv4 multicast sent %u)",
        (unsigned long long)t.ipv6_mcast, (unsigned long long)t.ipv6_other, rxt[COMET_ETH_IPV6], rx[COMET_RX_MAC],
        t.bye_w[FMI_BYE_NOISE_MAC])
  /* the frames the peer sent on purpose were dropped for their reason; its datagram to
   * 192.0.2.3 made the kernel broadcast at least one ARP request for that host */
  CHECK(rx[COMET_RX_PROTO] >= t.bye_w[FMI_BYE_NOISE_PROTO] && rx[COMET_RX_PORT] >= t.bye_w[FMI_BYE_NOISE_PORT] &&
            rx[COMET_RX_IPDST] >= t.bye_w[FMI_BYE_NOISE_IPDST] && rx[COMET_RX_FM] >= t.bye_w[FMI_BYE_NOISE_FM] &&
            rx[COMET_RX_MAC] >= t.bye_w[FMI_BYE_NOISE_MAC] && (!ex || arp_drop >= t.ref_arp_other) &&
            (!ex || !t.bye_w[FMI_BYE_NOISE_PORT] || t.ref_arp_other >= 1),
        "drops below the frames sent on purpose (PROTO %u PORT %u IPDST %u FM %u MAC %u, ARP for 192.0.2.3 %llu)",
        t.bye_w[FMI_BYE_NOISE_PROTO], t.bye_w[FMI_BYE_NOISE_PORT], t.bye_w[FMI_BYE_NOISE_IPDST],
        t.bye_w[FMI_BYE_NOISE_FM], t.bye_w[FMI_BYE_NOISE_MAC], (unsigned long long)t.ref_arp_other)
  CHECK(t.tx_bad == 0 && t.tap_write_err == 0, "%llu bad frames from the engine, %llu TAP write errors",
        (unsigned long long)t.tx_bad, (unsigned long long)t.tap_write_err)
  /* (frames that are not FM, e.g. ARP replies, may or may not pass comet_tx's frame counter) */
  CHECK(t.tx_fm == st.sent && (txframes == t.tx_fm || txframes == t.tx_fm + t.tx_other),
        "FM frames to the TAP %llu, FM sends %llu, CNT_FRAMES %u", (unsigned long long)t.tx_fm,
        (unsigned long long)st.sent, txframes)
  CHECK(!ex || !toggle || count <= toggle || (t.tx_csum_zero && t.tx_csum_set),
        "UDP checksum on and off: %llu frames with, %llu without", (unsigned long long)t.tx_csum_set,
        (unsigned long long)t.tx_csum_zero)
  printf("comet_tap: backend=%s messages peer->node %u (%llu bytes) node->peer %u (%llu bytes) fm_sent=%llu "
         "fm_received=%llu cycles=%llu wall=%.2fs result=%s\n",
         comet_hw_backend(t.hw), t.rx_seq, (unsigned long long)t.rx_bytes, t.tx_seq, (unsigned long long)t.tx_bytes,
         (unsigned long long)st.sent, (unsigned long long)t.fm_rx_total, (unsigned long long)cycles, wall,
         fail ? "FAIL" : "pass");
  FM_finalize(t.fm);
  VipCloseNic(t.nic);
  comet_hw_close(t.hw);
  close(t.fd);
  return fail ? 1 : 0;
}
