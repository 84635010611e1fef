// SPDX-License-Identifier: Apache-2.0
/* Comet-FM: FastMessages 1.1-style messaging over the Comet-VIA FM VI (SPEC.md section 2, the
 * paper's Table 2; docs/reference/vipl_fm.md). Built on VIPL (sw/vipl.h); the adapter IP-encapsulates
 * every FM message using the FM header (formats/fm_header.csv) and its node table.
 *
 * Primitives (paper, Table 2):
 *   FM_register / FM_deregister  register / release a SEND BUFFER region (VipRegisterMem):
 *                                FM_send / FM_send_nw send straight from it by DMA (no copy)
 *   FM_send      send and wait until this message has left the adapter (blocking)
 *   FM_send_nw   non-blocking send; the buffer must not be touched until FM_wait
 *   FM_wait      wait until every FM_send_nw has completed
 *   FM_extract   check the receive descriptors, run the handler of every received message,
 *                re-post the receive descriptors
 * plus FM_initialize / FM_finalize, receive handler ids (FM_set_handler / FM_clear_handler) and
 * node table management (FM_set_node: FM node -> IPv4, MAC, UDP port, written into the
 * adapter's node table through CSRs; the paper fixed the table at firmware start and asked for
 * such an interface). A handler sees the message only during the call.
 * No flow control (as in the paper): a message arriving when no receive descriptor is posted is
 * dropped by the adapter; applications keep enough descriptors posted (recv_bufs) and bound
 * their outstanding sends. No globals: all state is in comet_fm_t. */
#ifndef COMET_FM_H
#define COMET_FM_H
#include <stdint.h>
#include "vipl.h"

#define FM_MAX_PAYLOAD 1464u  /* 1500-byte IP MTU - 20 IP - 8 UDP - 8 FM header */
#define FM_HDR_BYTES 8u
#define FM_MAX_HANDLERS 64u
#define FM_MAX_SEND_SLOTS 16u /* = doorbell depth */
#define FM_MAX_RECV_BUFS 16u
#define FM_MAX_REGIONS 16u
#define FM_MAX_NODES 256u     /* adapter node table depth */

typedef enum {
  FM_SUCCESS = 0,
  FM_BAD_PARAM,      /* bad node / handler id / length / NULL */
  FM_NOT_REGISTERED, /* send buffer not inside an FM_register'ed region */
  FM_NO_RESOURCE,    /* no region slot, no memory, VI unavailable */
  FM_TIMEOUT,        /* a blocking wait passed cfg.timeout cycles */
  FM_SEND_ERROR,     /* a send completed with an error (e.g. unknown destination node) */
  FM_VIPL_ERROR,     /* unexpected VIPL error (see FM_last_vip) */
  FM_HW_ERROR        /* the adapter did not come up (node table init) */
} FM_RETURN;

const char *FM_strerror(FM_RETURN r);

typedef struct comet_fm comet_fm_t;
typedef uint32_t fm_handle_t; /* FM_send_nw handle: sequence number of the send */
/* receive handler: src FM node, payload (valid during the call only), payload bytes */
typedef void (*FM_handler)(comet_fm_t *fm, void *ctx, int src_node, const void *buf, unsigned len);

typedef struct {
  uint32_t ip;   /* IPv4 a.b.c.d = 0xaabbccdd */
  uint64_t mac;  /* 48-bit MAC aa:bb:cc:dd:ee:ff = 0xaabbccddeeff */
  uint16_t port; /* UDP port */
} fm_node_addr_t;

/* host CPU cost of the FM layer (cycles, on top of the VIPL costs of the calls it makes) */
typedef struct {
  uint32_t send;    /* FM_send_nw: argument checks, header build, slot bookkeeping */
  uint32_t extract; /* FM_extract call overhead */
  uint32_t handler; /* per received message: header checks, handler dispatch */
} fm_cost_t;
#define FM_COST_DEFAULT_INIT {24, 8, 16}
#define FM_COST_ZERO_INIT {0, 0, 0}

typedef struct {
  int node;                     /* own FM node number (must have a table entry) */
  unsigned nnodes;              /* entries in table */
  const fm_node_addr_t *table;  /* FM node i -> addresses (table[node] = own addresses) */
  unsigned send_slots;          /* outstanding FM_send_nw (paper: 5); 1..16 */
  unsigned recv_bufs;           /* posted receive descriptors; 1..16 */
  uint32_t timeout;             /* cycles for blocking waits (0 = forever) */
  fm_cost_t cost;
} fm_config_t;

typedef struct {
  uint64_t sent, send_errors, received, rx_errors, rx_bad_header, rx_no_handler, bytes_sent, bytes_received;
  uint64_t segs_per_send_max;
} fm_stats_t;

/* opens nothing: nic is an open VIPL NIC of the node; creates the FM VI, programs the adapter's
 * own addresses and node table, posts the receive descriptors */
FM_RETURN FM_initialize(VIP_NIC_HANDLE nic, const fm_config_t *cfg, comet_fm_t **fm);
FM_RETURN FM_finalize(comet_fm_t *fm); /* waits for sends, releases the VI and the memory */
int FM_node(const comet_fm_t *fm);
VIP_NIC_HANDLE FM_nic(const comet_fm_t *fm);
VIP_RETURN FM_last_vip(const comet_fm_t *fm);
FM_RETURN FM_set_node(comet_fm_t *fm, unsigned node, const fm_node_addr_t *a);
FM_RETURN FM_set_handler(comet_fm_t *fm, unsigned id, FM_handler fn, void *ctx);
FM_RETURN FM_clear_handler(comet_fm_t *fm, unsigned id);
FM_RETURN FM_register(comet_fm_t *fm, VIP_VADDR buf, uint32_t len);
FM_RETURN FM_deregister(comet_fm_t *fm, VIP_VADDR buf);
FM_RETURN FM_send_nw(comet_fm_t *fm, unsigned dst, unsigned handler, VIP_VADDR buf, unsigned len, fm_handle_t *h);
FM_RETURN FM_send(comet_fm_t *fm, unsigned dst, unsigned handler, VIP_VADDR buf, unsigned len);
FM_RETURN FM_wait(comet_fm_t *fm);
/* runs at most max handlers (0 = all completed receives); returns the number run */
unsigned FM_extract(comet_fm_t *fm, unsigned max);
unsigned FM_outstanding(const comet_fm_t *fm); /* FM_send_nw not yet completed */
void FM_set_idle_hook(comet_fm_t *fm, void (*hook)(void *ctx), void *ctx);
void FM_stats(const comet_fm_t *fm, fm_stats_t *st);
#endif
