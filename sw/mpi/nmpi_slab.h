// SPDX-License-Identifier: Apache-2.0
/* nmpi_slab: fixed-size object allocator of the message layer (requests, unexpected-message
 * records). Objects come from chunks of NMPI_SLAB_CHUNK objects; free objects form a singly
 * linked list through their first word, so alloc and free are O(1) and an object's address is
 * stable for its life (a request's id is its address). Chunks are released by nmpi_slab_fini. */
#ifndef NMPI_SLAB_H
#define NMPI_SLAB_H
#include <stddef.h>
#include <stdlib.h>

#define NMPI_SLAB_CHUNK 256u

typedef struct nmpi_slab {
  size_t size;      /* object bytes (>= sizeof(void *)) */
  void *free;       /* free list */
  void **chunks;    /* chunk pointers */
  size_t nchunks, cap, live;
} nmpi_slab_t;

static inline void nmpi_slab_init(nmpi_slab_t *s, size_t size) {
  s->size = size < sizeof(void *) ? sizeof(void *) : (size + 15u) & ~(size_t)15u;
  s->free = NULL;
  s->chunks = NULL;
  s->nchunks = s->cap = s->live = 0;
}

/* slow path: one more chunk threaded onto the free list */
static inline int nmpi_slab_grow(nmpi_slab_t *s) {
  if (s->nchunks == s->cap) {
    size_t nc = s->cap ? 2 * s->cap : 8;
    void **c = (void **)realloc(s->chunks, nc * sizeof *c);
    if (!c) return -1;
    s->chunks = c;
    s->cap = nc;
  }
  char *m = (char *)malloc(s->size * NMPI_SLAB_CHUNK);
  if (!m) return -1;
  s->chunks[s->nchunks++] = m;
  for (size_t i = NMPI_SLAB_CHUNK; i-- > 0;) {
    *(void **)(m + i * s->size) = s->free;
    s->free = m + i * s->size;
  }
  return 0;
}

static inline void *nmpi_slab_alloc(nmpi_slab_t *s) {
  if (!s->free && nmpi_slab_grow(s)) return NULL;
  void *o = s->free;
  s->free = *(void **)o;
  s->live++;
  return o;
}

static inline void nmpi_slab_free(nmpi_slab_t *s, void *o) {
  *(void **)o = s->free;
  s->free = o;
  s->live--;
}

static inline void nmpi_slab_fini(nmpi_slab_t *s) {
  for (size_t i = 0; i < s->nchunks; i++) free(s->chunks[i]);
  free(s->chunks);
  nmpi_slab_init(s, s->size);
}
#endif
