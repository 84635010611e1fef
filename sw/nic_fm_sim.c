// SPDX-License-Identifier: Apache-2.0
/* nic_fm_sim: nic_fm's tables in the simulated fabric's switches; see nic_fm_sim.h. */
#include "nic_fm_sim.h"
#include <stdio.h>
#include <stdlib.h>
#include "nic_pkg.h"

struct nic_fm_sim {
  const nic_topo_t *t;
  nic_fm_topo *ft;
  nic_fm_fabric *fab;
  nic_fm_tables *cur, *next;
  uint32_t *addr; /* [topology node] */
};

void nic_fm_sim_free(nic_fm_sim *m) {
  if (!m) return;
  nic_fm_tables_free(m->cur);
  nic_fm_tables_free(m->next);
  nic_fm_fabric_free(m->fab);
  nic_fm_topo_free(m->ft);
  free(m->addr);
  free(m);
}

nic_fm_sim *nic_fm_sim_new(const nic_topo_t *t, nic_fm_assign assign, char *err) {
  nic_fm_sim *m = calloc(1, sizeof(*m));
  if (!m || !(m->ft = nic_fm_topo_new()) || !(m->addr = calloc((size_t)t->nodes + 1, sizeof(uint32_t)))) {
    snprintf(err, NIC_FM_ERR_MAX, "out of memory");
    nic_fm_sim_free(m);
    return NULL;
  }
  m->t = t;
  char name[NIC_FM_NAME_MAX];
  int ok = 1;
  for (int s = 0; ok && s < t->switches; s++) {
    snprintf(name, sizeof(name), "s%d", s);
    ok = nic_fm_topo_add_switch(m->ft, name, (int)t->radix, err) == s;
  }
  for (int n = 0; ok && n < t->nodes; n++) {
    snprintf(name, sizeof(name), "n%d", n);
    ok = nic_fm_topo_add_node(m->ft, name, err) == n;
  }
  for (int l = 0; ok && l < t->nlinks; l++) {
    const nic_topo_end_t *a = &t->link[l].a, *b = &t->link[l].b;
    if (a->kind == NIC_TOPO_SWITCH && b->kind == NIC_TOPO_SWITCH)
      ok = nic_fm_topo_link_sw(m->ft, a->id, a->port + 1, b->id, b->port + 1, err) >= 0;
    else if (a->kind == NIC_TOPO_NODE && b->kind == NIC_TOPO_SWITCH)
      ok = nic_fm_topo_link_node(m->ft, a->id, b->id, b->port + 1, err) >= 0;
    else if (b->kind == NIC_TOPO_NODE && a->kind == NIC_TOPO_SWITCH)
      ok = nic_fm_topo_link_node(m->ft, b->id, a->id, a->port + 1, err) >= 0;
    else {
      snprintf(err, NIC_FM_ERR_MAX, "%s: a node-to-node link is not a fat tree", t->name);
      ok = 0;
    }
  }
  if (ok) ok = (m->fab = nic_fm_fabric_new(m->ft, nic_fm_plan_nic(), assign, err)) != NULL;
  if (ok) {
    m->cur = nic_fm_tables_new(m->fab);
    m->next = nic_fm_tables_new(m->fab);
    ok = m->cur && m->next && !nic_fm_route(m->fab, m->cur);
    if (!ok) snprintf(err, NIC_FM_ERR_MAX, "out of memory");
  }
  if (!ok) {
    nic_fm_sim_free(m);
    return NULL;
  }
  for (int v = 0; v < nic_fm_nnode(m->fab); v++) m->addr[nic_fm_node_topo_index(m->fab, v)] = nic_fm_node_addr(m->fab, v);
  return m;
}

const nic_fm_fabric *nic_fm_sim_fabric(const nic_fm_sim *m) { return m->fab; }
uint32_t nic_fm_sim_addr(const nic_fm_sim *m, int n) { return m->addr[n]; }

uint32_t nic_fm_sim_entry(uint16_t e) {
  if (e == NIC_FM_PORT_NONE || e == NIC_FM_PORT_SELF) return 0;
  return (1u << NIC_SWITCH_LFT_DATA_VALID_LSB) | ((uint32_t)(e - 1u) << NIC_SWITCH_LFT_DATA_PORT_LSB);
}

static void write_block(nic_fm_sim *m, nic_fabric_t *f, const nic_fm_tables *tb, int fsw, uint32_t b) {
  const uint16_t *e = nic_fm_lft_block(tb, fsw, b);
  uint32_t v[64];
  for (unsigned i = 0; i < 64; i++) v[i] = nic_fm_sim_entry(e[i]);
  nic_fabric_lft_write(f, nic_fm_switch_topo_index(m->fab, fsw), b, v);
}

size_t nic_fm_sim_program(nic_fm_sim *m, nic_fabric_t *f) {
  size_t n = 0;
  for (int w = 0; w < nic_fm_nswitch(m->fab); w++) {
    if (!nic_fm_tables_live(m->cur, w)) continue;
    for (uint32_t b = 0; b < nic_fm_lft_blocks(m->fab); b++, n++) write_block(m, f, m->cur, w, b);
  }
  return n;
}

/* recompute, queue the changed blocks, keep the new tables */
static long update(nic_fm_sim *m, nic_fabric_t *f, nic_fm_diff_sum *sum) {
  if (nic_fm_route(m->fab, m->next)) return -1;
  size_t n = nic_fm_diff(m->fab, m->cur, m->next, NULL, 0, sum);
  nic_fm_change *ch = calloc(n + 1, sizeof(*ch));
  if (!ch) return -1;
  nic_fm_diff(m->fab, m->cur, m->next, ch, n, NULL);
  for (size_t i = 0; i < n; i++) write_block(m, f, m->next, ch[i].fsw, ch[i].block);
  free(ch);
  nic_fm_tables *x = m->cur;
  m->cur = m->next;
  m->next = x;
  return (long)n;
}

/* topology link on leaf l's up-port to spine s */
static int up_link(const nic_fm_sim *m, int l, int s) {
  int sw = nic_fm_switch_topo_index(m->fab, l), p = nic_fm_up_port(m->fab, l, s) - 1;
  return m->t->sw_link[sw * (int)m->t->radix + p];
}

long nic_fm_sim_fail_spine(nic_fm_sim *m, nic_fabric_t *f, int s, nic_fm_diff_sum *sum) {
  if (s < 0 || s >= nic_fm_nspine(m->fab)) return -1;
  for (int l = 0; l < nic_fm_nleaf(m->fab); l++) nic_fabric_link_fail(f, up_link(m, l, s));
  nic_fm_fail_spine(m->fab, s);
  return update(m, f, sum);
}

long nic_fm_sim_fail_link(nic_fm_sim *m, nic_fabric_t *f, int l, int s, nic_fm_diff_sum *sum) {
  if (l < 0 || l >= nic_fm_nleaf(m->fab) || s < 0 || s >= nic_fm_nspine(m->fab)) return -1;
  nic_fabric_link_fail(f, up_link(m, l, s));
  nic_fm_fail_link(m->fab, l, s);
  return update(m, f, sum);
}
