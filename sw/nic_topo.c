// SPDX-License-Identifier: Apache-2.0
/* nic_topo: topology generators, the topology-file reader and the routes; see nic_topo.h. */
#define _POSIX_C_SOURCE 200809L
#include "nic_topo.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *err, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (err && n) vsnprintf(err, n, fmt, ap);
  va_end(ap);
  return -1;
}

static int init(nic_topo_t *t, const char *name, int nodes, int switches, unsigned radix) {
  memset(t, 0, sizeof(*t));
  snprintf(t->name, sizeof(t->name), "%s", name);
  t->nodes = nodes;
  t->switches = switches;
  t->radix = radix;
  t->link = calloc((size_t)(nodes + switches * (int)radix + 1), sizeof(nic_topo_link_t));
  return t->link ? 0 : -1;
}

static void add(nic_topo_t *t, int ka, int ia, int pa, int kb, int ib, int pb, unsigned lat) {
  nic_topo_link_t *l = &t->link[t->nlinks++];
  l->a = (nic_topo_end_t){ka, ia, pa};
  l->b = (nic_topo_end_t){kb, ib, pb};
  l->latency = lat;
}

void nic_topo_free(nic_topo_t *t) {
  free(t->link);
  free(t->node_link);
  free(t->node_side);
  free(t->sw_link);
  free(t->sw_side);
  free(t->sw_dist);
  free(t->node_sw);
  free(t->part);
  memset(t, 0, sizeof(*t));
}

nic_topo_end_t nic_topo_peer_of_port(const nic_topo_t *t, int sw, int port) {
  nic_topo_end_t none = {-1, -1, -1};
  int l = t->sw_link[sw * (int)t->radix + port];
  if (l < 0) return none;
  return t->sw_side[sw * (int)t->radix + port] ? t->link[l].a : t->link[l].b;
}

/* derived tables and the checks every topology passes: endpoints in range and used once,
 * every node connected, every node reaches every other. line: the file line of each link
 * (NULL for generators) */
static int finish(nic_topo_t *t, const int *line, char *err, size_t errn) {
  const char *nm = t->name;
  if (t->nodes < 1 || t->nodes > NIC_TOPO_MAX_NODES) return fail(err, errn, "%s: %d nodes (1..%d)", nm, t->nodes, NIC_TOPO_MAX_NODES);
  if (t->switches < 0 || t->switches > NIC_TOPO_MAX_SWITCHES) return fail(err, errn, "%s: %d switches", nm, t->switches);
  if (t->switches && (t->radix < 2 || t->radix > NIC_TOPO_MAX_RADIX))
    return fail(err, errn, "%s: radix %u (2..%d)", nm, t->radix, NIC_TOPO_MAX_RADIX);
  size_t np = (size_t)t->switches * t->radix;
  t->node_link = malloc(sizeof(int) * (size_t)t->nodes);
  t->node_side = malloc(sizeof(int) * (size_t)t->nodes);
  t->node_sw = malloc(sizeof(int) * (size_t)t->nodes);
  t->sw_link = malloc(sizeof(int) * (np + 1));
  t->sw_side = malloc(sizeof(int) * (np + 1));
  t->sw_dist = malloc(sizeof(int) * ((size_t)t->switches * (size_t)t->switches + 1));
  if (!t->node_link || !t->node_side || !t->node_sw || !t->sw_link || !t->sw_side || !t->sw_dist)
    return fail(err, errn, "%s: out of memory", nm);
  for (int i = 0; i < t->nodes; i++) t->node_link[i] = t->node_side[i] = t->node_sw[i] = -1;
  for (size_t i = 0; i < np; i++) t->sw_link[i] = t->sw_side[i] = -1;
  for (int l = 0; l < t->nlinks; l++) {
    char where[48] = "";
    if (line) snprintf(where, sizeof(where), ":%d", line[l]);
    const nic_topo_link_t *k = &t->link[l];
    if (k->latency < 1 || k->latency > 64) return fail(err, errn, "%s%s: link latency %u (1..64)", nm, where, k->latency);
    for (int s = 0; s < 2; s++) {
      const nic_topo_end_t *e = s ? &k->b : &k->a;
      if (e->kind == NIC_TOPO_NODE) {
        if (e->id < 0 || e->id >= t->nodes) return fail(err, errn, "%s%s: node %d out of range (0..%d)", nm, where, e->id, t->nodes - 1);
        if (t->node_link[e->id] >= 0) return fail(err, errn, "%s%s: node %d has a second link", nm, where, e->id);
        t->node_link[e->id] = l;
        t->node_side[e->id] = s;
      } else {
        if (e->id < 0 || e->id >= t->switches) return fail(err, errn, "%s%s: switch %d out of range (0..%d)", nm, where, e->id, t->switches - 1);
        if (e->port < 0 || e->port >= (int)t->radix) return fail(err, errn, "%s%s: switch %d port %d out of range (0..%u)", nm, where, e->id, e->port, t->radix - 1);
        int ix = e->id * (int)t->radix + e->port;
        if (t->sw_link[ix] >= 0) return fail(err, errn, "%s%s: switch %d port %d is used twice", nm, where, e->id, e->port);
        t->sw_link[ix] = l;
        t->sw_side[ix] = s;
      }
    }
    if (k->a.kind == NIC_TOPO_NODE && k->b.kind == NIC_TOPO_NODE && t->nodes != 2)
      return fail(err, errn, "%s%s: a node-to-node link needs a 2-node topology", nm, where);
  }
  for (int i = 0; i < t->nodes; i++) {
    if (t->node_link[i] < 0) return fail(err, errn, "%s: node %d has no link", nm, i);
    const nic_topo_link_t *k = &t->link[t->node_link[i]];
    const nic_topo_end_t *o = t->node_side[i] ? &k->a : &k->b;
    if (o->kind == NIC_TOPO_SWITCH) t->node_sw[i] = o->id;
  }
  /* switch distances: breadth-first from every switch */
  int S = t->switches;
  int *q = malloc(sizeof(int) * (size_t)(S + 1));
  if (!q) return fail(err, errn, "%s: out of memory", nm);
  for (int a = 0; a < S; a++) {
    int *d = &t->sw_dist[a * S];
    for (int b = 0; b < S; b++) d[b] = -1;
    int qh = 0, qt = 0;
    d[a] = 0;
    q[qt++] = a;
    while (qh < qt) {
      int x = q[qh++];
      for (int p = 0; p < (int)t->radix; p++) {
        nic_topo_end_t e = nic_topo_peer_of_port(t, x, p);
        if (e.kind == NIC_TOPO_SWITCH && d[e.id] < 0) {
          d[e.id] = d[x] + 1;
          q[qt++] = e.id;
        }
      }
    }
  }
  free(q);
  for (int i = 0; i < t->nodes; i++)
    for (int j = 0; j < t->nodes; j++)
      if (nic_topo_hops(t, i, j) < 0) return fail(err, errn, "%s: node %d cannot reach node %d", nm, i, j);
  return 0;
}

int nic_topo_route(const nic_topo_t *t, int sw, int dst) {
  if (sw < 0 || sw >= t->switches || dst < 0 || dst >= t->nodes) return -1;
  int ds = t->node_sw[dst];
  if (ds < 0) return -1;
  if (ds == sw) {
    const nic_topo_link_t *k = &t->link[t->node_link[dst]];
    return t->node_side[dst] ? k->a.port : k->b.port;
  }
  int here = t->sw_dist[sw * t->switches + ds];
  if (here < 0) return -1;
  int cand[NIC_TOPO_MAX_RADIX], nc = 0;
  for (int p = 0; p < (int)t->radix; p++) {
    nic_topo_end_t e = nic_topo_peer_of_port(t, sw, p);
    if (e.kind == NIC_TOPO_SWITCH && t->sw_dist[e.id * t->switches + ds] == here - 1) cand[nc++] = p;
  }
  return nc ? cand[dst % nc] : -1;
}

int nic_topo_hops(const nic_topo_t *t, int a, int b) {
  int sa = t->node_sw[a], sb = t->node_sw[b];
  if (sa < 0 || sb < 0) return (sa < 0 && sb < 0) ? 0 : -1;
  int d = t->sw_dist[sa * t->switches + sb];
  return d < 0 ? -1 : d + 1;
}

uint32_t nic_topo_mcast_mask(const nic_topo_t *t, int sw, int src, const int *members, int nm) {
  int S = t->switches, ss = t->node_sw[src];
  if (ss < 0 || sw < 0 || sw >= S) return 0;
  /* breadth-first tree from the source's switch: parent switch and its port toward the child */
  int *par = malloc(sizeof(int) * (size_t)S), *pport = malloc(sizeof(int) * (size_t)S), *q = malloc(sizeof(int) * (size_t)S);
  uint32_t mask = 0;
  if (!par || !pport || !q) goto out;
  for (int i = 0; i < S; i++) par[i] = -2;
  int qh = 0, qt = 0;
  par[ss] = -1;
  q[qt++] = ss;
  while (qh < qt) {
    int x = q[qh++];
    for (int p = 0; p < (int)t->radix; p++) {
      nic_topo_end_t e = nic_topo_peer_of_port(t, x, p);
      if (e.kind == NIC_TOPO_SWITCH && par[e.id] == -2) {
        par[e.id] = x;
        pport[e.id] = p;
        q[qt++] = e.id;
      }
    }
  }
  for (int m = 0; m < nm; m++) {
    int ms = t->node_sw[members[m]];
    if (ms < 0 || par[ms] == -2) continue;
    if (ms == sw) mask |= 1u << nic_topo_route(t, sw, members[m]);
    for (int x = ms; par[x] >= 0; x = par[x])
      if (par[x] == sw) mask |= 1u << pport[x];
  }
out:
  free(par);
  free(pport);
  free(q);
  return mask;
}

int nic_topo_switch_parts(const nic_topo_t *t, int P, int *part) {
  int N = t->nodes, spare = 0;
  int *cnt = calloc((size_t)P, sizeof(int));
  if (!cnt) return -1;
  for (int s = 0; s < t->switches; s++) {
    if (part[N + s] >= 0) continue;
    memset(cnt, 0, sizeof(int) * (size_t)P);
    int best = -1;
    for (int n = 0; n < N; n++)
      if (t->node_sw[n] == s) cnt[part[n]]++;
    for (int r = 0; r < P; r++)
      if (cnt[r] && (best < 0 || cnt[r] > cnt[best])) best = r;
    part[N + s] = best >= 0 ? best : spare++ % P;
  }
  free(cnt);
  return 0;
}

/* ------------------------------------------------------------------ generators */
static int gen_pair(nic_topo_t *t) {
  if (init(t, "pair", 2, 0, 0)) return -1;
  add(t, NIC_TOPO_NODE, 0, 0, NIC_TOPO_NODE, 1, 0, NIC_TOPO_DEFAULT_LATENCY);
  return 0;
}

static int gen_star(nic_topo_t *t, int n, char *err, size_t errn) {
  if (n < 1 || n > (int)NIC_TOPO_DEFAULT_RADIX) return fail(err, errn, "star:%d: 1..%u nodes", n, NIC_TOPO_DEFAULT_RADIX);
  char nm[32];
  snprintf(nm, sizeof(nm), "star:%d", n);
  if (init(t, nm, n, 1, NIC_TOPO_DEFAULT_RADIX)) return -1;
  for (int i = 0; i < n; i++) add(t, NIC_TOPO_NODE, i, 0, NIC_TOPO_SWITCH, 0, i, NIC_TOPO_DEFAULT_LATENCY);
  return 0;
}

static int gen_tree8(nic_topo_t *t, int n, char *err, size_t errn) {
  int leaves = (n + 7) / 8;
  if (n < 1 || leaves > (int)NIC_TOPO_DEFAULT_RADIX) return fail(err, errn, "tree8:%d: 1..%u nodes", n, 8u * NIC_TOPO_DEFAULT_RADIX);
  char nm[32];
  snprintf(nm, sizeof(nm), "tree8:%d", n);
  int root = leaves > 1;
  if (init(t, nm, n, leaves + root, NIC_TOPO_DEFAULT_RADIX)) return -1;
  for (int i = 0; i < n; i++) add(t, NIC_TOPO_NODE, i, 0, NIC_TOPO_SWITCH, i / 8, i % 8, NIC_TOPO_DEFAULT_LATENCY);
  if (root)
    for (int l = 0; l < leaves; l++) add(t, NIC_TOPO_SWITCH, l, 8, NIC_TOPO_SWITCH, leaves, l, NIC_TOPO_DEFAULT_LATENCY);
  return 0;
}

static int gen_line(nic_topo_t *t, int n, int s, char *err, size_t errn) {
  if (s < 1 || n < s) return fail(err, errn, "line:%d:%d: 1 <= switches <= nodes", n, s);
  int per = (n + s - 1) / s;
  if (per + 2 > (int)NIC_TOPO_DEFAULT_RADIX) return fail(err, errn, "line:%d:%d: %d nodes per switch (at most %u)", n, s, per, NIC_TOPO_DEFAULT_RADIX - 2);
  char nm[32];
  snprintf(nm, sizeof(nm), "line:%d:%d", n, s);
  if (init(t, nm, n, s, NIC_TOPO_DEFAULT_RADIX)) return -1;
  for (int i = 0; i < n; i++) add(t, NIC_TOPO_NODE, i, 0, NIC_TOPO_SWITCH, i / per, i % per, NIC_TOPO_DEFAULT_LATENCY);
  for (int k = 0; k + 1 < s; k++) add(t, NIC_TOPO_SWITCH, k, per + 1, NIC_TOPO_SWITCH, k + 1, per, NIC_TOPO_DEFAULT_LATENCY);
  return 0;
}

static int gen_fattree(nic_topo_t *t, int k, char *err, size_t errn) {
  if (k < 2 || k % 2 || k > (int)NIC_TOPO_DEFAULT_RADIX) return fail(err, errn, "fattree:%d: even K, 2..%u", k, NIC_TOPO_DEFAULT_RADIX);
  int h = k / 2, n = k * h;
  char nm[32];
  snprintf(nm, sizeof(nm), "fattree:%d", k);
  if (init(t, nm, n, k + h, NIC_TOPO_DEFAULT_RADIX)) return -1;
  for (int i = 0; i < n; i++) add(t, NIC_TOPO_NODE, i, 0, NIC_TOPO_SWITCH, i / h, i % h, NIC_TOPO_DEFAULT_LATENCY);
  for (int l = 0; l < k; l++)
    for (int s = 0; s < h; s++) add(t, NIC_TOPO_SWITCH, l, h + s, NIC_TOPO_SWITCH, k + s, l, NIC_TOPO_DEFAULT_LATENCY);
  return 0;
}

int nic_topo_build(nic_topo_t *t, const char *spec, char *err, size_t errn) {
  memset(t, 0, sizeof(*t));
  int a = 0, b = 0, rc;
  if (!strncmp(spec, "file:", 5)) return nic_topo_load(t, spec + 5, err, errn);
  if (!strcmp(spec, "pair")) rc = gen_pair(t);
  else if (sscanf(spec, "star:%d", &a) == 1) rc = gen_star(t, a, err, errn);
  else if (sscanf(spec, "tree8:%d", &a) == 1) rc = gen_tree8(t, a, err, errn);
  else if (sscanf(spec, "line:%d:%d", &a, &b) == 2) rc = gen_line(t, a, b, err, errn);
  else if (sscanf(spec, "fattree:%d", &a) == 1) rc = gen_fattree(t, a, err, errn);
  else return fail(err, errn, "unknown topology '%s' (pair, star:N, tree8:N, line:N:S, fattree:K, file:PATH)", spec);
  if (rc) {
    nic_topo_free(t);
    return -1;
  }
  if (finish(t, NULL, err, errn)) {
    nic_topo_free(t);
    return -1;
  }
  return 0;
}

/* ------------------------------------------------------------------ topology file */
/* "nN" or "sS.P" */
static int parse_end(const char *tok, nic_topo_end_t *e) {
  char tail;
  if (sscanf(tok, "n%d%c", &e->id, &tail) == 1) {
    e->kind = NIC_TOPO_NODE;
    e->port = 0;
    return 0;
  }
  if (sscanf(tok, "s%d.%d%c", &e->id, &e->port, &tail) == 2) {
    e->kind = NIC_TOPO_SWITCH;
    return 0;
  }
  return -1;
}

/* a component or a range of them for 'part': "nN", "nA-B", "sS", "sA-B"; kind 'n' or 's' */
static int parse_comp(const char *tok, char *kind, int *lo, int *hi) {
  char tail;
  if (tok[0] != 'n' && tok[0] != 's') return -1;
  *kind = tok[0];
  if (sscanf(tok + 1, "%d-%d%c", lo, hi, &tail) == 2 && *lo <= *hi) return 0;
  if (sscanf(tok + 1, "%d%c", lo, &tail) == 1) {
    *hi = *lo;
    return 0;
  }
  return -1;
}

int nic_topo_parse(nic_topo_t *t, const char *text, const char *name, char *err, size_t errn) {
  memset(t, 0, sizeof(*t));
  int nodes = -1, switches = -1, radix = (int)NIC_TOPO_DEFAULT_RADIX, ln = 0;
  unsigned lat = NIC_TOPO_DEFAULT_LATENCY;
  int *lines = NULL, cap = 0;
  int nparts = 0, *pt = NULL, *pline = NULL; /* part and 'part' line of each component */
  const char *p = text;
  int rc = -1;
  while (*p) {
    const char *e = strchr(p, '\n');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    char buf[256];
    ln++;
    if (len >= sizeof(buf)) {
      fail(err, errn, "%s:%d: line too long", name, ln);
      goto out;
    }
    memcpy(buf, p, len);
    buf[len] = 0;
    p = e ? e + 1 : p + len;
    char *hash = strchr(buf, '#');
    if (hash) *hash = 0;
    char *tok[sizeof(buf) / 2 + 1]; /* a line of 255 characters has at most 128 fields */
    int nt = 0;
    for (char *s = strtok(buf, " \t\r"); s; s = strtok(NULL, " \t\r")) tok[nt++] = s;
    if (!nt) continue;
    char *end;
    if (!strcmp(tok[0], "nodes") || !strcmp(tok[0], "switches") || !strcmp(tok[0], "radix") || !strcmp(tok[0], "latency") ||
        !strcmp(tok[0], "parts")) {
      if (nt != 2) {
        fail(err, errn, "%s:%d: '%s' takes one number", name, ln, tok[0]);
        goto out;
      }
      long v = strtol(tok[1], &end, 0);
      if (*end || v < 0 || v > 100000) {
        fail(err, errn, "%s:%d: bad number '%s'", name, ln, tok[1]);
        goto out;
      }
      int shape = strcmp(tok[0], "latency") && strcmp(tok[0], "parts");
      if (shape && t->link) {
        fail(err, errn, "%s:%d: '%s' after the first link", name, ln, tok[0]);
        goto out;
      }
      if (pt && strcmp(tok[0], "latency")) {
        fail(err, errn, "%s:%d: '%s' after the first part", name, ln, tok[0]);
        goto out;
      }
      if (!strcmp(tok[0], "nodes")) nodes = (int)v;
      else if (!strcmp(tok[0], "switches")) switches = (int)v;
      else if (!strcmp(tok[0], "radix")) radix = (int)v;
      else if (!strcmp(tok[0], "parts")) {
        if (v < 1 || v > NIC_TOPO_MAX_NODES) {
          fail(err, errn, "%s:%d: parts %ld (1..%d)", name, ln, v, NIC_TOPO_MAX_NODES);
          goto out;
        }
        nparts = (int)v;
      } else lat = (unsigned)v;
      continue;
    }
    if (!strcmp(tok[0], "part")) {
      if (!nparts || nodes < 1 || switches < 0) {
        fail(err, errn, "%s:%d: 'nodes', 'switches' and 'parts' must come before the first part", name, ln);
        goto out;
      }
      if (nodes > NIC_TOPO_MAX_NODES || switches > NIC_TOPO_MAX_SWITCHES) {
        fail(err, errn, "%s:%d: at most %d nodes, %d switches", name, ln, NIC_TOPO_MAX_NODES, NIC_TOPO_MAX_SWITCHES);
        goto out;
      }
      if (!pt) {
        pt = malloc(sizeof(int) * (size_t)(nodes + switches));
        pline = malloc(sizeof(int) * (size_t)(nodes + switches));
        if (!pt || !pline) {
          fail(err, errn, "%s: out of memory", name);
          goto out;
        }
        for (int c = 0; c < nodes + switches; c++) pt[c] = -1;
      }
      long v = nt >= 3 ? strtol(tok[1], &end, 0) : -1;
      if (nt < 3 || end == tok[1] || *end) {
        fail(err, errn, "%s:%d: expected 'part P COMP...' with COMP = nN, sS, nA-B or sA-B", name, ln);
        goto out;
      }
      if (v < 0 || v >= nparts) {
        fail(err, errn, "%s:%d: part %ld out of range (parts %d: 0..%d)", name, ln, v, nparts, nparts - 1);
        goto out;
      }
      for (int i = 2; i < nt; i++) {
        char kind;
        int lo, hi, lim = 0;
        if (parse_comp(tok[i], &kind, &lo, &hi)) {
          fail(err, errn, "%s:%d: bad component '%s' (nN, sS, nA-B or sA-B)", name, ln, tok[i]);
          goto out;
        }
        lim = kind == 'n' ? nodes : switches;
        if (lo < 0 || hi >= lim) {
          fail(err, errn, "%s:%d: unknown %s %d in '%s' (0..%d)", name, ln, kind == 'n' ? "node" : "switch",
               lo < 0 ? lo : hi, tok[i], lim - 1);
          goto out;
        }
        for (int x = lo; x <= hi; x++) {
          int c = kind == 'n' ? x : nodes + x;
          if (pt[c] >= 0) {
            fail(err, errn, "%s:%d: %s %d is in part %d already (line %d)", name, ln, kind == 'n' ? "node" : "switch", x,
                 pt[c], pline[c]);
            goto out;
          }
          pt[c] = (int)v;
          pline[c] = ln;
        }
      }
      continue;
    }
    if (strcmp(tok[0], "link")) {
      fail(err, errn, "%s:%d: unknown keyword '%s' (nodes, switches, radix, latency, link, parts, part)", name, ln, tok[0]);
      goto out;
    }
    if (!t->link) {
      if (nodes < 1 || switches < 0) {
        fail(err, errn, "%s:%d: 'nodes' and 'switches' must come before the first link", name, ln);
        goto out;
      }
      if (nodes > NIC_TOPO_MAX_NODES || switches > NIC_TOPO_MAX_SWITCHES || radix > NIC_TOPO_MAX_RADIX) {
        fail(err, errn, "%s:%d: at most %d nodes, %d switches, radix %d", name, ln, NIC_TOPO_MAX_NODES,
             NIC_TOPO_MAX_SWITCHES, NIC_TOPO_MAX_RADIX);
        goto out;
      }
      if (init(t, name, nodes, switches, (unsigned)radix)) {
        fail(err, errn, "%s: out of memory", name);
        goto out;
      }
      cap = nodes + switches * radix + 1;
      lines = calloc((size_t)cap, sizeof(int));
      if (!lines) goto out;
    }
    nic_topo_end_t ea, eb;
    if (nt < 3 || nt > 4 || parse_end(tok[1], &ea) || parse_end(tok[2], &eb)) {
      fail(err, errn, "%s:%d: expected 'link END END [latency]' with END = nN or sS.P", name, ln);
      goto out;
    }
    unsigned l = lat;
    if (nt == 4) {
      long v = strtol(tok[3], &end, 0);
      if (*end || v < 1 || v > 64) {
        fail(err, errn, "%s:%d: bad latency '%s' (1..64)", name, ln, tok[3]);
        goto out;
      }
      l = (unsigned)v;
    }
    if (t->nlinks >= cap - 1) {
      fail(err, errn, "%s:%d: more links than endpoints", name, ln);
      goto out;
    }
    lines[t->nlinks] = ln;
    add(t, ea.kind, ea.id, ea.port, eb.kind, eb.id, eb.port, l);
  }
  if (!t->link) {
    fail(err, errn, "%s: no links", name);
    goto out;
  }
  rc = finish(t, lines, err, errn);
  if (!rc && nparts && !pt) rc = fail(err, errn, "%s: 'parts %d' without a 'part' line", name, nparts);
  for (int n = 0; !rc && pt && n < t->nodes; n++)
    if (pt[n] < 0) rc = fail(err, errn, "%s: node %d is in no part (every node needs a 'part' line)", name, n);
  if (!rc && pt) {
    if (nic_topo_switch_parts(t, nparts, pt)) {
      rc = fail(err, errn, "%s: out of memory", name);
    } else {
      t->nparts = nparts;
      t->part = pt;
      pt = NULL;
    }
  }
out:
  free(lines);
  free(pt);
  free(pline);
  if (rc) nic_topo_free(t);
  return rc;
}

int nic_topo_load(nic_topo_t *t, const char *path, char *err, size_t errn) {
  memset(t, 0, sizeof(*t));
  FILE *f = fopen(path, "r");
  if (!f) return fail(err, errn, "%s: cannot open", path);
  char *buf = NULL;
  size_t n = 0, cap = 0;
  for (;;) {
    if (n + 4096 > cap) {
      cap = cap ? 2 * cap : 65536;
      char *nb = realloc(buf, cap);
      if (!nb) {
        free(buf);
        fclose(f);
        return fail(err, errn, "%s: out of memory", path);
      }
      buf = nb;
    }
    size_t r = fread(buf + n, 1, 4096, f);
    n += r;
    if (r < 4096) break;
  }
  fclose(f);
  buf[n] = 0;
  int rc = nic_topo_parse(t, buf, path, err, errn);
  free(buf);
  return rc;
}
