// SPDX-License-Identifier: Apache-2.0
/* Minimal pcap writer (libpcap): Ethernet frames WITH the 4-byte FCS, link type DLT_EN10MB.
 * tshark does not know the FCS is there unless told: scripts/check_pcap.sh runs it with
 * -o eth.assume_fcs:TRUE -o eth.check_fcs:TRUE. */
#ifndef NIC_PCAP_H
#define NIC_PCAP_H
#include <stddef.h>
#include <stdint.h>
typedef struct nic_pcap nic_pcap_t;
/* open path for writing (creates parent directory build/pcap style paths must exist); NULL on error */
nic_pcap_t *nic_pcap_open(const char *path);
/* write one frame; ts_ns = timestamp in ns (e.g. cycle * 6.4 for 156.25 MHz) */
void nic_pcap_write(nic_pcap_t *p, const uint8_t *frame, size_t len, uint64_t ts_ns);
void nic_pcap_close(nic_pcap_t *p);
/* NIC_PCAP_DIR/<prefix>_<mode>_<seed>.pcap if NIC_PCAP_DIR is set, else NULL */
nic_pcap_t *nic_pcap_open_env(const char *prefix, const char *mode, uint64_t seed);
#endif
