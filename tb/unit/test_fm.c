// SPDX-License-Identifier: Apache-2.0
/* Unit test of the fabric manager (sw/nic_fm.c; docs/reference/fabric_manager.md): the paper's
 * (seed 004) computed figures of Tables 2, 3 and 4, the forwarding tables of its Figs. 3, 5 and
 * 6, the spine rotation of Table 1, the port-major addresses of Figs. 4 and 7, failure handling
 * (only the failed spine's routes move, every route still reaches its destination, the moved
 * routes are spread over the remaining spines, the changed-block list), and the topology reader
 * on good and bad files (tb/unit/data/fm_*.txt: each error names its line).
 * Built by scripts/run_tests.sh like every tb/unit/test_*.c; run from the repository root. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../sw/nic_fm.c"

static int fails;
#define CHECK(c)                                                   \
  do {                                                             \
    if (!(c)) {                                                    \
      fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); \
      fails++;                                                     \
    }                                                              \
  } while (0)
#define CHECK_EQ(a, b)                                                                           \
  do {                                                                                           \
    long long _a = (long long)(a), _b = (long long)(b);                                          \
    if (_a != _b) {                                                                              \
      fprintf(stderr, "FAIL %s:%d: %s = %lld, expected %lld\n", __FILE__, __LINE__, #a, _a, _b); \
      fails++;                                                                                   \
    }                                                                                            \
  } while (0)

static nic_fm_fabric *fab(nic_fm_topo *t, nic_fm_assign as) {
  char err[NIC_FM_ERR_MAX] = "";
  nic_fm_fabric *f = nic_fm_fabric_new(t, nic_fm_plan_paper(), as, err);
  if (!f) fprintf(stderr, "fabric: %s\n", err);
  return f;
}

/* every leaf reaches every node and every other leaf through working links only */
static int walk_all(const nic_fm_fabric *f, const nic_fm_tables *t) {
  int bad = 0, L = nic_fm_nleaf(f), S = nic_fm_nspine(f);
  for (int l = 0; l < L; l++)
    for (int v = 0; v < nic_fm_nnode(f); v++) {
      uint32_t a = nic_fm_node_addr(f, v);
      int d = nic_fm_node_leaf(f, v);
      uint16_t p = nic_fm_lft_entry(t, l, a);
      if (d == l) {
        bad += p != nic_fm_node_port(f, v);
        continue;
      }
      int s = -1;
      for (int k = 0; k < S; k++)
        if (nic_fm_up_port(f, l, k) == p) s = k;
      if (s < 0 || !usable(f, l, s) || !usable(f, d, s)) {
        bad++;
        continue;
      }
      bad += nic_fm_lft_entry(t, L + s, a) != nic_fm_down_port(f, s, d);
    }
  return bad;
}

static void test_table2_table3(void) {
  static const int nodes[3] = {648, 5832, 11664};
  static const int leaves[3] = {36, 324, 648}, bpl[3] = {11, 92, 183};
  static const int total[3] = {396, 29808, 118584};
  static const double secs[3] = {0.10, 7.87, 31.31};
  for (int i = 0; i < 3; i++) {
    nic_fm_topo *t = nic_fm_gen_paper(nodes[i]);
    CHECK(t);
    if (!t) continue;
    nic_fm_fabric *f = fab(t, NIC_FM_LEAF_MAJOR);
    CHECK(f);
    if (f) {
      CHECK_EQ(nic_fm_nleaf(f), leaves[i]);
      CHECK_EQ(nic_fm_nspine(f), 18);
      uint32_t b = nic_fm_max_node_addr(f) / NIC_FM_BLOCK + 1;
      CHECK_EQ(b, bpl[i]);
      CHECK_EQ(nic_fm_blocks_formula((uint32_t)nodes[i]), bpl[i]);
      CHECK_EQ(b * (uint32_t)nic_fm_nleaf(f), total[i]);
      double s = b * nic_fm_nleaf(f) * NIC_FM_MAD_US * 1e-6;
      CHECK_EQ((long long)(s * 100 + 0.5), (long long)(secs[i] * 100 + 0.5));
      /* Table 3: node and leaf address ranges; 36-port leaves, spines of one port per leaf */
      CHECK_EQ(nic_fm_switch_addr(f, 0), 0x4001);
      CHECK_EQ(nic_fm_up_port(f, 0, 17), 18);
      CHECK_EQ(nic_fm_node_port(f, 17), 36);
      CHECK_EQ(nic_fm_down_port(f, 17, leaves[i] - 1), leaves[i]);
      if (nodes[i] == 5832) {
        CHECK_EQ(nic_fm_max_node_addr(f), 0x16c8);
        CHECK_EQ(nic_fm_switch_addr(f, 323), 0x4144);
      }
      if (nodes[i] == 11664) {
        CHECK_EQ(nic_fm_max_node_addr(f), 0x2d90);
        CHECK_EQ(nic_fm_switch_addr(f, 647), 0x4288);
      }
    }
    nic_fm_fabric_free(f);
    nic_fm_topo_free(t);
  }
  CHECK(nic_fm_gen_paper(100) == NULL);
}

/* node-route MADs when spine `s` (0-based) fails; sum filled */
static uint64_t spine_mads(nic_fm_fabric *f, int s, nic_fm_diff_sum *sum, int *walk_bad) {
  nic_fm_tables *a = nic_fm_tables_new(f), *b = nic_fm_tables_new(f);
  CHECK(a && b);
  nic_fm_repair_all(f);
  nic_fm_route(f, a);
  nic_fm_fail_spine(f, s);
  nic_fm_route(f, b);
  nic_fm_diff(f, a, b, NULL, 0, sum);
  if (walk_bad) *walk_bad = walk_all(f, b);
  /* only entries that pointed to the failed spine change, on the leaves; spines keep theirs */
  int L = nic_fm_nleaf(f), other = 0;
  uint16_t fp;
  for (int w = 0; w < nic_fm_nswitch(f); w++) {
    if (!nic_fm_tables_live(b, w)) continue;
    fp = w < L ? (uint16_t)nic_fm_up_port(f, w, s) : NIC_FM_PORT_NONE;
    for (uint32_t x = 0; x <= nic_fm_max_node_addr(f); x++) {
      uint16_t ea = nic_fm_lft_entry(a, w, x), eb = nic_fm_lft_entry(b, w, x);
      other += ea != eb && ea != fp;
    }
  }
  CHECK_EQ(other, 0);
  nic_fm_repair_all(f);
  nic_fm_tables_free(a);
  nic_fm_tables_free(b);
  return sum->node_mads;
}

static void test_table4(void) {
  static const int nodes[2] = {5832, 11664};
  static const uint32_t c_leaf[2] = {92, 183}, c_port[2] = {6, 11};
  static const uint64_t e_leaf[2] = {29808, 118584}, e_port[2] = {1944, 7128};
  /* exact differences: spine 1 and spine 2 (the OpenSM-measured 29,484 and 118,583 are the
   * exact differences of spines 1-9 at 5,832 and 2-18 at 11,664 nodes) */
  static const uint64_t x_leaf1[2] = {29484, 117936}, x_leaf2[2] = {29484, 118583};
  static const uint64_t x_port1[2] = {1944, 7128};
  for (int i = 0; i < 2; i++) {
    CHECK_EQ(nic_fm_blocks_formula((uint32_t)nodes[i]), c_leaf[i]);
    CHECK_EQ(nic_fm_blocks_port_formula((uint32_t)nodes[i], 18), c_port[i]);
    CHECK_EQ((uint64_t)c_leaf[i] * (uint64_t)(nodes[i] / 18), e_leaf[i]);
    CHECK_EQ((uint64_t)c_port[i] * (uint64_t)(nodes[i] / 18), e_port[i]);
    nic_fm_topo *t = nic_fm_gen_paper(nodes[i]);
    nic_fm_fabric *fl = fab(t, NIC_FM_LEAF_MAJOR), *fp = fab(t, NIC_FM_PORT_MAJOR);
    CHECK(fl && fp);
    if (fl && fp) {
      nic_fm_diff_sum s;
      int wb = -1;
      CHECK_EQ(spine_mads(fl, 0, &s, &wb), x_leaf1[i]);
      CHECK_EQ(wb, 0);
      CHECK_EQ(s.leaf_node_blocks_max, c_leaf[i] - 1);
      CHECK_EQ(spine_mads(fl, 1, &s, NULL), x_leaf2[i]);
      CHECK_EQ(spine_mads(fp, 0, &s, &wb), x_port1[i]);
      CHECK_EQ(wb, 0);
      CHECK_EQ(s.leaf_node_blocks_max, c_port[i]);
      CHECK_EQ(s.leaf_node_blocks_min, c_port[i]);
      /* switch-route MADs: every leaf rewrites its switch-address blocks, 17 spines one */
      CHECK_EQ(s.switch_mads, (uint64_t)(nodes[i] / 18) * (i ? 11 : 6) + 17);
      /* at most 1/18 of the node-route MADs can be saved to: port/leaf >= 1/18 */
      CHECK(s.node_mads * 18 >= x_leaf1[i]);
    }
    nic_fm_fabric_free(fl);
    nic_fm_fabric_free(fp);
    nic_fm_topo_free(t);
  }
}

static void test_figs(void) {
  /* Fig. 3 (16 nodes): leaf 1, addresses 0x0-0x11 */
  static const uint16_t fig3[18] = {NIC_FM_PORT_NONE, 5, 6, 7, 8, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3,
                                    4, NIC_FM_PORT_NONE};
  nic_fm_topo *t = nic_fm_gen_kary(4);
  nic_fm_fabric *f = fab(t, NIC_FM_LEAF_MAJOR);
  nic_fm_tables *tb = nic_fm_tables_new(f);
  nic_fm_route(f, tb);
  for (uint32_t a = 0; a < 18; a++) CHECK_EQ(nic_fm_lft_entry(tb, 0, a), fig3[a]);
  /* Table 1: nodes 1,5,9,d via spine 1, 2,6,a,e via spine 2, 3,7,b,f via 3, 4,8,c,10 via 4 (seen
   * from leaf 4, whose up port k goes to spine k) */
  for (uint32_t a = 1; a <= 12; a++) CHECK_EQ(nic_fm_lft_entry(tb, 3, a), (a - 1) % 4 + 1);
  CHECK_EQ(walk_all(f, tb), 0);
  nic_fm_tables_free(tb);
  nic_fm_fabric_free(f);
  nic_fm_topo_free(t);

  /* Figs. 4-6 (256 nodes, 16 leaves of 32 ports: 1-16 up, 17-32 to nodes) */
  t = nic_fm_gen_kary(16);
  for (int as = 0; as < 2; as++) {
    f = fab(t, (nic_fm_assign)as);
    tb = nic_fm_tables_new(f);
    nic_fm_route(f, tb);
    const uint16_t *b0 = nic_fm_lft_block(tb, 0, 0), *b4 = nic_fm_lft_block(tb, 0, 4);
    CHECK(b0 && b4 && nic_fm_lft_block(tb, 0, nic_fm_lft_blocks(f)) == NULL);
    if (!b0 || !b4) break;
    CHECK_EQ(b0[0], NIC_FM_PORT_NONE);
    CHECK_EQ(b4[0], 16); /* address 0x100 */
    CHECK_EQ(b4[1], NIC_FM_PORT_NONE);
    if (as == NIC_FM_LEAF_MAJOR) { /* Fig. 5 */
      for (uint32_t a = 1; a <= 0x10; a++) CHECK_EQ(nic_fm_lft_entry(tb, 0, a), 16 + a);
      for (uint32_t a = 0x11; a <= 0x100; a++) CHECK_EQ(nic_fm_lft_entry(tb, 0, a), (a - 1) % 16 + 1);
    } else { /* Fig. 4 (leaf 1's nodes: 1, 11, 21 .. f1), Fig. 6 */
      for (int q = 0; q < 16; q++) CHECK_EQ(nic_fm_node_addr(f, q), 1 + 16 * q);
      CHECK_EQ(nic_fm_node_addr(f, 16), 2); /* leaf 2, first port */
      for (uint32_t a = 1; a <= 0x100; a++)
        CHECK_EQ(nic_fm_lft_entry(tb, 0, a), (a - 1) % 16 == 0 ? 17 + (a - 1) / 16 : (a - 1) / 16 + 1);
    }
    /* spine 1 fails: 4 blocks per leaf (Fig. 5), 1 (Fig. 6); the list names them */
    nic_fm_tables *tb2 = nic_fm_tables_new(f);
    nic_fm_fail_spine(f, 0);
    nic_fm_route(f, tb2);
    nic_fm_change ch[200];
    nic_fm_diff_sum s;
    size_t n = nic_fm_diff(f, tb, tb2, ch, 200, &s);
    CHECK_EQ(s.leaf_node_blocks_max, as ? 1 : 4);
    CHECK_EQ(s.leaf_node_blocks_min, as ? 1 : 4);
    CHECK_EQ(s.node_mads, as ? 16 : 64);
    CHECK_EQ(n, s.total_mads);
    CHECK(!nic_fm_tables_live(tb2, 16) && nic_fm_tables_live(tb2, 17));
    size_t nn = 0;
    for (size_t i = 0; i < n && i < 200; i++) {
      CHECK(ch[i].fsw != 16); /* the failed spine is not written */
      if (ch[i].kind == NIC_FM_BLK_NODE) {
        nn++;
        CHECK(ch[i].fsw < 16);
        if (as) CHECK_EQ(ch[i].block, 0);
      } else {
        CHECK(ch[i].block == 0x4000 / 64);
      }
    }
    CHECK_EQ(nn, s.node_mads);
    CHECK_EQ(walk_all(f, tb2), 0);
    /* the moved routes are spread over the remaining spines (leaf 1: 15 remote destinations
     * of spine 1 -> 15 spines, one each) */
    int cnt[17] = {0};
    for (uint32_t a = 1; a <= 0x100; a++) {
      uint16_t p = nic_fm_lft_entry(tb2, 0, a);
      if (p <= 16) cnt[p]++;
    }
    CHECK_EQ(cnt[1], 0);
    for (int p = 2; p <= 16; p++) CHECK_EQ(cnt[p], 16);
    nic_fm_tables_free(tb2);
    nic_fm_tables_free(tb);
    nic_fm_fabric_free(f);
  }
  nic_fm_topo_free(t);
}

static void test_link_failure(void) {
  nic_fm_topo *t = nic_fm_gen_kary(4);
  nic_fm_fabric *f = fab(t, NIC_FM_LEAF_MAJOR);
  nic_fm_tables *a = nic_fm_tables_new(f), *b = nic_fm_tables_new(f);
  nic_fm_route(f, a);
  CHECK_EQ(nic_fm_fail_link(f, 1, 0), 0); /* leaf 2 - spine 1 */
  CHECK(nic_fm_fail_link(f, 4, 0) < 0);
  nic_fm_route(f, b);
  CHECK_EQ(walk_all(f, b), 0);
  /* leaf 2 no longer uses up port 1; other leaves reach leaf 2's node 5 (via spine 1 before)
   * through another spine; spine 1 has no route to leaf 2's nodes; spine 1 stays live */
  for (uint32_t x = 1; x <= 16; x++) CHECK(nic_fm_lft_entry(b, 1, x) != 1);
  CHECK_EQ(nic_fm_lft_entry(a, 0, 5), 1);
  CHECK(nic_fm_lft_entry(b, 0, 5) != 1);
  CHECK_EQ(nic_fm_lft_entry(b, 0, 9), 1); /* node 9 (leaf 3) still via spine 1 */
  for (uint32_t x = 5; x <= 8; x++) CHECK_EQ(nic_fm_lft_entry(b, 4, x), NIC_FM_PORT_NONE);
  CHECK(nic_fm_tables_live(b, 4));
  nic_fm_diff_sum s;
  nic_fm_diff(f, a, b, NULL, 0, &s);
  CHECK_EQ(s.node_mads, 5); /* block 0 of the 4 leaves and of spine 1 */
  nic_fm_tables_free(a);
  nic_fm_tables_free(b);
  nic_fm_fabric_free(f);
  nic_fm_topo_free(t);
}

/* a generic tree (6 nodes per leaf, 4 spines: the rotation is not the port rank) */
static void test_generic(void) {
  nic_fm_topo *t = nic_fm_gen_two_level(5, 6, 4);
  for (int as = 0; as < 2; as++) {
    nic_fm_fabric *f = fab(t, (nic_fm_assign)as);
    CHECK(f);
    if (!f) continue;
    nic_fm_diff_sum s;
    int wb = -1;
    for (int sp = 0; sp < 4; sp++) {
      spine_mads(f, sp, &s, &wb);
      CHECK_EQ(wb, 0);
    }
    nic_fm_tables *a = nic_fm_tables_new(f), *b = nic_fm_tables_new(f);
    nic_fm_route(f, a);
    CHECK_EQ(walk_all(f, a), 0);
    nic_fm_fail_link(f, 2, 3);
    nic_fm_fail_link(f, 0, 1);
    nic_fm_route(f, b);
    CHECK_EQ(walk_all(f, b), 0);
    nic_fm_tables_free(a);
    nic_fm_tables_free(b);
    nic_fm_fabric_free(f);
  }
  nic_fm_topo_free(t);
  /* two leaves and no spine: not a tree */
  t = nic_fm_topo_new();
  char err[NIC_FM_ERR_MAX] = "";
  int l1 = nic_fm_topo_add_switch(t, "l1", 2, err), l2 = nic_fm_topo_add_switch(t, "l2", 2, err);
  int n1 = nic_fm_topo_add_node(t, "n1", err), n2 = nic_fm_topo_add_node(t, "n2", err);
  CHECK_EQ(nic_fm_topo_link_node(t, n1, l1, 1, err), 0);
  CHECK_EQ(nic_fm_topo_link_node(t, n2, l2, 1, err), 0);
  CHECK(nic_fm_topo_link_node(t, n2, l1, 2, err) < 0);
  CHECK(strstr(err, "duplicate link: node 'n2'") != NULL);
  CHECK(nic_fm_fabric_new(t, nic_fm_plan_nic(), NIC_FM_LEAF_MAJOR, err) == NULL);
  CHECK(strstr(err, "not a tree") != NULL);
  nic_fm_topo_free(t);
}

/* reads path with table capacity cap; expects an error starting "path:line:" holding `what` */
static void expect_error(const char *path, uint32_t cap, int line, const char *what) {
  char err[NIC_FM_ERR_MAX] = "", want[NIC_FM_ERR_MAX];
  nic_fm_topo *t = nic_fm_topo_read(path, cap, err);
  CHECK(t == NULL);
  nic_fm_topo_free(t);
  snprintf(want, sizeof want, "%s:%d: ", path, line);
  if (strncmp(err, want, strlen(want)) || !strstr(err, what)) {
    fprintf(stderr, "FAIL %s: error '%s', expected '%s...%s'\n", path, err, want, what);
    fails++;
  }
}

static void test_reader(void) {
  char err[NIC_FM_ERR_MAX] = "";
  const char *d = "tb/unit/data/";
  char p[256];
  /* the 16-node file gives the generator's tables */
  snprintf(p, sizeof p, "%sfm_tree16.txt", d);
  nic_fm_topo *t = nic_fm_topo_read(p, NIC_FM_NIC_LFT_CAP, err);
  CHECK(t);
  if (!t) fprintf(stderr, "  %s\n", err);
  nic_fm_topo *g = nic_fm_gen_kary(4);
  if (t) {
    nic_fm_fabric *f = fab(t, NIC_FM_PORT_MAJOR), *fg = fab(g, NIC_FM_PORT_MAJOR);
    nic_fm_tables *a = nic_fm_tables_new(f), *b = nic_fm_tables_new(fg);
    nic_fm_route(f, a);
    nic_fm_route(fg, b);
    for (int w = 0; w < 8; w++)
      for (uint32_t x = 0; x < nic_fm_lft_entries(f); x++)
        if (nic_fm_lft_entry(a, w, x) != nic_fm_lft_entry(b, w, x)) fails++;
    CHECK(!strcmp(nic_fm_topo_switch_name(t, nic_fm_switch_topo_index(f, 4)), "spine1"));
    nic_fm_tables_free(a);
    nic_fm_tables_free(b);
    nic_fm_fabric_free(f);
    nic_fm_fabric_free(fg);
  }
  nic_fm_topo_free(t);
  nic_fm_topo_free(g);
#define BAD(file, cap, line, what)                         \
  do {                                                     \
    snprintf(p, sizeof p, "%s%s", d, file);                \
    expect_error(p, cap, line, what);                      \
  } while (0)
  BAD("fm_bad_leaf_leaf.txt", 4096, 19, "not a two-level fat tree");
  BAD("fm_bad_spine_spine.txt", 4096, 19, "not a two-level fat tree: link between spines");
  BAD("fm_bad_dup_link.txt", 4096, 19, "duplicate link between leaf 'leaf1' and spine 'spine1'");
  BAD("fm_bad_dup_port.txt", 4096, 19, "duplicate link: port 1 of switch 'leaf2'");
  BAD("fm_bad_missing_link.txt", 4096, 4, "missing link: leaf 'leaf2' has no link to spine 'spine2'");
  BAD("fm_bad_node_unlinked.txt", 4096, 19, "missing link: node 'e'");
  BAD("fm_bad_unknown_name.txt", 4096, 19, "unknown name 'spine3'");
  BAD("fm_bad_keyword.txt", 4096, 19, "unknown keyword 'router'");
  BAD("fm_bad_port.txt", 4096, 19, "has no port 9");
  /* more destinations than the table holds: 4 nodes need addresses 1..4, 4 switches 5..8 */
  BAD("fm_tree4.txt", 4, 17, "more destinations than the table holds: node 'd'");
  BAD("fm_tree4.txt", 7, 5, "more destinations than the table holds: switch 'spine1'");
  snprintf(p, sizeof p, "%sfm_tree4.txt", d);
  t = nic_fm_topo_read(p, 9, err);
  CHECK(t);
  nic_fm_topo_free(t);
  CHECK(nic_fm_topo_read("tb/unit/data/no_such_file.txt", 4096, err) == NULL);
  /* the paper plan needs switch addresses above 0x4000: too big for a 4096-entry table */
  g = nic_fm_gen_kary(4);
  nic_fm_plan pl = nic_fm_plan_paper();
  pl.lft_cap = NIC_FM_NIC_LFT_CAP;
  CHECK(nic_fm_fabric_new(g, pl, NIC_FM_LEAF_MAJOR, err) == NULL);
  CHECK(strstr(err, "more destinations than the table holds") != NULL);
  nic_fm_fabric *f = nic_fm_fabric_new(g, nic_fm_plan_nic(), NIC_FM_LEAF_MAJOR, err);
  CHECK(f);
  if (f) {
    CHECK_EQ(nic_fm_switch_addr(f, 0), 17);
    CHECK_EQ(nic_fm_lft_entries(f), 64);
  }
  nic_fm_fabric_free(f);
  nic_fm_topo_free(g);
}

int main(void) {
  test_table2_table3();
  test_table4();
  test_figs();
  test_link_failure();
  test_generic();
  test_reader();
  if (fails) {
    fprintf(stderr, "test_fm: %d failure(s)\n", fails);
    return 1;
  }
  printf("test_fm: all checks passed\n");
  return 0;
}
