// SPDX-License-Identifier: Apache-2.0
/* Fabric manager for two-level fat trees (sw/nic_fm.h; docs/reference/fabric_manager.md). */
#include "nic_fm.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- errors ------------------------------------------------------------------------------ */
static void set_err(char *err, const char *fmt, ...) {
  if (!err) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, NIC_FM_ERR_MAX, fmt, ap);
  va_end(ap);
}

/* ---- topology ---------------------------------------------------------------------------- */
enum { END_NONE = 0, END_SW = 1, END_NODE = 2 };

typedef struct {
  int kind, idx, port; /* the far end */
  int line;            /* line of the link in the file (0: built in code) */
} fm_end;

typedef struct {
  char name[NIC_FM_NAME_MAX];
  int nports;
  fm_end *peer; /* [nports + 1], port 0 unused */
  int line;
} fm_sw;

typedef struct {
  char name[NIC_FM_NAME_MAX];
  fm_end peer; /* the switch it is linked to */
  int line;
} fm_nd;

struct nic_fm_topo {
  int nsw, nnode, cap_sw, cap_node;
  fm_sw *sw;
  fm_nd *node;
  char path[128]; /* file it was read from ("" if built in code) */
  int cur_line;   /* line being read (0 outside the reader) */
};

nic_fm_topo *nic_fm_topo_new(void) { return calloc(1, sizeof(nic_fm_topo)); }

void nic_fm_topo_free(nic_fm_topo *t) {
  if (!t) return;
  for (int i = 0; i < t->nsw; i++) free(t->sw[i].peer);
  free(t->sw);
  free(t->node);
  free(t);
}

int nic_fm_topo_nswitch(const nic_fm_topo *t) { return t->nsw; }
int nic_fm_topo_nnode(const nic_fm_topo *t) { return t->nnode; }
const char *nic_fm_topo_switch_name(const nic_fm_topo *t, int sw) {
  return (sw >= 0 && sw < t->nsw) ? t->sw[sw].name : "";
}

/* "path:line: " prefix of an error about something declared on `line` */
static void set_terr(const nic_fm_topo *t, char *err, int line, const char *fmt, ...) {
  if (!err) return;
  int k = 0;
  if (t->path[0] && line > 0) k = snprintf(err, NIC_FM_ERR_MAX, "%.120s:%d: ", t->path, line);
  if (k < 0 || k >= NIC_FM_ERR_MAX) k = 0;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err + k, (size_t)(NIC_FM_ERR_MAX - k), fmt, ap);
  va_end(ap);
}

static int find_name(const nic_fm_topo *t, const char *name, int *kind) {
  for (int i = 0; i < t->nsw; i++)
    if (!strcmp(t->sw[i].name, name)) {
      *kind = END_SW;
      return i;
    }
  for (int i = 0; i < t->nnode; i++)
    if (!strcmp(t->node[i].name, name)) {
      *kind = END_NODE;
      return i;
    }
  *kind = END_NONE;
  return -1;
}

static int check_name(nic_fm_topo *t, const char *name, char *err) {
  int kind;
  size_t len = strlen(name);
  if (len == 0 || len >= NIC_FM_NAME_MAX) {
    set_terr(t, err, t->cur_line, "name '%s' must have 1..%d characters", name, NIC_FM_NAME_MAX - 1);
    return -1;
  }
  int other = find_name(t, name, &kind);
  if (other >= 0) {
    int l = kind == END_SW ? t->sw[other].line : t->node[other].line;
    set_terr(t, err, t->cur_line, "duplicate name '%s' (declared on line %d)", name, l);
    return -1;
  }
  return 0;
}

int nic_fm_topo_add_switch(nic_fm_topo *t, const char *name, int nports, char *err) {
  if (check_name(t, name, err)) return -1;
  if (nports < 1 || nports > NIC_FM_MAX_PORTS) {
    set_terr(t, err, t->cur_line, "switch '%s': %d ports (1..%d)", name, nports, NIC_FM_MAX_PORTS);
    return -1;
  }
  if (t->nsw == t->cap_sw) {
    int nc = t->cap_sw ? 2 * t->cap_sw : 16;
    fm_sw *n = realloc(t->sw, (size_t)nc * sizeof *n);
    if (!n) {
      set_err(err, "out of memory");
      return -1;
    }
    t->sw = n;
    t->cap_sw = nc;
  }
  fm_sw *s = &t->sw[t->nsw];
  memset(s, 0, sizeof *s);
  snprintf(s->name, sizeof s->name, "%s", name);
  s->nports = nports;
  s->line = t->cur_line;
  s->peer = calloc((size_t)nports + 1, sizeof *s->peer);
  if (!s->peer) {
    set_err(err, "out of memory");
    return -1;
  }
  return t->nsw++;
}

int nic_fm_topo_add_node(nic_fm_topo *t, const char *name, char *err) {
  if (check_name(t, name, err)) return -1;
  if (t->nnode == t->cap_node) {
    int nc = t->cap_node ? 2 * t->cap_node : 64;
    fm_nd *n = realloc(t->node, (size_t)nc * sizeof *n);
    if (!n) {
      set_err(err, "out of memory");
      return -1;
    }
    t->node = n;
    t->cap_node = nc;
  }
  fm_nd *d = &t->node[t->nnode];
  memset(d, 0, sizeof *d);
  snprintf(d->name, sizeof d->name, "%s", name);
  d->line = t->cur_line;
  return t->nnode++;
}

static int check_port(nic_fm_topo *t, int s, int p, char *err) {
  if (s < 0 || s >= t->nsw) {
    set_terr(t, err, t->cur_line, "no switch %d", s);
    return -1;
  }
  if (p < 1 || p > t->sw[s].nports) {
    set_terr(t, err, t->cur_line, "switch '%s' has no port %d (ports 1..%d)", t->sw[s].name, p,
             t->sw[s].nports);
    return -1;
  }
  const fm_end *e = &t->sw[s].peer[p];
  if (e->kind != END_NONE) {
    set_terr(t, err, t->cur_line, "duplicate link: port %d of switch '%s' is already linked (line %d)",
             p, t->sw[s].name, e->line);
    return -1;
  }
  return 0;
}

int nic_fm_topo_link_sw(nic_fm_topo *t, int a, int pa, int b, int pb, char *err) {
  if (check_port(t, a, pa, err) || check_port(t, b, pb, err)) return -1;
  if (a == b) {
    set_terr(t, err, t->cur_line, "not a tree: switch '%s' linked to itself", t->sw[a].name);
    return -1;
  }
  t->sw[a].peer[pa] = (fm_end){END_SW, b, pb, t->cur_line};
  t->sw[b].peer[pb] = (fm_end){END_SW, a, pa, t->cur_line};
  return 0;
}

int nic_fm_topo_link_node(nic_fm_topo *t, int n, int s, int p, char *err) {
  if (n < 0 || n >= t->nnode) {
    set_terr(t, err, t->cur_line, "no node %d", n);
    return -1;
  }
  if (t->node[n].peer.kind != END_NONE) {
    set_terr(t, err, t->cur_line, "duplicate link: node '%s' is already linked (line %d)",
             t->node[n].name, t->node[n].peer.line);
    return -1;
  }
  if (check_port(t, s, p, err)) return -1;
  t->node[n].peer = (fm_end){END_SW, s, p, t->cur_line};
  t->sw[s].peer[p] = (fm_end){END_NODE, n, 1, t->cur_line};
  return 0;
}

nic_fm_topo *nic_fm_gen_two_level(int nleaf, int ndown, int nspine) {
  if (nleaf < 1 || ndown < 1 || nspine < 0 || ndown + nspine > NIC_FM_MAX_PORTS ||
      nleaf > NIC_FM_MAX_PORTS || (nleaf > 1 && nspine < 1))
    return NULL;
  nic_fm_topo *t = nic_fm_topo_new();
  if (!t) return NULL;
  char name[NIC_FM_NAME_MAX];
  int ok = 1;
  for (int l = 0; l < nleaf && ok; l++) {
    snprintf(name, sizeof name, "leaf%d", l + 1);
    ok = nic_fm_topo_add_switch(t, name, nspine + ndown, NULL) == l;
  }
  for (int s = 0; s < nspine && ok; s++) {
    snprintf(name, sizeof name, "spine%d", s + 1);
    ok = nic_fm_topo_add_switch(t, name, nleaf, NULL) == nleaf + s;
  }
  for (int l = 0; l < nleaf && ok; l++)
    for (int s = 0; s < nspine && ok; s++)
      ok = nic_fm_topo_link_sw(t, l, s + 1, nleaf + s, l + 1, NULL) == 0;
  for (int l = 0; l < nleaf && ok; l++)
    for (int q = 0; q < ndown && ok; q++) {
      snprintf(name, sizeof name, "n%d", l * ndown + q + 1);
      int n = nic_fm_topo_add_node(t, name, NULL);
      ok = n >= 0 && nic_fm_topo_link_node(t, n, l, nspine + 1 + q, NULL) == 0;
    }
  if (!ok) {
    nic_fm_topo_free(t);
    return NULL;
  }
  return t;
}

nic_fm_topo *nic_fm_gen_paper(int nodes) {
  if (nodes <= 0 || nodes % 18) return NULL;
  return nic_fm_gen_two_level(nodes / 18, 18, 18);
}

nic_fm_topo *nic_fm_gen_kary(int k) { return k >= 1 ? nic_fm_gen_two_level(k, k, k) : NULL; }

/* ---- topology file ----------------------------------------------------------------------- */
/* "NAME" or "NAME:PORT" -> kind/index/port (port 0 if absent) */
static int parse_end(nic_fm_topo *t, char *tok, int *kind, int *idx, int *port, char *err) {
  char *colon = strchr(tok, ':');
  *port = 0;
  if (colon) {
    *colon = 0;
    char *end;
    errno = 0;
    long p = strtol(colon + 1, &end, 10);
    if (colon[1] == 0 || *end || errno || p < 1 || p > NIC_FM_MAX_PORTS) {
      set_terr(t, err, t->cur_line, "bad port '%s' of '%s'", colon + 1, tok);
      return -1;
    }
    *port = (int)p;
  }
  *idx = find_name(t, tok, kind);
  if (*idx < 0) {
    set_terr(t, err, t->cur_line, "unknown name '%s'", tok);
    return -1;
  }
  return 0;
}

static int read_line(nic_fm_topo *t, char *line, char *err) {
  char *hash = strchr(line, '#');
  if (hash) *hash = 0;
  char *tok[5];
  int nt = 0;
  for (char *p = strtok(line, " \t\r\n"); p; p = strtok(NULL, " \t\r\n")) {
    if (nt == 4) {
      set_terr(t, err, t->cur_line, "too many fields");
      return -1;
    }
    tok[nt++] = p;
  }
  if (nt == 0) return 0;
  if (!strcmp(tok[0], "switch")) {
    if (nt != 3) {
      set_terr(t, err, t->cur_line, "expected 'switch NAME NPORTS'");
      return -1;
    }
    char *end;
    errno = 0;
    long n = strtol(tok[2], &end, 10);
    if (*end || errno || n < 1 || n > NIC_FM_MAX_PORTS) {
      set_terr(t, err, t->cur_line, "bad port count '%s' (1..%d)", tok[2], NIC_FM_MAX_PORTS);
      return -1;
    }
    return nic_fm_topo_add_switch(t, tok[1], (int)n, err) < 0 ? -1 : 0;
  }
  if (!strcmp(tok[0], "node")) {
    if (nt != 2) {
      set_terr(t, err, t->cur_line, "expected 'node NAME'");
      return -1;
    }
    return nic_fm_topo_add_node(t, tok[1], err) < 0 ? -1 : 0;
  }
  if (!strcmp(tok[0], "link")) {
    if (nt != 3) {
      set_terr(t, err, t->cur_line, "expected 'link A:PORT B:PORT' or 'link NODE SWITCH:PORT'");
      return -1;
    }
    int ka, ia, pa, kb, ib, pb;
    if (parse_end(t, tok[1], &ka, &ia, &pa, err) || parse_end(t, tok[2], &kb, &ib, &pb, err))
      return -1;
    if (ka == END_NODE && kb == END_NODE) {
      set_terr(t, err, t->cur_line, "not a tree: link between nodes '%s' and '%s'", t->node[ia].name,
               t->node[ib].name);
      return -1;
    }
    if (ka == END_NODE || kb == END_NODE) {
      int n = ka == END_NODE ? ia : ib, np = ka == END_NODE ? pa : pb;
      int s = ka == END_NODE ? ib : ia, sp = ka == END_NODE ? pb : pa;
      if (np > 1) {
        set_terr(t, err, t->cur_line, "node '%s' has one port (1)", t->node[n].name);
        return -1;
      }
      if (sp == 0) {
        set_terr(t, err, t->cur_line, "switch '%s' needs a port (NAME:PORT)", t->sw[s].name);
        return -1;
      }
      return nic_fm_topo_link_node(t, n, s, sp, err);
    }
    if (pa == 0 || pb == 0) {
      set_terr(t, err, t->cur_line, "switch '%s' needs a port (NAME:PORT)", t->sw[pa == 0 ? ia : ib].name);
      return -1;
    }
    return nic_fm_topo_link_sw(t, ia, pa, ib, pb, err);
  }
  set_terr(t, err, t->cur_line, "unknown keyword '%s' (switch, node, link)", tok[0]);
  return -1;
}

nic_fm_topo *nic_fm_topo_read(const char *path, uint32_t lft_cap, char *err) {
  FILE *fp = fopen(path, "r");
  if (!fp) {
    set_err(err, "%s: %s", path, strerror(errno));
    return NULL;
  }
  nic_fm_topo *t = nic_fm_topo_new();
  if (!t) {
    fclose(fp);
    set_err(err, "out of memory");
    return NULL;
  }
  snprintf(t->path, sizeof t->path, "%s", path);
  char buf[512];
  int rc = 0;
  while (rc == 0 && fgets(buf, sizeof buf, fp)) {
    t->cur_line++;
    if (!strchr(buf, '\n') && !feof(fp)) {
      set_terr(t, err, t->cur_line, "line longer than %zu characters", sizeof buf - 2);
      rc = -1;
      break;
    }
    rc = read_line(t, buf, err);
  }
  fclose(fp);
  t->cur_line = 0;
  if (rc == 0) {
    /* the fat-tree and capacity checks (any assignment: both place the same addresses) */
    nic_fm_plan plan = {1, 0, lft_cap};
    nic_fm_fabric *f = nic_fm_fabric_new(t, plan, NIC_FM_LEAF_MAJOR, err);
    if (!f) rc = -1;
    nic_fm_fabric_free(f);
  }
  if (rc) {
    nic_fm_topo_free(t);
    return NULL;
  }
  return t;
}

/* ---- fabric ------------------------------------------------------------------------------ */
struct nic_fm_fabric {
  const nic_fm_topo *topo;
  nic_fm_plan plan;
  nic_fm_assign assign;
  int nleaf, nspine, nnode;
  int *fsw_topo;    /* [nleaf + nspine] topology switch index */
  int *node_topo;   /* [nnode] node number -> topology node */
  int *node_leaf;   /* [nnode] */
  int *node_port;   /* [nnode] leaf port */
  int *node_rank;   /* [nnode] rank among its leaf's nodes */
  uint32_t *node_addr;
  uint32_t *sw_addr;  /* [nleaf + nspine] */
  int *up;            /* [nleaf * nspine] leaf port to spine */
  int *down;          /* [nspine * nleaf] spine port to leaf */
  uint8_t *spine_ok;  /* [nspine] */
  uint8_t *link_ok;   /* [nleaf * nspine] */
  uint8_t *addr_kind; /* [entries]: 0 unused, END_NODE, END_SW */
  uint32_t entries;   /* highest address + 1, rounded up to a block */
  uint32_t max_node_addr;
};

nic_fm_plan nic_fm_plan_paper(void) { return (nic_fm_plan){0x1, 0x4001, NIC_FM_IB_LFT_CAP}; }
nic_fm_plan nic_fm_plan_nic(void) { return (nic_fm_plan){0x1, 0, NIC_FM_NIC_LFT_CAP}; }

void nic_fm_fabric_free(nic_fm_fabric *f) {
  if (!f) return;
  free(f->fsw_topo);
  free(f->node_topo);
  free(f->node_leaf);
  free(f->node_port);
  free(f->node_rank);
  free(f->node_addr);
  free(f->sw_addr);
  free(f->up);
  free(f->down);
  free(f->spine_ok);
  free(f->link_ok);
  free(f->addr_kind);
  free(f);
}

nic_fm_fabric *nic_fm_fabric_new(const nic_fm_topo *t, nic_fm_plan plan, nic_fm_assign assign,
                                 char *err) {
  nic_fm_fabric *f = calloc(1, sizeof *f);
  int *role = calloc((size_t)t->nsw + 1, sizeof *role); /* 1 leaf, 2 spine */
  int *ridx = calloc((size_t)t->nsw + 1, sizeof *ridx); /* leaf or spine index */
  int *ndown = calloc((size_t)t->nsw + 1, sizeof *ndown);
  if (!f || !role || !ridx || !ndown) goto oom;
  f->topo = t;
  f->plan = plan;
  f->assign = assign;
  f->nnode = t->nnode;
  if (t->nsw == 0) {
    set_terr(t, err, 0, "no switches");
    goto fail;
  }
  for (int n = 0; n < t->nnode; n++) {
    if (t->node[n].peer.kind == END_NONE) {
      set_terr(t, err, t->node[n].line, "missing link: node '%s' is not linked", t->node[n].name);
      goto fail;
    }
    ndown[t->node[n].peer.idx]++;
  }
  /* roles: a switch with nodes is a leaf, a switch without is a spine */
  for (int s = 0; s < t->nsw; s++) {
    int links = 0;
    for (int p = 1; p <= t->sw[s].nports; p++) links += t->sw[s].peer[p].kind != END_NONE;
    if (!links) {
      set_terr(t, err, t->sw[s].line, "missing link: switch '%s' has no links", t->sw[s].name);
      goto fail;
    }
    role[s] = ndown[s] ? 1 : 2;
    ridx[s] = ndown[s] ? f->nleaf++ : f->nspine++;
  }
  if (f->nleaf == 0) {
    set_terr(t, err, 0, "not a tree: no nodes");
    goto fail;
  }
  for (int s = 0; s < t->nsw; s++)
    for (int p = 1; p <= t->sw[s].nports; p++) {
      const fm_end *e = &t->sw[s].peer[p];
      if (e->kind != END_SW || e->idx < s) continue;
      if (role[s] == role[e->idx]) {
        set_terr(t, err, e->line, "not a two-level fat tree: link between %ss '%s' and '%s'",
                 role[s] == 1 ? "leaf switche" : "spine", t->sw[s].name, t->sw[e->idx].name);
        goto fail;
      }
    }
  if (f->nleaf > 1 && f->nspine == 0) {
    const fm_sw *l2 = &t->sw[0];
    for (int s = 0; s < t->nsw; s++)
      if (s && role[s] == 1) {
        l2 = &t->sw[s];
        break;
      }
    set_terr(t, err, l2->line, "not a tree: leaf '%s' is not connected to the other leaves (no spine)",
             l2->name);
    goto fail;
  }
  int nsw = f->nleaf + f->nspine;
  size_t ls = (size_t)f->nleaf * (size_t)f->nspine;
  f->fsw_topo = malloc((size_t)nsw * sizeof(int));
  f->node_topo = malloc(((size_t)f->nnode + 1) * sizeof(int));
  f->node_leaf = malloc(((size_t)f->nnode + 1) * sizeof(int));
  f->node_port = malloc(((size_t)f->nnode + 1) * sizeof(int));
  f->node_rank = malloc(((size_t)f->nnode + 1) * sizeof(int));
  f->node_addr = malloc(((size_t)f->nnode + 1) * sizeof(uint32_t));
  f->sw_addr = malloc((size_t)nsw * sizeof(uint32_t));
  f->up = calloc(ls + 1, sizeof(int));
  f->down = calloc(ls + 1, sizeof(int));
  f->spine_ok = malloc((size_t)f->nspine + 1);
  f->link_ok = malloc(ls + 1);
  if (!f->fsw_topo || !f->node_topo || !f->node_leaf || !f->node_port || !f->node_rank ||
      !f->node_addr || !f->sw_addr || !f->up || !f->down || !f->spine_ok || !f->link_ok)
    goto oom;
  for (int s = 0; s < t->nsw; s++) f->fsw_topo[role[s] == 1 ? ridx[s] : f->nleaf + ridx[s]] = s;
  /* leaf-spine links: exactly one per pair */
  for (int l = 0; l < f->nleaf; l++) {
    const fm_sw *sw = &t->sw[f->fsw_topo[l]];
    for (int p = 1; p <= sw->nports; p++) {
      const fm_end *e = &sw->peer[p];
      if (e->kind != END_SW) continue;
      int s = ridx[e->idx];
      int *u = &f->up[(size_t)l * f->nspine + s];
      if (*u) {
        set_terr(t, err, e->line, "duplicate link between leaf '%s' and spine '%s' (line %d)",
                 sw->name, t->sw[e->idx].name, sw->peer[*u].line);
        goto fail;
      }
      *u = p;
      f->down[(size_t)s * f->nleaf + l] = e->port;
    }
    for (int s = 0; s < f->nspine; s++)
      if (!f->up[(size_t)l * f->nspine + s]) {
        const fm_sw *sp = &t->sw[f->fsw_topo[f->nleaf + s]];
        set_terr(t, err, sw->line, "missing link: leaf '%s' has no link to spine '%s' (line %d)",
                 sw->name, sp->name, sp->line);
        goto fail;
      }
  }
  /* node numbers: leaf order, then leaf port order */
  int num = 0;
  for (int l = 0; l < f->nleaf; l++) {
    const fm_sw *sw = &t->sw[f->fsw_topo[l]];
    int rank = 0;
    for (int p = 1; p <= sw->nports; p++)
      if (sw->peer[p].kind == END_NODE) {
        f->node_topo[num] = sw->peer[p].idx;
        f->node_leaf[num] = l;
        f->node_port[num] = p;
        f->node_rank[num] = rank++;
        num++;
      }
  }
  /* addresses; the capacity error names the first declaration that does not fit */
  uint64_t cap = plan.lft_cap;
  if (plan.node_base == 0 || (uint64_t)plan.node_base + (uint64_t)f->nnode > cap) {
    int k = plan.node_base == 0 ? 0 : (int)(cap > plan.node_base ? cap - plan.node_base : 0);
    if (k >= f->nnode) k = f->nnode - 1;
    set_terr(t, err, t->node[k].line,
             "more destinations than the table holds: node '%s' would get address 0x%llx, the "
             "table has %llu entries (node addresses from 0x%x)",
             t->node[k].name, (unsigned long long)plan.node_base + (unsigned long long)k,
             (unsigned long long)cap, plan.node_base);
    goto fail;
  }
  if (assign == NIC_FM_LEAF_MAJOR) {
    for (int v = 0; v < f->nnode; v++) f->node_addr[v] = plan.node_base + (uint32_t)v;
  } else { /* the paper's Fig. 7: for (port) for (leaf) assign(node(leaf, port), addr++) */
    int maxrank = 0;
    for (int v = 0; v < f->nnode; v++)
      if (f->node_rank[v] + 1 > maxrank) maxrank = f->node_rank[v] + 1;
    int *first = malloc(((size_t)f->nleaf + 1) * sizeof(int));
    int *count = calloc((size_t)f->nleaf + 1, sizeof(int));
    if (!first || !count) {
      free(first);
      free(count);
      goto oom;
    }
    for (int v = f->nnode - 1; v >= 0; v--) {
      first[f->node_leaf[v]] = v;
      count[f->node_leaf[v]]++;
    }
    uint32_t a = plan.node_base;
    for (int q = 0; q < maxrank; q++)
      for (int l = 0; l < f->nleaf; l++)
        if (q < count[l]) f->node_addr[first[l] + q] = a++;
    free(first);
    free(count);
  }
  f->max_node_addr = plan.node_base + (uint32_t)f->nnode - 1;
  uint32_t sb = plan.switch_base ? plan.switch_base : f->max_node_addr + 1;
  if (plan.switch_base && plan.switch_base <= f->max_node_addr) {
    set_terr(t, err, 0, "switch addresses from 0x%x overlap the node addresses (up to 0x%x)",
             plan.switch_base, f->max_node_addr);
    goto fail;
  }
  for (int i = 0; i < nsw; i++) {
    if ((uint64_t)sb + (uint64_t)i >= cap) {
      const fm_sw *sw = &t->sw[f->fsw_topo[i]];
      set_terr(t, err, sw->line,
               "more destinations than the table holds: switch '%s' would get address 0x%llx, "
               "the table has %llu entries",
               sw->name, (unsigned long long)sb + (unsigned long long)i, (unsigned long long)cap);
      goto fail;
    }
    f->sw_addr[i] = sb + (uint32_t)i;
  }
  uint32_t top = sb + (uint32_t)nsw; /* highest address + 1 */
  f->entries = (top + NIC_FM_BLOCK - 1) / NIC_FM_BLOCK * NIC_FM_BLOCK;
  f->addr_kind = calloc(f->entries, 1);
  if (!f->addr_kind) goto oom;
  for (int v = 0; v < f->nnode; v++) f->addr_kind[f->node_addr[v]] = END_NODE;
  for (int i = 0; i < nsw; i++) f->addr_kind[f->sw_addr[i]] = END_SW;
  nic_fm_repair_all(f);
  free(role);
  free(ridx);
  free(ndown);
  return f;
oom:
  set_err(err, "out of memory");
fail:
  free(role);
  free(ridx);
  free(ndown);
  nic_fm_fabric_free(f);
  return NULL;
}

int nic_fm_nleaf(const nic_fm_fabric *f) { return f->nleaf; }
int nic_fm_nspine(const nic_fm_fabric *f) { return f->nspine; }
int nic_fm_nnode(const nic_fm_fabric *f) { return f->nnode; }
int nic_fm_nswitch(const nic_fm_fabric *f) { return f->nleaf + f->nspine; }
int nic_fm_switch_topo_index(const nic_fm_fabric *f, int fsw) {
  return (fsw >= 0 && fsw < nic_fm_nswitch(f)) ? f->fsw_topo[fsw] : -1;
}
int nic_fm_is_spine(const nic_fm_fabric *f, int fsw) { return fsw >= f->nleaf; }
int nic_fm_node_topo_index(const nic_fm_fabric *f, int v) { return f->node_topo[v]; }
uint32_t nic_fm_node_addr(const nic_fm_fabric *f, int v) { return f->node_addr[v]; }
uint32_t nic_fm_switch_addr(const nic_fm_fabric *f, int fsw) { return f->sw_addr[fsw]; }
int nic_fm_node_leaf(const nic_fm_fabric *f, int v) { return f->node_leaf[v]; }
int nic_fm_node_port(const nic_fm_fabric *f, int v) { return f->node_port[v]; }
int nic_fm_up_port(const nic_fm_fabric *f, int l, int s) { return f->up[(size_t)l * f->nspine + s]; }
int nic_fm_down_port(const nic_fm_fabric *f, int s, int l) {
  return f->down[(size_t)s * f->nleaf + l];
}
uint32_t nic_fm_max_node_addr(const nic_fm_fabric *f) { return f->max_node_addr; }
uint32_t nic_fm_lft_entries(const nic_fm_fabric *f) { return f->entries; }
uint32_t nic_fm_lft_blocks(const nic_fm_fabric *f) { return f->entries / NIC_FM_BLOCK; }

int nic_fm_fail_spine(nic_fm_fabric *f, int s) {
  if (s < 0 || s >= f->nspine) return -1;
  f->spine_ok[s] = 0;
  return 0;
}
int nic_fm_fail_link(nic_fm_fabric *f, int l, int s) {
  if (l < 0 || l >= f->nleaf || s < 0 || s >= f->nspine) return -1;
  f->link_ok[(size_t)l * f->nspine + s] = 0;
  return 0;
}
void nic_fm_repair_all(nic_fm_fabric *f) {
  memset(f->spine_ok, 1, (size_t)f->nspine);
  memset(f->link_ok, 1, (size_t)f->nleaf * (size_t)f->nspine);
}
int nic_fm_spine_ok(const nic_fm_fabric *f, int s) { return s >= 0 && s < f->nspine && f->spine_ok[s]; }

/* ---- tables ------------------------------------------------------------------------------ */
struct nic_fm_tables {
  int nsw;
  uint32_t entries;
  uint16_t *lft; /* [nsw * entries] */
  uint8_t *live; /* [nsw] */
};

static void fill_none(nic_fm_tables *t) {
  size_t n = (size_t)t->nsw * t->entries;
  for (size_t i = 0; i < n; i++) t->lft[i] = NIC_FM_PORT_NONE;
}

nic_fm_tables *nic_fm_tables_new(const nic_fm_fabric *f) {
  nic_fm_tables *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  t->nsw = nic_fm_nswitch(f);
  t->entries = f->entries;
  t->lft = malloc((size_t)t->nsw * t->entries * sizeof *t->lft);
  t->live = calloc((size_t)t->nsw, 1);
  if (!t->lft || !t->live) {
    nic_fm_tables_free(t);
    return NULL;
  }
  fill_none(t);
  return t;
}

void nic_fm_tables_free(nic_fm_tables *t) {
  if (!t) return;
  free(t->lft);
  free(t->live);
  free(t);
}

static int usable(const nic_fm_fabric *f, int l, int s) {
  return f->spine_ok[s] && f->link_ok[(size_t)l * f->nspine + s];
}

/* the spine leaf l uses towards leaf d: `primary` if the path through it works, else the next
 * of the usable spines in turn (*moved counts the displaced routes of leaf l); -1 if none */
static int pick_spine(const nic_fm_fabric *f, int l, int d, int primary, uint32_t *moved) {
  if (usable(f, l, primary) && usable(f, d, primary)) return primary;
  int m = 0;
  for (int s = 0; s < f->nspine; s++) m += usable(f, l, s) && usable(f, d, s);
  if (!m) return -1;
  int k = (int)(*moved % (uint32_t)m);
  (*moved)++;
  for (int s = 0; s < f->nspine; s++)
    if (usable(f, l, s) && usable(f, d, s) && k-- == 0) return s;
  return -1;
}

int nic_fm_route(const nic_fm_fabric *f, nic_fm_tables *t) {
  if (t->nsw != nic_fm_nswitch(f) || t->entries != f->entries) return -1;
  fill_none(t);
  int S = f->nspine;
  for (int l = 0; l < f->nleaf; l++) {
    uint16_t *e = t->lft + (size_t)l * t->entries;
    uint32_t moved = 0;
    t->live[l] = 1;
    e[f->sw_addr[l]] = NIC_FM_PORT_SELF;
    for (int v = 0; v < f->nnode; v++) {
      int d = f->node_leaf[v];
      if (d == l) {
        e[f->node_addr[v]] = (uint16_t)f->node_port[v];
      } else {
        int s = pick_spine(f, l, d, v % S, &moved);
        e[f->node_addr[v]] = s < 0 ? NIC_FM_PORT_NONE : (uint16_t)nic_fm_up_port(f, l, s);
      }
    }
    uint32_t moved_sw = 0;
    for (int d = 0; d < f->nleaf; d++) {
      if (d == l) continue;
      int s = pick_spine(f, l, d, d % S, &moved_sw);
      e[f->sw_addr[d]] = s < 0 ? NIC_FM_PORT_NONE : (uint16_t)nic_fm_up_port(f, l, s);
    }
    for (int s = 0; s < S; s++)
      e[f->sw_addr[f->nleaf + s]] = usable(f, l, s) ? (uint16_t)nic_fm_up_port(f, l, s)
                                                   : NIC_FM_PORT_NONE;
  }
  for (int s = 0; s < S; s++) {
    int fsw = f->nleaf + s;
    t->live[fsw] = f->spine_ok[s];
    if (!f->spine_ok[s]) continue; /* not reachable: not programmed */
    uint16_t *e = t->lft + (size_t)fsw * t->entries;
    e[f->sw_addr[fsw]] = NIC_FM_PORT_SELF;
    for (int v = 0; v < f->nnode; v++) {
      int d = f->node_leaf[v];
      e[f->node_addr[v]] = usable(f, d, s) ? (uint16_t)nic_fm_down_port(f, s, d) : NIC_FM_PORT_NONE;
    }
    for (int d = 0; d < f->nleaf; d++)
      e[f->sw_addr[d]] = usable(f, d, s) ? (uint16_t)nic_fm_down_port(f, s, d) : NIC_FM_PORT_NONE;
    /* another spine: down to a leaf linked to both, leaves in turn from s2 mod nleaf */
    for (int s2 = 0; s2 < S; s2++) {
      if (s2 == s) continue;
      uint16_t port = NIC_FM_PORT_NONE;
      for (int i = 0; i < f->nleaf && f->spine_ok[s2]; i++) {
        int l = (s2 + i) % f->nleaf;
        if (usable(f, l, s) && usable(f, l, s2)) {
          port = (uint16_t)nic_fm_down_port(f, s, l);
          break;
        }
      }
      e[f->sw_addr[f->nleaf + s2]] = port;
    }
  }
  return 0;
}

const uint16_t *nic_fm_lft_block(const nic_fm_tables *t, int fsw, uint32_t b) {
  if (fsw < 0 || fsw >= t->nsw || b >= t->entries / NIC_FM_BLOCK) return NULL;
  return t->lft + (size_t)fsw * t->entries + (size_t)b * NIC_FM_BLOCK;
}

uint16_t nic_fm_lft_entry(const nic_fm_tables *t, int fsw, uint32_t a) {
  if (fsw < 0 || fsw >= t->nsw || a >= t->entries) return NIC_FM_PORT_NONE;
  return t->lft[(size_t)fsw * t->entries + a];
}

int nic_fm_tables_live(const nic_fm_tables *t, int fsw) {
  return fsw >= 0 && fsw < t->nsw && t->live[fsw];
}

size_t nic_fm_diff(const nic_fm_fabric *f, const nic_fm_tables *a, const nic_fm_tables *b,
                   nic_fm_change *out, size_t max, nic_fm_diff_sum *sum) {
  nic_fm_diff_sum s = {0, 0, 0, 0, UINT32_MAX, 0.0};
  size_t n = 0;
  uint32_t nb = f->entries / NIC_FM_BLOCK;
  for (int w = 0; w < b->nsw && w < a->nsw; w++) {
    if (!b->live[w]) continue;
    uint32_t leaf_blocks = 0;
    const uint16_t *ea = a->lft + (size_t)w * a->entries, *eb = b->lft + (size_t)w * b->entries;
    for (uint32_t blk = 0; blk < nb; blk++) {
      int node = 0, any = 0;
      for (uint32_t i = blk * NIC_FM_BLOCK; i < (blk + 1) * NIC_FM_BLOCK; i++)
        if (ea[i] != eb[i]) {
          any = 1;
          node |= f->addr_kind[i] == END_NODE;
        }
      if (!any) continue;
      if (out && n < max) out[n] = (nic_fm_change){w, blk, node ? NIC_FM_BLK_NODE : NIC_FM_BLK_SWITCH};
      n++;
      if (node) {
        s.node_mads++;
        leaf_blocks += w < f->nleaf;
      } else {
        s.switch_mads++;
      }
    }
    if (w < f->nleaf) {
      if (leaf_blocks > s.leaf_node_blocks_max) s.leaf_node_blocks_max = leaf_blocks;
      if (leaf_blocks < s.leaf_node_blocks_min) s.leaf_node_blocks_min = leaf_blocks;
    }
  }
  if (s.leaf_node_blocks_min == UINT32_MAX) s.leaf_node_blocks_min = 0;
  s.total_mads = s.node_mads + s.switch_mads;
  s.seconds = (double)s.total_mads * NIC_FM_MAD_US * 1e-6;
  if (sum) *sum = s;
  return n;
}

uint32_t nic_fm_blocks_formula(uint32_t n) { return (n + NIC_FM_BLOCK - 1) / NIC_FM_BLOCK; }

uint32_t nic_fm_blocks_port_formula(uint32_t n, uint32_t p) {
  uint64_t d = (uint64_t)NIC_FM_BLOCK * p;
  return p ? (uint32_t)((n + d - 1) / d) : 0;
}
