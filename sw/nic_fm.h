// SPDX-License-Identifier: Apache-2.0
/* Fabric manager for two-level fat trees: address assignment, standard fat-tree routing, linear
 * forwarding tables (LFT) in 64-entry blocks, and the block writes a failure costs (SPEC.md
 * section 5, seed 004; docs/reference/fabric_manager.md).
 *
 * Model
 *   - A topology is switches (ports 1..nports) and nodes (one port), joined by links. A two-level
 *     fat tree has LEAVES (switches with nodes) and SPINES (switches linked only to leaves); every
 *     leaf has exactly one link to every spine.
 *   - Node number: nodes are numbered in leaf order, then by the leaf port they are on (the
 *     physical order; leaf order and spine order are the order the switches were declared).
 *   - Addresses (the paper's LIDs): nodes from plan.node_base, leaf-major (address order = node
 *     number) or port-major (the paper's Fig. 7: the i-th node of every leaf, leaf by leaf, then
 *     the (i+1)-th ...); leaves then spines from plan.switch_base (0: right after the nodes).
 *   - Routing (the paper's section 3.1): the spine that carries the routes to a node is
 *     node_number mod nspine, whatever the address assignment; a leaf sends a remote destination
 *     up to that spine, a spine sends it down to the destination's leaf. Routes to leaf addresses
 *     rotate the same way over the leaf index. When the chosen spine is failed or a link on the
 *     path is down, the route moves to the remaining spines in turn (the k-th displaced route of
 *     a leaf takes the (k mod m)-th of the m usable spines); no other route changes.
 *   - LFT entry (16 bits): output port 1..nports, NIC_FM_PORT_SELF (0) for the switch's own address,
 *     NIC_FM_PORT_NONE (0xff) for no route. Entry a of a switch is in block a/64.
 * No globals; every object is owned by the caller (create / free pairs). */
#ifndef NIC_FM_H
#define NIC_FM_H
#include <stddef.h>
#include <stdint.h>

#define NIC_FM_BLOCK 64u           /* entries per LFT block (one block write = one MAD) */
#define NIC_FM_PORT_SELF 0u        /* the switch's own address */
#define NIC_FM_PORT_NONE 0xffffu   /* no route */
#define NIC_FM_MAX_PORTS 4096      /* a spine of the paper's 11,664-node tree has 648 */
#define NIC_FM_NAME_MAX 32
#define NIC_FM_IB_LFT_CAP 0xc000u  /* InfiniBand unicast addresses 0x0000-0xbfff */
#define NIC_FM_NIC_LFT_CAP 4096u   /* nic_switch LFT_DEPTH maximum (docs/reference/nic_switch.md) */
#define NIC_FM_MAD_US 264.0        /* the paper's Table 2 cost of one block write (us) */
#define NIC_FM_ERR_MAX 256

/* ---- topology ---------------------------------------------------------------------------- */
typedef struct nic_fm_topo nic_fm_topo;

nic_fm_topo *nic_fm_topo_new(void);
void nic_fm_topo_free(nic_fm_topo *t);
int nic_fm_topo_nswitch(const nic_fm_topo *t);
int nic_fm_topo_nnode(const nic_fm_topo *t);
const char *nic_fm_topo_switch_name(const nic_fm_topo *t, int sw);
/* builders: return the new index, or -1 with err set (err may be NULL) */
int nic_fm_topo_add_switch(nic_fm_topo *t, const char *name, int nports, char *err);
int nic_fm_topo_add_node(nic_fm_topo *t, const char *name, char *err);
/* link switch a port pa to switch b port pb (pa, pb in 1..nports) */
int nic_fm_topo_link_sw(nic_fm_topo *t, int a, int pa, int b, int pb, char *err);
/* link node n to switch s port p */
int nic_fm_topo_link_node(nic_fm_topo *t, int n, int s, int p, char *err);

/* generators (NULL only when out of memory):
 * two-level fat tree: nleaf leaves of nspine up ports (1..nspine) and ndown node ports
 * (nspine+1..nspine+ndown); nspine spines of nleaf ports (port l+1 to leaf l). */
nic_fm_topo *nic_fm_gen_two_level(int nleaf, int ndown, int nspine);
/* the paper's trees: 36-port leaves (18 up, 18 down), 18 spines; nodes = 18 * leaves
 * (648, 5832, 11664); returns NULL if nodes is not a positive multiple of 18 */
nic_fm_topo *nic_fm_gen_paper(int nodes);
/* k-ary two-level fat tree: k leaves of k down + k up ports, k spines of k ports; k*k nodes.
 * k = 4: the 16-node tree of the paper's Figs. 2-3; k = 16: the 256-node tree of Figs. 4-6. */
nic_fm_topo *nic_fm_gen_kary(int k);

/* topology file (docs/reference/fabric_manager.md): lines `switch NAME NPORTS`,
 * `node NAME`, `link A:PORT B:PORT` / `link NODE SWITCH:PORT`, `#` comments. The fat-tree check
 * and the table-capacity check of nic_fm_fabric_new are made too (lft_cap). Returns NULL on any
 * error with err = "file:line: message". */
nic_fm_topo *nic_fm_topo_read(const char *path, uint32_t lft_cap, char *err);

/* ---- fabric: tree + addresses + failures ------------------------------------------------ */
typedef enum { NIC_FM_LEAF_MAJOR = 0, NIC_FM_PORT_MAJOR = 1 } nic_fm_assign;

typedef struct {
  uint32_t node_base;   /* first node address (the paper: 0x1) */
  uint32_t switch_base; /* first leaf address (the paper: 0x4001); 0: right after the nodes */
  uint32_t lft_cap;     /* table entries a switch holds; every address must be below it */
} nic_fm_plan;

nic_fm_plan nic_fm_plan_paper(void); /* {0x1, 0x4001, NIC_FM_IB_LFT_CAP} */
nic_fm_plan nic_fm_plan_nic(void);   /* {0x1, 0, NIC_FM_NIC_LFT_CAP} */

typedef struct nic_fm_fabric nic_fm_fabric;

/* checks that t is a two-level fat tree and that all addresses fit below plan.lft_cap; the
 * fabric keeps a pointer to t (t must outlive it). NULL with err set on failure; an error about
 * a topology element names its declaration line when it came from a file. */
nic_fm_fabric *nic_fm_fabric_new(const nic_fm_topo *t, nic_fm_plan plan, nic_fm_assign assign,
                                 char *err);
void nic_fm_fabric_free(nic_fm_fabric *f);

int nic_fm_nleaf(const nic_fm_fabric *f);
int nic_fm_nspine(const nic_fm_fabric *f);
int nic_fm_nnode(const nic_fm_fabric *f);
/* fabric switch index: leaves 0..nleaf-1, then spines nleaf..nleaf+nspine-1 */
int nic_fm_nswitch(const nic_fm_fabric *f);
int nic_fm_switch_topo_index(const nic_fm_fabric *f, int fsw); /* index in the topology */
int nic_fm_is_spine(const nic_fm_fabric *f, int fsw);
uint32_t nic_fm_node_addr(const nic_fm_fabric *f, int node_number);
int nic_fm_node_topo_index(const nic_fm_fabric *f, int node_number); /* index in the topology */
uint32_t nic_fm_switch_addr(const nic_fm_fabric *f, int fsw);
int nic_fm_node_leaf(const nic_fm_fabric *f, int node_number);
int nic_fm_node_port(const nic_fm_fabric *f, int node_number); /* leaf port of the node */
int nic_fm_up_port(const nic_fm_fabric *f, int leaf, int spine);  /* leaf port to spine */
int nic_fm_down_port(const nic_fm_fabric *f, int spine, int leaf); /* spine port to leaf */
uint32_t nic_fm_max_node_addr(const nic_fm_fabric *f);
/* entries of every table (highest address + 1, rounded up to a block) and blocks per table */
uint32_t nic_fm_lft_entries(const nic_fm_fabric *f);
uint32_t nic_fm_lft_blocks(const nic_fm_fabric *f);

/* failures (cumulative; the next nic_fm_route sees them) */
int nic_fm_fail_spine(nic_fm_fabric *f, int spine);
int nic_fm_fail_link(nic_fm_fabric *f, int leaf, int spine);
void nic_fm_repair_all(nic_fm_fabric *f);
int nic_fm_spine_ok(const nic_fm_fabric *f, int spine);

/* ---- tables ------------------------------------------------------------------------------ */
typedef struct nic_fm_tables nic_fm_tables;

nic_fm_tables *nic_fm_tables_new(const nic_fm_fabric *f);
void nic_fm_tables_free(nic_fm_tables *t);
/* computes every switch's LFT for the fabric's present state (0, or -1 if t does not fit f) */
int nic_fm_route(const nic_fm_fabric *f, nic_fm_tables *t);
/* the 64 entries of block b of fabric switch fsw (NULL if out of range) */
const uint16_t *nic_fm_lft_block(const nic_fm_tables *t, int fsw, uint32_t b);
uint16_t nic_fm_lft_entry(const nic_fm_tables *t, int fsw, uint32_t addr);
/* a failed spine is not programmed: its table is all NIC_FM_PORT_NONE and is_live is 0 */
int nic_fm_tables_live(const nic_fm_tables *t, int fsw);

/* ---- changed blocks ---------------------------------------------------------------------- */
typedef enum {
  NIC_FM_BLK_NODE = 1,  /* the block has a changed entry of a node address */
  NIC_FM_BLK_SWITCH = 2 /* changed entries of switch addresses only */
} nic_fm_blk_kind;

typedef struct {
  int fsw;         /* fabric switch index */
  uint32_t block;  /* block number: entries block*64 .. block*64+63 */
  nic_fm_blk_kind kind;
} nic_fm_change;

typedef struct {
  uint64_t node_mads;    /* changed blocks with a changed node-address entry */
  uint64_t switch_mads;  /* changed blocks with changed switch-address entries only */
  uint64_t total_mads;
  uint32_t leaf_node_blocks_max; /* node-route blocks changed per leaf: largest, smallest */
  uint32_t leaf_node_blocks_min;
  double seconds;        /* total_mads * NIC_FM_MAD_US */
} nic_fm_diff_sum;

/* lists the blocks of `after` that differ from `before` on the switches live in `after`, switch
 * by switch in fabric order and block by block (out may be NULL; at most max entries are
 * stored); returns the number of changed blocks. sum may be NULL. Both sets must come from f. */
size_t nic_fm_diff(const nic_fm_fabric *f, const nic_fm_tables *before,
                   const nic_fm_tables *after, nic_fm_change *out, size_t max,
                   nic_fm_diff_sum *sum);

/* ---- closed forms of the paper (section 6.3.2) ------------------------------------------- */
/* node-route blocks per leaf: ceil(n/64), and after a spine failure with port-major addresses
 * ceil(n/64/p) (p = spine ports per leaf) */
uint32_t nic_fm_blocks_formula(uint32_t n);
uint32_t nic_fm_blocks_port_formula(uint32_t n, uint32_t p);

#endif
