// SPDX-License-Identifier: Apache-2.0
/* nic_fm: command line tool of the fabric manager (sw/nic_fm.h).
 *
 *   nic_fm tables [--csv PATH]      the paper's Tables 2 and 4 beside the computed values, and a
 *                                   sweep of tree sizes against the closed forms (exit 1 when a
 *                                   computed value differs from the paper's computed value or a
 *                                   sweep check fails); --csv writes the sweep for
 *                                   scripts/plot_fdb.py
 *   nic_fm show TOPOLOGY [options]  addresses, forwarding tables and the blocks a failure changes
 *   nic_fm check FILE [--plan P]    read and check a topology file (exit 1 with file:line: error)
 *
 * TOPOLOGY: --topo FILE | --gen paper:NODES | --gen kary:K | --gen tree:LEAVES,DOWN,SPINES
 * options:  --assign leaf|port  --plan paper|nic  --fail-spine S  --fail-link L,S  (1-based)
 *           --switch I (1-based fabric switch: leaves, then spines; 0 = all)  --changes
 *           --out FILE (every table as text; written only when everything succeeded) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nic_fm.h"

/* ---- number formatting ------------------------------------------------------------------- */
static const char *commas(unsigned long long v, char *buf, size_t n) {
  char tmp[32];
  snprintf(tmp, sizeof tmp, "%llu", v);
  size_t len = strlen(tmp), o = 0;
  for (size_t i = 0; i < len && o + 2 < n; i++) {
    if (i && (len - i) % 3 == 0) buf[o++] = ',';
    buf[o++] = tmp[i];
  }
  buf[o] = 0;
  return buf;
}
#define C(v) commas((unsigned long long)(v), (char[32]){0}, 32)

/* ---- one failure scenario ---------------------------------------------------------------- */
typedef struct {
  nic_fm_diff_sum sum;
  uint32_t node_blocks; /* node-route blocks of a leaf's table */
} scen;

/* routes f before and after failing spine `spine` (0-based); 0 or -1 */
static int run_spine(nic_fm_fabric *f, int spine, scen *r) {
  nic_fm_tables *a = nic_fm_tables_new(f), *b = nic_fm_tables_new(f);
  int rc = -1;
  if (a && b) {
    nic_fm_repair_all(f);
    nic_fm_route(f, a);
    nic_fm_fail_spine(f, spine);
    nic_fm_route(f, b);
    nic_fm_diff(f, a, b, NULL, 0, &r->sum);
    r->node_blocks = nic_fm_max_node_addr(f) / NIC_FM_BLOCK + 1;
    nic_fm_repair_all(f);
    rc = 0;
  }
  nic_fm_tables_free(a);
  nic_fm_tables_free(b);
  return rc;
}

static nic_fm_fabric *paper_fabric(nic_fm_topo **topo, int nodes, nic_fm_assign as) {
  char err[NIC_FM_ERR_MAX];
  *topo = nic_fm_gen_paper(nodes);
  if (!*topo) return NULL;
  nic_fm_fabric *f = nic_fm_fabric_new(*topo, nic_fm_plan_paper(), as, err);
  if (!f) fprintf(stderr, "nic_fm: %s\n", err);
  return f;
}

#define NIC_FM_MAX_SPINES_SHOWN 18
static int bad;
static const char *mark(unsigned long long ours, unsigned long long paper) {
  if (ours != paper) bad++;
  return ours == paper ? "ok" : "DIFFERS";
}

/* ---- Table 2 ------------------------------------------------------------------------------ */
static int table2(void) {
  static const int nodes[3] = {648, 5832, 11664};
  static const unsigned leaves_p[3] = {36, 324, 648}, bpl_p[3] = {11, 92, 183};
  static const unsigned total_p[3] = {396, 29808, 118584};
  static const char *time_p[3] = {"0.10", "7.87", "31.31"};
  printf("Table 2: node-route FDB blocks of the leaf switches, leaf-major addresses\n");
  printf("(computed: every node-route block of every leaf written once, %.0f us per MAD)\n\n",
         NIC_FM_MAD_US);
  unsigned lv[3], bpl[3], tot[3];
  char tm[3][16];
  for (int i = 0; i < 3; i++) {
    nic_fm_topo *t;
    nic_fm_fabric *f = paper_fabric(&t, nodes[i], NIC_FM_LEAF_MAJOR);
    if (!f) return -1;
    lv[i] = (unsigned)nic_fm_nleaf(f);
    bpl[i] = nic_fm_max_node_addr(f) / NIC_FM_BLOCK + 1; /* blocks 0 .. the highest node's */
    tot[i] = lv[i] * bpl[i];
    snprintf(tm[i], sizeof tm[i], "%.2f", tot[i] * NIC_FM_MAD_US * 1e-6);
    if (bpl[i] != nic_fm_blocks_formula((uint32_t)nodes[i])) bad++;
    nic_fm_fabric_free(f);
    nic_fm_topo_free(t);
  }
  printf("  %-26s %-10s %10s %10s %10s\n", "nodes", "", "648", "5,832", "11,664");
  printf("  %-26s %-10s %10u %10u %10u\n", "leaf switches", "computed", lv[0], lv[1], lv[2]);
  printf("  %-26s %-10s %10u %10u %10u  %s\n", "", "paper", leaves_p[0], leaves_p[1], leaves_p[2],
         !strcmp(mark(lv[0], leaves_p[0]), "ok") && !strcmp(mark(lv[1], leaves_p[1]), "ok") &&
                 !strcmp(mark(lv[2], leaves_p[2]), "ok") ? "equal" : "DIFFERENT");
  printf("  %-26s %-10s %10u %10u %10u\n", "FDB blocks per leaf", "computed", bpl[0], bpl[1], bpl[2]);
  printf("  %-26s %-10s %10u %10u %10u  %s\n", "", "paper", bpl_p[0], bpl_p[1], bpl_p[2],
         !strcmp(mark(bpl[0], bpl_p[0]), "ok") && !strcmp(mark(bpl[1], bpl_p[1]), "ok") &&
                 !strcmp(mark(bpl[2], bpl_p[2]), "ok") ? "equal" : "DIFFERENT");
  printf("  %-26s %-10s %10s %10s %10s\n", "FDB blocks in all", "computed", C(tot[0]), C(tot[1]),
         C(tot[2]));
  printf("  %-26s %-10s %10s %10s %10s  %s\n", "", "paper", C(total_p[0]), C(total_p[1]),
         C(total_p[2]),
         !strcmp(mark(tot[0], total_p[0]), "ok") && !strcmp(mark(tot[1], total_p[1]), "ok") &&
                 !strcmp(mark(tot[2], total_p[2]), "ok") ? "equal" : "DIFFERENT");
  int teq = 1;
  for (int i = 0; i < 3; i++)
    if (strcmp(tm[i], time_p[i])) teq = 0, bad++;
  printf("  %-26s %-10s %10s %10s %10s\n", "update time (s)", "computed", tm[0], tm[1], tm[2]);
  printf("  %-26s %-10s %10s %10s %10s  %s\n\n", "", "paper", time_p[0], time_p[1], time_p[2],
         teq ? "equal" : "DIFFERENT");
  return 0;
}

/* ---- Table 4 ------------------------------------------------------------------------------ */
static int table4(void) {
  static const int nodes[2] = {5832, 11664};
  /* paper Table 4, columns 5,832 leaf / port, 11,664 leaf / port */
  static const unsigned long long pa[4] = {30267, 2727, 121715, 10260};  /* (a) OpenSM */
  static const unsigned long long pb[4] = {29484, 1944, 118583, 7128};   /* (b) OpenSM */
  static const unsigned long long pc[4] = {92, 6, 183, 11};              /* (c) computed */
  static const unsigned long long pd[4] = {324, 324, 648, 648};          /* (d) */
  static const unsigned long long pe[4] = {29808, 1944, 118584, 7128};   /* (e) computed */
  unsigned long long c[4], d[4], e[4], b1[4], a1[4], sw1[4], bmin[4], bmax[4], cx[4];
  char match[4][96], all4[96] = "";
  int hit[4][NIC_FM_MAX_SPINES_SHOWN] = {{0}};
  for (int i = 0; i < 4; i++) {
    int n = nodes[i / 2];
    nic_fm_assign as = i % 2 ? NIC_FM_PORT_MAJOR : NIC_FM_LEAF_MAJOR;
    nic_fm_topo *t;
    nic_fm_fabric *f = paper_fabric(&t, n, as);
    if (!f) return -1;
    int p = nic_fm_nspine(f);
    d[i] = (unsigned long long)nic_fm_nleaf(f);
    c[i] = as == NIC_FM_LEAF_MAJOR ? nic_fm_blocks_formula((uint32_t)n)
                                   : nic_fm_blocks_port_formula((uint32_t)n, (uint32_t)p);
    e[i] = c[i] * d[i];
    bmin[i] = ~0ull;
    bmax[i] = 0;
    size_t ml = 0;
    match[i][0] = 0;
    for (int s = 0; s < p; s++) {
      scen r;
      if (run_spine(f, s, &r)) return -1;
      if (s == 0) {
        b1[i] = r.sum.node_mads;
        a1[i] = r.sum.total_mads;
        sw1[i] = r.sum.switch_mads;
        cx[i] = r.sum.leaf_node_blocks_max;
      }
      if (r.sum.node_mads < bmin[i]) bmin[i] = r.sum.node_mads;
      if (r.sum.node_mads > bmax[i]) bmax[i] = r.sum.node_mads;
      if (s < NIC_FM_MAX_SPINES_SHOWN) hit[i][s] = r.sum.node_mads == pb[i];
      if (r.sum.node_mads == pb[i] && ml + 8 < sizeof match[i])
        ml += (size_t)snprintf(match[i] + ml, sizeof match[i] - ml, "%s%d", ml ? "," : "", s + 1);
    }
    nic_fm_fabric_free(f);
    nic_fm_topo_free(t);
  }
  size_t al = 0;
  for (int s = 0; s < NIC_FM_MAX_SPINES_SHOWN; s++)
    if (hit[0][s] && hit[1][s] && hit[2][s] && hit[3][s] && al + 8 < sizeof all4)
      al += (size_t)snprintf(all4 + al, sizeof all4 - al, "%s%d", al ? "," : "", s + 1);
  printf("Table 4: one spine fails (18 spines; 'spine 1' = the first spine)\n\n");
  printf("  %-44s %12s %12s %12s %12s\n", "", "5,832 nodes", "", "11,664 nodes", "");
  printf("  %-44s %12s %12s %12s %12s\n", "", "leaf-major", "port-major", "leaf-major", "port-major");
#define ROW(label, src, arr)                                                                     \
  printf("  %-32s %-11s %12s %12s %12s %12s\n", label, src, C(arr[0]), C(arr[1]), C(arr[2]),   \
         C(arr[3]))
  ROW("(c) blocks per leaf (formula)", "computed", c);
  ROW("", "paper", pc);
  ROW("(d) leaves", "computed", d);
  ROW("", "paper", pd);
  ROW("(e) (c) x (d) node-route MADs", "computed", e);
  ROW("", "paper", pe);
  for (int i = 0; i < 4; i++) {
    mark(c[i], pc[i]);
    mark(d[i], pd[i]);
    mark(e[i], pe[i]);
  }
  int eq = 1;
  for (int i = 0; i < 4; i++) eq &= c[i] == pc[i] && d[i] == pd[i] && e[i] == pe[i];
  printf("  %-44s %s\n\n", "(c) (d) (e): computed vs paper", eq ? "equal" : "DIFFERENT");
  printf("  exact table difference (every entry compared, blocks with a changed entry counted):\n");
  ROW("blocks per leaf, spine 1 fails", "largest", cx);
  ROW("(b) node-route MADs, spine 1", "computed", b1);
  ROW("", "OpenSM", pb);
  char rng[4][32];
  for (int i = 0; i < 4; i++) snprintf(rng[i], sizeof rng[i], "%s..%s", C(bmin[i]), C(bmax[i]));
  printf("  (b) node-route MADs over the 18 possible failed spines, min..max:\n");
  printf("    %s (5,832 leaf-major), %s (port-major), %s (11,664 leaf-major), %s (port-major)\n",
         rng[0], rng[1], rng[2], rng[3]);
  printf("  spines whose failure gives exactly the OpenSM (b) figure:\n");
  static const char *col[4] = {"5,832 leaf-major", "5,832 port-major", "11,664 leaf-major",
                               "11,664 port-major"};
  for (int i = 0; i < 4; i++) printf("    %-18s %s\n", col[i], match[i][0] ? match[i] : "none");
  printf("    %-18s %s\n", "all four", all4[0] ? all4 : "none");
  unsigned long long psw[4];
  for (int i = 0; i < 4; i++) psw[i] = pa[i] - pb[i];
  ROW("switch-route MADs, spine 1", "computed", sw1);
  ROW("", "OpenSM(a-b)", psw);
  ROW("(a) all route MADs, spine 1", "computed", a1);
  ROW("", "OpenSM", pa);
  char tm[4][16];
  for (int i = 0; i < 4; i++) snprintf(tm[i], sizeof tm[i], "%.3f", a1[i] * NIC_FM_MAD_US * 1e-6);
  printf("  %-32s %-11s %12s %12s %12s %12s\n", "update time (s) at 264 us/MAD", "computed", tm[0],
         tm[1], tm[2], tm[3]);
  printf("  %-32s %-11s %11.1fx %12s %11.1fx\n", "node-route MAD reduction", "computed",
         (double)b1[0] / (double)b1[1], "", (double)b1[2] / (double)b1[3]);
  printf("  %-32s %-11s %11.1fx %12s %11.1fx\n", "", "OpenSM", (double)pb[0] / (double)pb[1], "",
         (double)pb[2] / (double)pb[3]);
  double r0 = (double)b1[1] / (double)b1[0], r1 = (double)b1[3] / (double)b1[2];
  int bound_ok = r0 * 18.0 >= 1.0 && r1 * 18.0 >= 1.0;
  if (!bound_ok) bad++;
  printf("  %-32s %-11s %12.4f %12s %12.4f  %s 1/18 = %.4f\n", "node-route MADs port/leaf",
         "computed", r0, "", r1, bound_ok ? ">=" : "BELOW", 1.0 / 18);
  printf("  %-32s %-11s %11.1fx %12s %11.1fx\n", "all-route MAD reduction", "computed",
         (double)a1[0] / (double)a1[1], "", (double)a1[2] / (double)a1[3]);
  printf("  %-32s %-11s %11.1fx %12s %11.1fx\n\n", "", "OpenSM", (double)pa[0] / (double)pa[1], "",
         (double)pa[2] / (double)pa[3]);
#undef ROW
  return 0;
}

/* ---- sweep -------------------------------------------------------------------------------- */
static int sweep_one(FILE *csv, const char *kind, int nleaf, int ndown, int nspine) {
  nic_fm_topo *t = nic_fm_gen_two_level(nleaf, ndown, nspine);
  if (!t) return -1;
  char err[NIC_FM_ERR_MAX];
  scen r[2];
  uint32_t n = (uint32_t)(nleaf * ndown), p = (uint32_t)nspine;
  for (int as = 0; as < 2; as++) {
    nic_fm_fabric *f = nic_fm_fabric_new(t, nic_fm_plan_paper(), (nic_fm_assign)as, err);
    if (!f) {
      fprintf(stderr, "nic_fm: %s\n", err);
      nic_fm_topo_free(t);
      return -1;
    }
    int rc = run_spine(f, 0, &r[as]);
    nic_fm_fabric_free(f);
    if (rc) {
      nic_fm_topo_free(t);
      return -1;
    }
  }
  nic_fm_topo_free(t);
  uint32_t fl = nic_fm_blocks_formula(n), fp = nic_fm_blocks_port_formula(n, p);
  uint32_t lm = r[0].sum.leaf_node_blocks_max, pm = r[1].sum.leaf_node_blocks_max;
  uint32_t via = n / p; /* destinations per spine (one per leaf when ndown = nspine) */
  double ratio = r[0].sum.node_mads ? (double)r[1].sum.node_mads / (double)r[0].sum.node_mads : 0;
  /* checks: leaf-major changes every node block but at most the last (the first holds
   * address 0, no node); port-major needs at least the blocks of one spine's destinations
   * other than the leaf's own, at most one more than the closed form; ratio >= 1/p */
  int ok = lm <= r[0].node_blocks && lm + 1 >= fl && r[0].node_blocks >= fl &&
           r[0].node_blocks <= fl + 1 && pm >= (via - 1 + NIC_FM_BLOCK - 1) / NIC_FM_BLOCK &&
           pm <= fp + 1 && ratio * p >= 1.0 - 1e-12;
  if (!ok) bad++;
  printf("  %-6s %7u %6d %6d %7u %7u %7u %7u %7u %9s %9s %8.4f %8.4f  %s\n", kind, n, nleaf,
         nspine, r[0].node_blocks, fl, lm, fp, pm, C(r[0].sum.node_mads), C(r[1].sum.node_mads),
         ratio, 1.0 / p, ok ? "ok" : "FAIL");
  if (csv)
    fprintf(csv, "%s,%u,%d,%d,%u,%u,%u,%u,%u,%llu,%llu,%.6f\n", kind, n, nleaf, nspine,
            r[0].node_blocks, fl, lm, fp, pm, (unsigned long long)r[0].sum.node_mads,
            (unsigned long long)r[1].sum.node_mads, ratio);
  return 0;
}

static int sweep(const char *csv_path) {
  FILE *csv = NULL;
  char tmp[512];
  if (csv_path) {
    snprintf(tmp, sizeof tmp, "%s.tmp", csv_path);
    csv = fopen(tmp, "w");
    if (!csv) {
      perror(tmp);
      return -1;
    }
    fprintf(csv, "kind,nodes,leaves,spines,node_blocks,ceil_n_64,leaf_major_changed,"
                 "ceil_n_64_p,port_major_changed,leaf_major_mads,port_major_mads,ratio\n");
  }
  printf("Sweep: spine 1 fails; blocks per leaf are node-route blocks; MADs are node-route MADs\n");
  printf("  %-6s %7s %6s %6s %7s %7s %7s %7s %7s %9s %9s %8s %8s\n", "tree", "nodes", "leaves",
         "spines", "blocks", "ceil", "leaf-mj", "ceil", "port-mj", "MADs", "MADs", "port/", "bound");
  printf("  %-6s %7s %6s %6s %7s %7s %7s %7s %7s %9s %9s %8s %8s\n", "", "n", "", "p", "/leaf",
         "(n/64)", "changed", "(n/64/p)", "changed", "leaf-mj", "port-mj", "leaf", "1/p");
  static const int leaves[] = {2, 4, 8, 12, 16, 18, 24, 32, 36, 48, 64, 72, 96, 128,
                               144, 192, 256, 288, 324, 384, 448, 512, 576, 648};
  int rc = 0;
  for (size_t i = 0; i < sizeof leaves / sizeof leaves[0] && !rc; i++)
    rc = sweep_one(csv, "paper", leaves[i], 18, 18);
  static const int ks[] = {4, 8, 16, 24, 32, 48, 64};
  for (size_t i = 0; i < sizeof ks / sizeof ks[0] && !rc; i++)
    rc = sweep_one(csv, "kary", ks[i], ks[i], ks[i]);
  if (csv) {
    if (fclose(csv) || rc || rename(tmp, csv_path)) {
      remove(tmp);
      return -1;
    }
  }
  printf("\n");
  return rc;
}

/* ---- show --------------------------------------------------------------------------------- */
static void usage(void) {
  fprintf(stderr,
          "usage: nic_fm tables [--csv PATH]\n"
          "       nic_fm show (--topo FILE | --gen paper:N | --gen kary:K | --gen tree:L,D,S)\n"
          "              [--assign leaf|port] [--plan paper|nic] [--fail-spine S] [--fail-link L,S]\n"
          "              [--switch I] [--changes] [--out FILE]\n"
          "       nic_fm check FILE [--plan paper|nic]\n");
}

static void print_lft(FILE *o, const nic_fm_fabric *f, const nic_fm_tables *t, int fsw) {
  fprintf(o, "%s %d (address 0x%x)%s\n", nic_fm_is_spine(f, fsw) ? "spine" : "leaf",
          nic_fm_is_spine(f, fsw) ? fsw - nic_fm_nleaf(f) + 1 : fsw + 1, nic_fm_switch_addr(f, fsw),
          nic_fm_tables_live(t, fsw) ? "" : " failed, not programmed");
  for (uint32_t b = 0; b < nic_fm_lft_blocks(f); b++) {
    const uint16_t *e = nic_fm_lft_block(t, fsw, b);
    int used = 0;
    for (int i = 0; i < (int)NIC_FM_BLOCK; i++) used |= e[i] != NIC_FM_PORT_NONE;
    if (!used) continue;
    fprintf(o, "  0x%04x:", b * NIC_FM_BLOCK);
    for (int i = 0; i < (int)NIC_FM_BLOCK; i++) {
      if (e[i] == NIC_FM_PORT_NONE)
        fprintf(o, "  -");
      else
        fprintf(o, " %2u", e[i]);
    }
    fprintf(o, "\n");
  }
}

static int cmd_show(int argc, char **argv) {
  const char *topo_path = NULL, *gen = NULL, *out_path = NULL;
  nic_fm_assign as = NIC_FM_LEAF_MAJOR;
  nic_fm_plan plan = nic_fm_plan_paper();
  int fail_spine = 0, fl_l = 0, fl_s = 0, sw = 0, changes = 0;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--changes")) {
      changes = 1;
      continue;
    }
    if (!v) {
      usage();
      return 2;
    }
    i++;
    if (!strcmp(a, "--topo")) topo_path = v;
    else if (!strcmp(a, "--gen")) gen = v;
    else if (!strcmp(a, "--out")) out_path = v;
    else if (!strcmp(a, "--assign") && (!strcmp(v, "leaf") || !strcmp(v, "port")))
      as = !strcmp(v, "port") ? NIC_FM_PORT_MAJOR : NIC_FM_LEAF_MAJOR;
    else if (!strcmp(a, "--plan") && (!strcmp(v, "paper") || !strcmp(v, "nic")))
      plan = !strcmp(v, "nic") ? nic_fm_plan_nic() : nic_fm_plan_paper();
    else if (!strcmp(a, "--fail-spine")) fail_spine = atoi(v);
    else if (!strcmp(a, "--fail-link") && sscanf(v, "%d,%d", &fl_l, &fl_s) == 2) {
    } else if (!strcmp(a, "--switch")) sw = atoi(v);
    else {
      usage();
      return 2;
    }
  }
  char err[NIC_FM_ERR_MAX];
  nic_fm_topo *t = NULL;
  int x, y, z;
  if (topo_path) t = nic_fm_topo_read(topo_path, plan.lft_cap, err);
  else if (gen && sscanf(gen, "paper:%d", &x) == 1) t = nic_fm_gen_paper(x);
  else if (gen && sscanf(gen, "kary:%d", &x) == 1) t = nic_fm_gen_kary(x);
  else if (gen && sscanf(gen, "tree:%d,%d,%d", &x, &y, &z) == 3) t = nic_fm_gen_two_level(x, y, z);
  else {
    usage();
    return 2;
  }
  if (!t) {
    fprintf(stderr, "nic_fm: %s\n", topo_path ? err : "bad --gen parameters");
    return 1;
  }
  nic_fm_fabric *f = nic_fm_fabric_new(t, plan, as, err);
  if (!f) {
    fprintf(stderr, "nic_fm: %s\n", err);
    nic_fm_topo_free(t);
    return 1;
  }
  int rc = 0;
  nic_fm_tables *a = nic_fm_tables_new(f), *b = nic_fm_tables_new(f);
  if (!a || !b) {
    fprintf(stderr, "nic_fm: out of memory\n");
    rc = 1;
    goto done;
  }
  nic_fm_route(f, a);
  int failed = 0;
  if (fail_spine && nic_fm_fail_spine(f, fail_spine - 1)) {
    fprintf(stderr, "nic_fm: no spine %d (1..%d)\n", fail_spine, nic_fm_nspine(f));
    rc = 1;
    goto done;
  }
  if (fl_l && nic_fm_fail_link(f, fl_l - 1, fl_s - 1)) {
    fprintf(stderr, "nic_fm: no link between leaf %d and spine %d\n", fl_l, fl_s);
    rc = 1;
    goto done;
  }
  failed = fail_spine || fl_l;
  nic_fm_route(f, b);
  if (sw < 0 || sw > nic_fm_nswitch(f)) {
    fprintf(stderr, "nic_fm: no switch %d (1..%d)\n", sw, nic_fm_nswitch(f));
    rc = 1;
    goto done;
  }
  printf("%d nodes, %d leaves, %d spines; %s addresses, nodes 0x%x-0x%x, switches 0x%x-0x%x; "
         "%u blocks per table\n",
         nic_fm_nnode(f), nic_fm_nleaf(f), nic_fm_nspine(f), as ? "port-major" : "leaf-major",
         plan.node_base,
         nic_fm_max_node_addr(f), nic_fm_switch_addr(f, 0),
         nic_fm_switch_addr(f, nic_fm_nswitch(f) - 1), nic_fm_lft_blocks(f));
  if (sw) print_lft(stdout, f, failed ? b : a, sw - 1);
  if (failed) {
    nic_fm_diff_sum s;
    size_t n = nic_fm_diff(f, a, b, NULL, 0, &s);
    printf("after the failure: %llu node-route MADs, %llu switch-route MADs, %llu in all "
           "(%.4f s at %.0f us); node-route blocks per leaf %u..%u\n",
           (unsigned long long)s.node_mads, (unsigned long long)s.switch_mads,
           (unsigned long long)s.total_mads, s.seconds, NIC_FM_MAD_US, s.leaf_node_blocks_min,
           s.leaf_node_blocks_max);
    if (changes && n) {
      nic_fm_change *ch = malloc(n * sizeof *ch);
      if (!ch) {
        rc = 1;
        goto done;
      }
      nic_fm_diff(f, a, b, ch, n, NULL);
      for (size_t i = 0; i < n; i++)
        printf("  %s %d block %u (0x%04x-0x%04x) %s\n", nic_fm_is_spine(f, ch[i].fsw) ? "spine" : "leaf",
               nic_fm_is_spine(f, ch[i].fsw) ? ch[i].fsw - nic_fm_nleaf(f) + 1 : ch[i].fsw + 1,
               ch[i].block, ch[i].block * NIC_FM_BLOCK, ch[i].block * NIC_FM_BLOCK + NIC_FM_BLOCK - 1,
               ch[i].kind == NIC_FM_BLK_NODE ? "node routes" : "switch routes");
      free(ch);
    }
  }
  if (out_path) {
    char tmp[512];
    snprintf(tmp, sizeof tmp, "%s.tmp", out_path);
    FILE *o = fopen(tmp, "w");
    if (!o) {
      perror(tmp);
      rc = 1;
      goto done;
    }
    for (int i = 0; i < nic_fm_nswitch(f); i++) print_lft(o, f, b, i);
    if (fclose(o) || rename(tmp, out_path)) {
      remove(tmp);
      fprintf(stderr, "nic_fm: cannot write %s\n", out_path);
      rc = 1;
    }
  }
done:
  nic_fm_tables_free(a);
  nic_fm_tables_free(b);
  nic_fm_fabric_free(f);
  nic_fm_topo_free(t);
  return rc;
}

int main(int argc, char **argv) {
  if (argc >= 2 && !strcmp(argv[1], "tables")) {
    const char *csv = argc >= 4 && !strcmp(argv[2], "--csv") ? argv[3] : NULL;
    if (table2() || table4() || sweep(csv)) {
      fprintf(stderr, "nic_fm: out of memory\n");
      return 1;
    }
    if (bad) {
      printf("RESULT: %d value(s) differ from the paper's computed values or fail a check\n", bad);
      return 1;
    }
    printf("RESULT: every computed value equals the paper's computed value; every sweep check holds\n");
    return 0;
  }
  if (argc >= 2 && !strcmp(argv[1], "show")) return cmd_show(argc - 2, argv + 2);
  if (argc >= 3 && !strcmp(argv[1], "check")) {
    nic_fm_plan plan = argc >= 5 && !strcmp(argv[3], "--plan") && !strcmp(argv[4], "nic")
                           ? nic_fm_plan_nic()
                           : nic_fm_plan_paper();
    char err[NIC_FM_ERR_MAX];
    nic_fm_topo *t = nic_fm_topo_read(argv[2], plan.lft_cap, err);
    nic_fm_fabric *f = t ? nic_fm_fabric_new(t, plan, NIC_FM_LEAF_MAJOR, err) : NULL;
    if (!f) {
      fprintf(stderr, "nic_fm: %s\n", err);
      nic_fm_topo_free(t);
      return 1;
    }
    printf("%s: %d nodes, %d leaves, %d spines: a two-level fat tree\n", argv[2], nic_fm_nnode(f),
           nic_fm_nleaf(f), nic_fm_nspine(f));
    nic_fm_fabric_free(f);
    nic_fm_topo_free(t);
    return 0;
  }
  usage();
  return 2;
}
