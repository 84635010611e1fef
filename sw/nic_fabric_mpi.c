// SPDX-License-Identifier: Apache-2.0
/* nic_fabric_mpi: a fabric split over MPI ranks; see nic_fabric_mpi.h. */
#define _POSIX_C_SOURCE 200809L
#include "nic_fabric_mpi.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "nic_fabric.h"

#define MSG_MAGIC 0x4e46414252494300ull /* "NFABRIC\0" */
#define MSG_TAG 4711
#define HDR_WORDS 4 /* magic | rank, exchange number, flags, payload words */

typedef struct {
  int k;    /* link direction */
  int beat; /* 1: the producer is here (send the beat, receive the ready); 0: the reverse */
} cut_t;

typedef struct {
  cut_t *cut;
  int ncut;
  size_t words; /* message words (header, payload, checksum) */
  uint64_t *tx, *rx;
} peer_t;

struct nic_fabric_mpi {
  MPI_Comm comm;
  int rank, size, nodes;
  int *part;
  const char *source; /* where the parts came from */
  peer_t *peer;
  uint64_t seq, drop, corrupt, stall, die;
  double timeout;
  MPI_Request *req;
};

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void nic_fabric_mpi_fatal(const nic_fabric_mpi_t *m, const char *what) {
  fprintf(stderr, "nic_fabric_mpi: rank %d of %d: %s\n", m->rank, m->size, what);
  fflush(stderr);
  MPI_Abort(m->comm, 4);
  exit(4);
}

static void check(const nic_fabric_mpi_t *m, int rc, const char *call) {
  if (rc == MPI_SUCCESS) return;
  char e[MPI_MAX_ERROR_STRING], msg[MPI_MAX_ERROR_STRING + 128];
  int n = 0;
  MPI_Error_string(rc, e, &n);
  snprintf(msg, sizeof(msg), "%s failed: %s", call, e);
  nic_fabric_mpi_fatal(m, msg);
}

static uint64_t env_u64(const char *name, uint64_t def) {
  const char *v = getenv(name);
  return v && *v ? strtoull(v, NULL, 0) : def;
}

nic_fabric_mpi_t *nic_fabric_mpi_new(MPI_Comm comm) {
  nic_fabric_mpi_t *m = calloc(1, sizeof(*m));
  if (!m) return NULL;
  MPI_Comm_dup(comm, &m->comm);
  MPI_Comm_set_errhandler(m->comm, MPI_ERRORS_RETURN);
  MPI_Comm_rank(m->comm, &m->rank);
  MPI_Comm_size(m->comm, &m->size);
  m->drop = env_u64("NIC_FABRIC_MPI_DROP", 0);
  m->corrupt = env_u64("NIC_FABRIC_MPI_CORRUPT", 0);
  m->stall = env_u64("NIC_FABRIC_MPI_STALL", 0);
  m->die = env_u64("NIC_FABRIC_MPI_DIE", 0);
  m->timeout = (double)env_u64("NIC_FABRIC_MPI_TIMEOUT", 60);
  m->peer = calloc((size_t)m->size, sizeof(*m->peer));
  m->req = calloc(2 * (size_t)m->size, sizeof(*m->req));
  if (!m->peer || !m->req) {
    nic_fabric_mpi_free(m);
    return NULL;
  }
  return m;
}

void nic_fabric_mpi_free(nic_fabric_mpi_t *m) {
  if (!m) return;
  for (int p = 0; m->peer && p < m->size; p++) {
    free(m->peer[p].cut);
    free(m->peer[p].tx);
    free(m->peer[p].rx);
  }
  free(m->peer);
  free(m->req);
  free(m->part);
  MPI_Comm_free(&m->comm);
  free(m);
}

void nic_fabric_mpi_parts(const nic_topo_t *t, int R, int *part) {
  int N = t->nodes;
  for (int n = 0; n < N; n++) part[n] = (int)((long long)n * R / N);
  for (int s = 0; s < t->switches; s++) part[N + s] = -1;
  if (nic_topo_switch_parts(t, R, part))
    for (int s = 0; s < t->switches; s++) part[N + s] = s % R;
}

void nic_fabric_mpi_parts_subtree(const nic_topo_t *t, int R, int *part) {
  int N = t->nodes, S = t->switches;
  long long cum = 0;
  int *cnt = calloc((size_t)S + 1, sizeof(int));
  if (!cnt) {
    nic_fabric_mpi_parts(t, R, part);
    return;
  }
  for (int n = 0; n < N; n++)
    if (t->node_sw[n] >= 0) cnt[t->node_sw[n]]++;
  /* a switch with nodes goes to the rank of the middle of its nodes in the order of the
   * switches: whole subtrees, contiguous, balanced by node count */
  for (int s = 0; s < S; s++) {
    part[N + s] = cnt[s] ? (int)((2 * cum + cnt[s]) * R / (2LL * N)) : -1;
    cum += cnt[s];
  }
  for (int n = 0; n < N; n++) part[n] = t->node_sw[n] >= 0 ? part[N + t->node_sw[n]] : (int)((long long)n * R / N);
  if (nic_topo_switch_parts(t, R, part))
    for (int s = 0; s < S; s++)
      if (part[N + s] < 0) part[N + s] = s % R;
  free(cnt);
}

static int parts_env(const nic_topo_t *t, int R, int *part, char *err, size_t errn) {
  const char *v = getenv("NIC_FABRIC_MPI_PARTS");
  int C = t->nodes + t->switches, i = 0;
  if (!v || !*v) return 0;
  for (const char *p = v; *p && i < C;) {
    char *e;
    long r = strtol(p, &e, 10);
    if (e == p || r < 0 || r >= R) break;
    part[i++] = (int)r;
    p = *e == ',' ? e + 1 : e;
  }
  if (i != C) {
    snprintf(err, errn, "NIC_FABRIC_MPI_PARTS needs %d ranks 0..%d (nodes, then switches), comma separated", C, R - 1);
    return -1;
  }
  return 1;
}

/* the parts for R ranks: NIC_FABRIC_MPI_PARTS, else NIC_FABRIC_MPI_SPLIT, else the file's parts,
 * else contiguous node blocks; returns the source, NULL with err set on an error */
static const char *choose_parts(const nic_topo_t *t, int R, int *part, char *err, size_t errn) {
  const char *split = getenv("NIC_FABRIC_MPI_SPLIT");
  int rc = parts_env(t, R, part, err, errn);
  if (rc) return rc < 0 ? NULL : "env";
  if (split && *split) {
    if (!strcmp(split, "subtree")) {
      nic_fabric_mpi_parts_subtree(t, R, part);
      return "subtree";
    }
    if (!strcmp(split, "blocks")) {
      nic_fabric_mpi_parts(t, R, part);
      return "blocks";
    }
    snprintf(err, errn, "NIC_FABRIC_MPI_SPLIT=%s: blocks or subtree", split);
    return NULL;
  }
  if (t->part) {
    /* P parts on R <= P ranks: part p on rank p * R / P, neighbouring parts share a rank */
    if (R > t->nparts) {
      snprintf(err, errn, "%s declares %d parts: at most %d ranks (NIC_FABRIC_MPI_SPLIT or NIC_FABRIC_MPI_PARTS for more)",
               t->name, t->nparts, t->nparts);
      return NULL;
    }
    for (int c = 0; c < t->nodes + t->switches; c++) part[c] = (int)((long long)t->part[c] * R / t->nparts);
    return "file";
  }
  nic_fabric_mpi_parts(t, R, part);
  return "blocks";
}

int nic_fabric_mpi_node_rank(const nic_fabric_mpi_t *m, int n) { return m->part ? m->part[n] : 0; }
const char *nic_fabric_mpi_parts_source(const nic_fabric_mpi_t *m) { return m->source ? m->source : "none"; }
uint64_t nic_fabric_mpi_exchanges(const nic_fabric_mpi_t *m) { return m->seq; }
int nic_fabric_mpi_cut(const nic_fabric_mpi_t *m) {
  int c = 0;
  for (int p = 0; p < m->size; p++) c += m->peer[p].ncut;
  return c;
}

static int end_rank(const nic_fabric_mpi_t *m, const nic_topo_end_t *e) {
  return m->part[e->kind == NIC_TOPO_NODE ? e->id : m->nodes + e->id];
}

static int own_cb(void *ctx, const nic_topo_t *t, uint8_t *own) {
  nic_fabric_mpi_t *m = ctx;
  int C = t->nodes + t->switches;
  char err[320];
  m->nodes = t->nodes;
  m->part = calloc((size_t)C, sizeof(int));
  if (!m->part) return -1;
  m->source = choose_parts(t, m->size, m->part, err, sizeof(err));
  if (!m->source) nic_fabric_mpi_fatal(m, err);
  for (int c = 0; c < C; c++) own[c] = m->part[c] == m->rank;
  /* cut link directions, per peer in link order (both sides list them in the same order) */
  for (int l = 0; l < t->nlinks; l++)
    for (int sd = 0; sd < 2; sd++) {
      const nic_topo_end_t *src = sd ? &t->link[l].b : &t->link[l].a, *dst = sd ? &t->link[l].a : &t->link[l].b;
      int rs = end_rank(m, src), rd = end_rank(m, dst);
      if (rs == rd || (rs != m->rank && rd != m->rank)) continue;
      peer_t *p = &m->peer[rs == m->rank ? rd : rs];
      cut_t *nc = realloc(p->cut, sizeof(*nc) * (size_t)(p->ncut + 1));
      if (!nc) return -1;
      p->cut = nc;
      p->cut[p->ncut++] = (cut_t){2 * l + sd, rs == m->rank};
    }
  for (int r = 0; r < m->size; r++) {
    peer_t *p = &m->peer[r];
    /* both directions carry 2 words per cut direction (a beat: data, keep | valid | last; a
     * ready: the ready, 0), so the two messages of a pair have one size */
    p->words = HDR_WORDS + 2 * (size_t)p->ncut + 1;
    p->tx = calloc(p->words, sizeof(uint64_t));
    p->rx = calloc(p->words, sizeof(uint64_t));
    if (!p->tx || !p->rx) return -1;
  }
  return 0;
}

static uint64_t checksum(const uint64_t *w, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; i++) {
    h ^= w[i];
    h *= 0x100000001b3ull;
    h ^= h >> 29;
  }
  return h;
}

/* wait for rq (a receive from rank r when rx, else a send to it): spin, then nap 20 us between
 * tests, which lets the other ranks run on a machine with more jobs than cores */
static void wait_req(nic_fabric_mpi_t *m, MPI_Request *rq, int r, int rx) {
  double t0 = 0;
  for (unsigned spin = 0;; spin++) {
    int done = 0;
    check(m, MPI_Test(rq, &done, MPI_STATUS_IGNORE), rx ? "MPI_Test (receive)" : "MPI_Test (send)");
    if (done) return;
    if (spin >= 64) {
      double t = now_s();
      if (!t0) t0 = t;
      else if (t - t0 > m->timeout) {
        char msg[200];
        snprintf(msg, sizeof(msg), "%s rank %d for exchange %llu within %.0f s: rank %d died, hangs or lost it",
                 rx ? "no cut-link message from" : "cut-link message not taken by", r, (unsigned long long)m->seq,
                 m->timeout, r);
        nic_fabric_mpi_fatal(m, msg);
      }
      struct timespec nap = {0, 20000};
      nanosleep(&nap, NULL);
    }
  }
}

static void xchg_cb(void *ctx, nic_fabric_t *f, unsigned flags, unsigned *all) {
  nic_fabric_mpi_t *m = ctx;
  m->seq++;
  if (m->rank == m->size - 1 && m->rank && (m->seq == m->stall || m->seq == m->die)) { /* self-tests */
    if (m->seq == m->die) _exit(9);
    for (;;) sleep(1000);
  }
  for (int r = 0; r < m->size; r++) {
    if (r == m->rank) continue;
    peer_t *p = &m->peer[r];
    check(m, MPI_Irecv(p->rx, (int)p->words, MPI_UINT64_T, r, MSG_TAG, m->comm, &m->req[2 * r]), "MPI_Irecv");
    uint64_t *w = p->tx;
    w[0] = MSG_MAGIC | (uint64_t)m->rank;
    w[1] = m->seq;
    w[2] = flags;
    w[3] = 2 * (uint64_t)p->ncut;
    for (int i = 0; i < p->ncut; i++) {
      uint64_t *d = &w[HDR_WORDS + 2 * i];
      if (!f) {
        d[0] = d[1] = 0;
        continue;
      }
      const nic_link_in_t *li = nic_fabric_link_in(f, p->cut[i].k);
      if (p->cut[i].beat) {
        d[0] = li->s_axis_tdata;
        d[1] = (li->s_axis_tkeep & 0xff) | ((li->s_axis_tvalid & 1) << 8) | ((li->s_axis_tlast & 1) << 9);
      } else {
        d[0] = li->m_axis_tready & 1;
        d[1] = 0;
      }
    }
    w[p->words - 1] = checksum(w, p->words - 1);
    if (m->rank == 0 && r == 1 && m->corrupt == m->seq) w[HDR_WORDS - 2] ^= 1u << 5; /* NIC_FABRIC_MPI_CORRUPT */
    if (m->rank == 0 && r == 1 && m->drop == m->seq) { /* NIC_FABRIC_MPI_DROP: this message is lost */
      m->req[2 * r + 1] = MPI_REQUEST_NULL;
    } else {
      check(m, MPI_Isend(w, (int)p->words, MPI_UINT64_T, r, MSG_TAG, m->comm, &m->req[2 * r + 1]), "MPI_Isend");
    }
  }
  unsigned acc = flags;
  for (int r = 0; r < m->size; r++) {
    if (r == m->rank) continue;
    peer_t *p = &m->peer[r];
    wait_req(m, &m->req[2 * r], r, 1);
    const uint64_t *w = p->rx;
    char msg[240];
    if (w[0] != (MSG_MAGIC | (uint64_t)r) || w[3] != 2 * (uint64_t)p->ncut) {
      snprintf(msg, sizeof(msg), "bad cut-link message from rank %d at exchange %llu (header 0x%llx, %llu words)", r,
               (unsigned long long)m->seq, (unsigned long long)w[0], (unsigned long long)w[3]);
      nic_fabric_mpi_fatal(m, msg);
    }
    if (w[1] != m->seq) {
      snprintf(msg, sizeof(msg), "cut-link message %llu from rank %d lost (received message %llu instead)",
               (unsigned long long)m->seq, r, (unsigned long long)w[1]);
      nic_fabric_mpi_fatal(m, msg);
    }
    if (w[p->words - 1] != checksum(w, p->words - 1)) {
      snprintf(msg, sizeof(msg), "cut-link message %llu from rank %d has a bad checksum", (unsigned long long)m->seq, r);
      nic_fabric_mpi_fatal(m, msg);
    }
    acc |= (unsigned)w[2];
    for (int i = 0; f && i < p->ncut; i++) {
      const uint64_t *d = &w[HDR_WORDS + 2 * i];
      nic_link_in_t *li = nic_fabric_link_in(f, p->cut[i].k);
      if (p->cut[i].beat) {
        li->m_axis_tready = d[0] & 1;
      } else {
        li->s_axis_tdata = d[0];
        li->s_axis_tkeep = d[1] & 0xff;
        li->s_axis_tvalid = (d[1] >> 8) & 1;
        li->s_axis_tlast = (d[1] >> 9) & 1;
      }
    }
  }
  for (int r = 0; r < m->size; r++)
    if (r != m->rank && m->req[2 * r + 1] != MPI_REQUEST_NULL) wait_req(m, &m->req[2 * r + 1], r, 0);
  *all = acc;
}

nic_sim_part_t nic_fabric_mpi_part(nic_fabric_mpi_t *m) {
  nic_sim_part_t p = {own_cb, xchg_cb, m};
  return p;
}
