// SPDX-License-Identifier: Apache-2.0
#include "aotf_llcm.h"
#include <string.h>

static uint32_t log2u(uint32_t v) {
  uint32_t r = 0;
  while ((1u << r) < v) r++;
  return r;
}

int aotf_llcm_init(aotf_llcm_t *m, const aotf_llcm_cfg_t *cfg, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  uint32_t w = cfg->words;
  if (w < 4 || (w & (w - 1))) return -1;
  m->words = w;
  m->wa = log2u(w);
  m->lb = m->wa + 3;
  if (m->lb > 31) return -1;
  uint64_t x = seed ^ 0x4c4c434dull;
  for (int b = 0; b < 2; b++)
    for (int l = 0; l < 8; l++) {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      if (nic_ram_init(&m->ram[b][l], w / 2, 8, 1, x)) return -1;
    }
  /* power-up: arbitrary control state (the bench resets first) */
  m->busy = (int)(x >> 61) & 1;
  m->swp = (uint32_t)(x >> 8) & (w / 2 - 1);
  m->rvalid = (int)(x >> 62) & 1;
  m->rzero = (int)(x >> 63) & 1;
  m->rbank = (int)(x >> 60) & 1;
  m->fsel = (uint8_t)(x >> 40);
  m->fdat = x * 0x9E3779B97F4A7C15ull;
  m->rvalid2 = (int)(x >> 59) & 1;
  m->rdata2 = x * 0xD1B54A32D192ED03ull;
  m->rvalid3 = (int)(x >> 58) & 1;
  m->rdata3 = x * 0x94D049BB133111EBull;
  return 0;
}

void aotf_llcm_free(aotf_llcm_t *m) {
  for (int b = 0; b < 2; b++)
    for (int l = 0; l < 8; l++) nic_ram_free(&m->ram[b][l]);
}

typedef struct {
  uint32_t widx[2];
  uint64_t wdat[2];
  uint8_t we[2];
  int go, rb;
  uint32_t ridx;
  uint8_t coll, re[2];
} llcm_comb_t;

/* into *c (no struct return: the byte fields are read back one by one) */
static void comb(const aotf_llcm_t *m, const aotf_llcm_in_t *in, llcm_comb_t *c) {
  uint32_t imask = m->words / 2 - 1;
  if (m->busy) {
    c->widx[0] = c->widx[1] = m->swp;
    c->wdat[0] = c->wdat[1] = 0;
    c->we[0] = c->we[1] = 0xFF;
  } else {
    uint32_t w = in->wr_word & (m->words - 1);
    uint8_t blo = (uint8_t)(in->wr_be & 0xFF), bhi = (uint8_t)((in->wr_be >> 8) & 0xFF);
    if (w & 1) {
      c->widx[0] = ((w >> 1) + 1) & imask;
      c->widx[1] = w >> 1;
      c->wdat[0] = in->wr_data[1];
      c->wdat[1] = in->wr_data[0];
      c->we[0] = in->wr_en ? bhi : 0;
      c->we[1] = in->wr_en ? blo : 0;
    } else {
      c->widx[0] = c->widx[1] = w >> 1;
      c->wdat[0] = in->wr_data[0];
      c->wdat[1] = in->wr_data[1];
      c->we[0] = in->wr_en ? blo : 0;
      c->we[1] = in->wr_en ? bhi : 0;
    }
  }
  int inr = (in->rd_addr >> m->lb) == 0;
  uint32_t rword = (in->rd_addr >> 3) & (m->words - 1);
  c->rb = (int)(rword & 1);
  c->ridx = rword >> 1;
  c->go = in->rd_en && inr && !m->busy;
  c->coll = (c->widx[c->rb] == c->ridx) ? c->we[c->rb] : 0;
  c->re[0] = (c->go && !c->rb) ? (uint8_t)~c->coll : 0;
  c->re[1] = (c->go && c->rb) ? (uint8_t)~c->coll : 0;
}

/* read data of stage 1 (the cycle after rd_en): RAM read data or forwarded bytes */
static uint64_t rd_stage1(const aotf_llcm_t *m) {
  if (m->rzero) return 0;
  uint64_t d = 0;
  for (int l = 0; l < 8; l++) {
    uint64_t b;
    if ((m->fsel >> l) & 1) b = (m->fdat >> (8 * l)) & 0xFF;
    else b = nic_ram_rd64(&m->ram[m->rbank][l]) & 0xFF;
    d |= b << (8 * l);
  }
  return d;
}

static void outputs(const aotf_llcm_t *m, const aotf_llcm_in_t *in, const llcm_comb_t *c, aotf_llcm_out_t *out) {
  out->busy = m->busy;
  out->busy_d = in->init || (m->busy && m->swp != m->words / 2 - 1);   /* rtl busy_d_o (no reset term) */
  out->rd_valid = m->rvalid3;
  out->rd_data = m->rdata3;
  out->dbg_we = (uint32_t)c->we[0] | ((uint32_t)c->we[1] << 8);
}

static void update(aotf_llcm_t *m, const aotf_llcm_in_t *in, const llcm_comb_t *c) {
  m->rdata3 = m->rdata2;    /* stage 3 (no reset) */
  m->rdata2 = rd_stage1(m); /* stage 2 (no reset) */
  for (int b = 0; b < 2; b++) {
    uint32_t act = (uint32_t)(c->we[b] | c->re[b]); /* lanes that write or read (the others hold) */
    for (int l = 0; act; l++, act >>= 1)
      if (act & 1)
        nic_ram_tick64(&m->ram[b][l], (c->we[b] >> l) & 1, c->widx[b], (c->wdat[b] >> (8 * l)) & 0xFF, 1,
                       (c->re[b] >> l) & 1, c->ridx);
  }
  /* read-side registers (no reset) */
  m->rzero = !c->go;
  m->rbank = c->rb;
  m->fsel = c->coll;
  m->fdat = c->rb ? c->wdat[1] : c->wdat[0];
  if (!in->rst_ni) {
    m->busy = 1;
    m->swp = 0;
    m->rvalid = 0;
    m->rvalid2 = 0;
    m->rvalid3 = 0;
    return;
  }
  m->rvalid3 = m->rvalid2;
  m->rvalid2 = m->rvalid;
  m->rvalid = in->rd_en;
  if (in->init) {
    m->busy = 1;
    m->swp = 0;
  } else if (m->busy) {
    m->busy = m->swp != m->words / 2 - 1;
    m->swp = (m->swp + 1) & (m->words / 2 - 1);
  }
}

void aotf_llcm_eval(const aotf_llcm_t *m, const aotf_llcm_in_t *in, aotf_llcm_out_t *out) {
  llcm_comb_t c;
  comb(m, in, &c);
  outputs(m, in, &c, out);
}

void aotf_llcm_tick(aotf_llcm_t *m, const aotf_llcm_in_t *in) {
  llcm_comb_t c;
  comb(m, in, &c);
  update(m, in, &c);
}

void aotf_llcm_step(aotf_llcm_t *m, const aotf_llcm_in_t *in, aotf_llcm_out_t *out) {
  llcm_comb_t c;
  comb(m, in, &c);
  outputs(m, in, &c, out);
  update(m, in, &c);
}

uint64_t aotf_llcm_collisions(const aotf_llcm_t *m) {
  uint64_t n = 0;
  for (int b = 0; b < 2; b++)
    for (int l = 0; l < 8; l++) n += m->ram[b][l].collisions;
  return n;
}
