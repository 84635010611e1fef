// SPDX-License-Identifier: Apache-2.0
/* libaotf_htt: the header translation table (HTT) in NIC memory and the hardware HTLB refill
 * walker of the send path (docs/reference/aotf_send.md). With the walker on, a kick to a page
 * whose HTLB entry is missing is refilled by the hardware from the HTT without an interrupt;
 * pages the HTT lacks still interrupt, and aotf_service refills them from the driver's table.
 * The HTT is direct mapped: entry = page & (entries - 1); of two mapped pages with the same
 * index the one written last is in the HTT, the other one is refilled by the driver. */
#ifndef LIBAOTF_HTT_H
#define LIBAOTF_HTT_H
#include <stdint.h>
#include "libaotf.h"

/* invalidate every HTT entry (its content is undefined after power-up); returns the number of
 * entries. Call before aotf_walk_enable. */
uint32_t aotf_htt_init(aotf_t *a);
/* write the HTT entry of one page: tag invalid, the four seed words, then the valid tag (the
 * walker reads an entry in one cycle, so a walk sees the old or the new entry, never a mix) */
void aotf_htt_put(aotf_t *a, const aotf_htt_ent_t *e);
/* remove a page from the HTT (if its index holds it) */
void aotf_htt_remove(aotf_t *a, uint32_t page);
/* every page of the driver's table (aotf_map) into the HTT */
void aotf_htt_load_all(aotf_t *a);
/* the refill walker on / off (CTRL.WALK_EN; CTRL.WINDOW kept). Turning it off waits until no
 * walk runs, so that software may write HTLB entries afterwards. */
void aotf_walk_enable(aotf_t *a, int on);
/* walker counters: walks, walks that refilled, walks that fell back to the interrupt */
void aotf_walk_counts(aotf_t *a, uint32_t *walks, uint32_t *hits, uint32_t *misses);
/* header format of an HTLB / HTT entry: words 1..4 (8..32 bytes) of header, the byte position
 * of the kick offset (2 bytes, bits 11:0 replaced) and of the length byte. The seed words hold
 * the header in that layout (formats/aotf16_header.csv for the 16-byte form: 2, 8, 11).
 * aotf_hdr_fmt(4, 8, 16) sends the 32-byte layout without the generator's early reads. */
uint32_t aotf_hdr_fmt(unsigned words, unsigned raddr_pos, unsigned len_pos);
/* the header format of a mapped page (aotf_map first); its HTLB entry takes it at the next
 * load (the HTT entry too, when rewritten with aotf_htt_put / aotf_htt_load_all); -1: not mapped */
int aotf_map_fmt(aotf_t *a, uint32_t kick_page_addr, uint32_t fmt);
#endif
