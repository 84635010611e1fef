// SPDX-License-Identifier: Apache-2.0
/* vipl: VI Provider Library of Comet-VIA (SPEC.md section 2, docs/reference/vipl_fm.md).
 *
 * Names and types follow the Intel VIPL (Virtual Interface Architecture Developer's Guide);
 * the declarations are this project's own. The functions of the paper's Table 1 are provided:
 * VipOpenNic, VipCloseNic, VipCreateVi, VipDestroyVi, VipRegisterMem, VipDeregisterMem,
 * VipPostSend, VipPostRecv, VipSendDone, VipRecvDone, VipSendWait, VipRecvWait and the
 * descriptor set-up vipl_cbuf_setup.
 *
 * The library runs on a comet_hw backend (sw/comet_hw.h, C model or Verilated RTL). It also
 * models the host side the real library depended on:
 *   - a simulated process address space (VIP_VADDR) backed by 4 KiB physical pages of the
 *     node's host memory through a page table kept here; vipl_valloc() maps physically
 *     scattered pages by default (as an OS would), vipl_vread/vipl_vwrite are CPU accesses;
 *   - pinning: VipRegisterMem pins the pages of a region (they cannot be moved by
 *     vipl_vm_migrate, the model of paging), VipDeregisterMem unpins them and flushes their
 *     entries from the library's virtual->physical translation cache;
 *   - host CPU time: every call charges explicit costs (vipl_cost_t) to a per-node host clock;
 *     the hardware is ticked up to that clock before the host observes or drives it.
 * Deviations from Intel's signatures (documented in docs/reference/vipl_fm.md): VipOpenNic takes the
 * backend and a configuration instead of a device name; addresses are VIP_VADDR (simulated
 * virtual addresses) instead of pointers; Done/Wait return the completed descriptor's address.
 * No completion queues, connections or RDMA (Comet's FM VI does not use them).
 * No globals: all state is in the NIC handle. */
#ifndef VIPL_H
#define VIPL_H
#include <stdint.h>
#include "comet_hw.h"

typedef uint8_t VIP_UINT8;
typedef uint16_t VIP_UINT16;
typedef uint32_t VIP_UINT32;
typedef uint64_t VIP_UINT64;
typedef uint32_t VIP_ULONG;
typedef int VIP_BOOLEAN;
typedef uint64_t VIP_VADDR;  /* virtual address in the simulated process (0 = none) */
typedef uint32_t VIP_MEM_HANDLE;
typedef uint32_t VIP_PROTECTION_HANDLE;
typedef struct vipl_nic *VIP_NIC_HANDLE;
typedef struct vipl_vi *VIP_VI_HANDLE;
typedef void *VIP_CQ_HANDLE; /* completion queues are not supported: must be NULL */

#define VIP_TRUE 1
#define VIP_FALSE 0

typedef enum {
  VIP_SUCCESS = 0,
  VIP_NOT_DONE,             /* Done: no completed descriptor at the head of the queue */
  VIP_INVALID_PARAMETER,    /* bad handle, NULL pointer, unregistered / misaligned memory */
  VIP_ERROR_RESOURCE,       /* queue full, no free VI / region / memory */
  VIP_TIMEOUT,              /* Wait: nothing completed within the timeout */
  VIP_REJECT,
  VIP_INVALID_RELIABILITY_LEVEL,
  VIP_INVALID_MTU,          /* MaxTransferSize above what the VI kind carries */
  VIP_INVALID_QOS,
  VIP_INVALID_PTAG,
  VIP_INVALID_RDMAREAD,     /* RDMA is not supported */
  VIP_DESCRIPTOR_ERROR,     /* descriptor cannot be built (too many segments, bad lengths) or it
                               completed with an error bit in its Status */
  VIP_INVALID_STATE,        /* e.g. destroying a VI with posted descriptors */
  VIP_ERROR_NAMESERVICE,
  VIP_NO_MATCH,
  VIP_NOT_REACHABLE,
  VIP_ERROR_NOT_SUPPORTED,
  VIP_ERROR_HW              /* (extension) the backend is not a Comet-VIA engine */
} VIP_RETURN;

const char *vipl_strerror(VIP_RETURN r);

typedef enum { VIP_SERVICE_UNRELIABLE = 1, VIP_SERVICE_RELIABLE_DELIVERY = 2, VIP_SERVICE_RELIABLE_RECEPTION = 4 } VIP_RELIABILITY_LEVEL;

typedef struct {
  VIP_RELIABILITY_LEVEL ReliabilityLevel; /* only VIP_SERVICE_UNRELIABLE */
  VIP_ULONG MaxTransferSize;              /* <= VIPL_MAX_TRANSFER */
  VIP_ULONG QoS;                          /* must be 0 */
  VIP_PROTECTION_HANDLE Ptag;
  VIP_BOOLEAN EnableRdmaWrite;            /* must be false */
  VIP_BOOLEAN EnableRdmaRead;             /* must be false */
} VIP_VI_ATTRIBUTES;

typedef struct {
  VIP_PROTECTION_HANDLE Ptag;
  VIP_BOOLEAN EnableRdmaWrite, EnableRdmaRead; /* must be false */
} VIP_MEM_ATTRIBUTES;

/* Control segment (software view of formats/via_desc_header.csv) */
typedef struct {
  VIP_UINT64 Next;          /* software link (the engine does not follow it) */
  VIP_MEM_HANDLE NextHandle;
  VIP_UINT16 SegCount;      /* vipl_cbuf_setup: virtual segments in; read back: physical ones */
  VIP_UINT16 Control;
  VIP_UINT32 Reserved;
  VIP_UINT32 ImmediateData; /* not sent by Comet */
  VIP_UINT32 Length;        /* send: message bytes; completed: bytes sent / received */
  VIP_UINT32 Status;        /* VIP_STATUS_* bits written by the engine */
} VIP_CONTROL_SEGMENT;

/* Data segment (software view of formats/via_seg_header.csv): in a VIP_DESCRIPTOR given to
 * vipl_cbuf_setup, Data is a VIRTUAL address inside the registered region Handle; the descriptor
 * written to host memory carries physical addresses. */
typedef struct {
  VIP_VADDR Data;
  VIP_MEM_HANDLE Handle;
  VIP_UINT32 Length;
} VIP_DATA_SEGMENT;

#define VIPL_MAX_SEGS 16u        /* engine MAX_SEGS (checked against PARAMS at open) */
#define VIPL_MAX_TRANSFER 1472u  /* FM header (8) + 1464 payload bytes: the FM VI's MTU */
#define VIPL_DESC_BYTES(nseg) (32u + 16u * (nseg))
#define VIPL_DESC_SLOT 512u      /* suggested descriptor slot: >= VIPL_DESC_BYTES(16), divides a page */

typedef struct {
  VIP_CONTROL_SEGMENT CS;
  VIP_DATA_SEGMENT DS[VIPL_MAX_SEGS];
} VIP_DESCRIPTOR;

/* Status bits (VIP_CONTROL_SEGMENT.Status = bits 63:32 of descriptor word 3, engine layout) */
#define VIP_STATUS_DONE (1u << 0)
#define VIP_STATUS_FORMAT_ERROR (1u << 1)
#define VIP_STATUS_LENGTH_ERROR (1u << 2)
#define VIP_STATUS_PROTECTION_ERROR (1u << 3) /* engine ADDRESS */
#define VIP_STATUS_TRANSPORT_ERROR (1u << 4)  /* engine TX_ERR: datapath refused (unknown node ...) */
#define VIP_STATUS_TRUNCATED (1u << 5)        /* engine TRUNC: receive buffers too small */
#define VIP_STATUS_ERROR_MASK 0x3Eu
#define VIP_STATUS_TX_CODE(st) (((st) >> 8) & 0xFu)

#define VIPL_PAGE_SIZE 4096u
#define VIPL_VA_BASE 0x40000000ull /* first virtual address of the simulated process heap */
#define VIPL_VA_PAGES 1024u         /* 4 MiB of virtual address space */
#define VIPL_MAX_REGIONS 64u
#define VIPL_TC_ENTRIES 64u         /* translation cache entries (direct mapped by page) */
#define VIPL_MAX_VI 3u
#define VIPL_QCAP 16u               /* software queue per VI direction (= doorbell depth) */

/* Host CPU cost of the library, in cycles of the design clock (156.25 MHz, 6.4 ns). All are
 * charged to the node's host clock; 0 everywhere = the NIC alone. Doorbell / CSR accesses also
 * take the backend's own cycles (comet_hw_csr_* advance the clock until acked). */
typedef struct {
  uint32_t call;         /* entry/exit + argument checks of every Vip* call */
  uint32_t xlate_hit;    /* virtual->physical translation-cache hit (per page) */
  uint32_t xlate_miss;   /* translation by system call into the kernel (cache miss, per page) */
  uint32_t desc_seg;     /* writing one segment into a descriptor (vipl_cbuf_setup) */
  uint32_t doorbell;     /* uncached doorbell store issued by the CPU (VipPost*) */
  uint32_t poll;         /* one read of a descriptor status word written by DMA (cache miss) */
  uint32_t reg_call;     /* VipRegisterMem / VipDeregisterMem system call */
  uint32_t reg_page;     /* pin / unpin one page */
  uint32_t copy_per_kib; /* CPU copy of 1 KiB (vipl_vread / vipl_vwrite, FM receive copy) */
} vipl_cost_t;

/* defaults: assumed modern host (about 100 ns uncached access, 1 us system call, ~8 B/cycle copy) */
#define VIPL_COST_DEFAULT_INIT {16, 3, 160, 2, 16, 16, 800, 80, 128}
#define VIPL_COST_ZERO_INIT {0, 0, 0, 0, 0, 0, 0, 0, 0}

typedef struct {
  int node;             /* node of the comet_hw system (0 or 1) */
  uint64_t seed;        /* physical page placement */
  int phys_contig;      /* 1: vipl_valloc maps physically contiguous pages when it can */
  vipl_cost_t cost;
} vipl_config_t;

typedef struct {
  uint64_t tc_hits, tc_misses, tc_flushed; /* translation cache */
  uint64_t posts_send, posts_recv, done_send, done_recv, desc_errors;
  uint64_t segs_written, polls, pinned_pages;
  uint64_t host_cycles;                      /* host CPU cycles charged */
} vipl_stats_t;

/* ---- VIPL (Table 1) ---- */
VIP_RETURN VipOpenNic(comet_hw_t *hw, const vipl_config_t *cfg, VIP_NIC_HANDLE *nic);
VIP_RETURN VipCloseNic(VIP_NIC_HANDLE nic);
VIP_RETURN VipCreateVi(VIP_NIC_HANDLE nic, const VIP_VI_ATTRIBUTES *attrs, VIP_CQ_HANDLE send_cq,
                       VIP_CQ_HANDLE recv_cq, VIP_VI_HANDLE *vi);
VIP_RETURN VipDestroyVi(VIP_VI_HANDLE vi);
VIP_RETURN VipRegisterMem(VIP_NIC_HANDLE nic, VIP_VADDR va, VIP_ULONG length, const VIP_MEM_ATTRIBUTES *attrs,
                          VIP_MEM_HANDLE *mh);
VIP_RETURN VipDeregisterMem(VIP_NIC_HANDLE nic, VIP_VADDR va, VIP_MEM_HANDLE mh);
/* Post a descriptor built by vipl_cbuf_setup at desc (inside region mh). The library clears the
 * Status word and rings the VI's doorbell. */
VIP_RETURN VipPostSend(VIP_VI_HANDLE vi, VIP_VADDR desc, VIP_MEM_HANDLE mh);
VIP_RETURN VipPostRecv(VIP_VI_HANDLE vi, VIP_VADDR desc, VIP_MEM_HANDLE mh);
/* Head of the queue completed: *desc = its address, dequeued; VIP_SUCCESS (no error bit) or
 * VIP_DESCRIPTOR_ERROR (error bits: read them with vipl_desc_read). VIP_NOT_DONE otherwise. */
VIP_RETURN VipSendDone(VIP_VI_HANDLE vi, VIP_VADDR *desc);
VIP_RETURN VipRecvDone(VIP_VI_HANDLE vi, VIP_VADDR *desc);
/* Poll the head of the queue while the hardware runs, up to timeout cycles (0 = forever). */
VIP_RETURN VipSendWait(VIP_VI_HANDLE vi, VIP_ULONG timeout, VIP_VADDR *desc);
VIP_RETURN VipRecvWait(VIP_VI_HANDLE vi, VIP_ULONG timeout, VIP_VADDR *desc);

/* Descriptor set-up (the paper's vipl_cbuf_setup): d->DS[0 .. d->CS.SegCount-1] are virtually
 * contiguous buffers in registered regions; each is split at page boundaries where the next
 * page is not physically adjacent (and at 65535 bytes), translated through the translation
 * cache, and written as the engine's physical descriptor at desc (region desc_mh, 8-byte
 * aligned, inside one page). Length = sum of the buffers, Status = 0. *nsegs (if not NULL) =
 * physical segments written. More than VIPL_MAX_SEGS physical segments -> VIP_DESCRIPTOR_ERROR,
 * nothing written. */
VIP_RETURN vipl_cbuf_setup(VIP_NIC_HANDLE nic, VIP_VADDR desc, VIP_MEM_HANDLE desc_mh, const VIP_DESCRIPTOR *d,
                           unsigned *nsegs);
/* read back a descriptor's control segment (Status, Length, SegCount) and, if ds != NULL, its
 * physical data segments (Data = physical address) */
VIP_RETURN vipl_desc_read(VIP_NIC_HANDLE nic, VIP_VADDR desc, VIP_CONTROL_SEGMENT *cs, VIP_DATA_SEGMENT *ds);

/* ---- simulated process memory ---- */
VIP_RETURN vipl_valloc(VIP_NIC_HANDLE nic, VIP_ULONG length, VIP_VADDR *va); /* page aligned, zeroed */
VIP_RETURN vipl_vfree(VIP_NIC_HANDLE nic, VIP_VADDR va);                      /* refused while pinned */
VIP_RETURN vipl_vwrite(VIP_NIC_HANDLE nic, VIP_VADDR va, const void *src, VIP_ULONG len);
VIP_RETURN vipl_vread(VIP_NIC_HANDLE nic, VIP_VADDR va, void *dst, VIP_ULONG len);
/* the OS moves the page holding va to another physical page (paging model): refused
 * (VIP_ERROR_RESOURCE) while the page is pinned by a registration */
VIP_RETURN vipl_vm_migrate(VIP_NIC_HANDLE nic, VIP_VADDR va);
/* physical address of va through the page table (no cache, no cost); 0 when unmapped */
uint32_t vipl_vm_phys(VIP_NIC_HANDLE nic, VIP_VADDR va);

/* ---- segment splitting rule (pure; unit tested) ----
 * Buffer [va, va+len) covers pages p0..pn-1 whose physical page addresses are page_pa[0..n-1].
 * Writes at most max segments {pa, len} and returns their number, or -1 if more are needed
 * (or len == 0). A segment ends at a page boundary when the next page is not physically
 * adjacent, and never exceeds 65535 bytes. */
typedef struct {
  uint32_t pa, len;
} vipl_seg_t;
int vipl_split_phys(VIP_VADDR va, uint32_t len, const uint32_t *page_pa, unsigned npages, vipl_seg_t *out, unsigned max);

/* ---- host clock, hooks, statistics ---- */
void vipl_spend(VIP_NIC_HANDLE nic, uint64_t cycles); /* charge host CPU time */
void vipl_sync(VIP_NIC_HANDLE nic);                   /* tick the hardware up to the host clock */
/* Two NICs on one comet_hw: doorbell stores are posted at the storing node's host time and
 * issued when the hardware reaches it, whichever node advances the hardware (so a node whose
 * host clock runs ahead does not drag the other node's time along). Link both nodes' NICs.
 * vipl_link_group: the same for every NIC of an N-node comet_hw (a ring, in the given order). */
VIP_RETURN vipl_link_peer(VIP_NIC_HANDLE a, VIP_NIC_HANDLE b);
VIP_RETURN vipl_link_group(VIP_NIC_HANDLE *nics, unsigned count);
uint64_t vipl_now(VIP_NIC_HANDLE nic);                /* this node's host clock */
/* called once per poll iteration of VipSendWait / VipRecvWait (e.g. run the other node) */
void vipl_set_idle_hook(VIP_NIC_HANDLE nic, void (*hook)(void *ctx), void *ctx);
/* CSR access of this node with host-clock accounting (hardware synced before and after) */
void vipl_csr_write(VIP_NIC_HANDLE nic, uint32_t addr, uint32_t val);
uint32_t vipl_csr_read(VIP_NIC_HANDLE nic, uint32_t addr);
comet_hw_t *vipl_hw(VIP_NIC_HANDLE nic);
int vipl_node(VIP_NIC_HANDLE nic);
unsigned vipl_vi_number(VIP_VI_HANDLE vi);
const vipl_cost_t *vipl_cost(VIP_NIC_HANDLE nic);
void vipl_stats(VIP_NIC_HANDLE nic, vipl_stats_t *st);
#endif
