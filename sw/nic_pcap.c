// SPDX-License-Identifier: Apache-2.0
#define _DEFAULT_SOURCE
#include "nic_pcap.h"
#include <pcap/pcap.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

struct nic_pcap {
  pcap_t *pc;
  pcap_dumper_t *d;
};

nic_pcap_t *nic_pcap_open(const char *path) {
  nic_pcap_t *p = calloc(1, sizeof(*p));
  if (!p) return NULL;
  p->pc = pcap_open_dead_with_tstamp_precision(DLT_EN10MB, 65535, PCAP_TSTAMP_PRECISION_NANO);
  if (!p->pc) { free(p); return NULL; }
  p->d = pcap_dump_open(p->pc, path);
  if (!p->d) {
    fprintf(stderr, "nic_pcap: %s: %s\n", path, pcap_geterr(p->pc));
    pcap_close(p->pc);
    free(p);
    return NULL;
  }
  return p;
}

void nic_pcap_write(nic_pcap_t *p, const uint8_t *frame, size_t len, uint64_t ts_ns) {
  if (!p) return;
  struct pcap_pkthdr h;
  h.ts.tv_sec = (time_t)(ts_ns / 1000000000ull);
  h.ts.tv_usec = (suseconds_t)(ts_ns % 1000000000ull); /* nanoseconds (NANO precision file) */
  h.caplen = h.len = (bpf_u_int32)len;
  pcap_dump((u_char *)p->d, &h, frame);
}

void nic_pcap_close(nic_pcap_t *p) {
  if (!p) return;
  pcap_dump_close(p->d);
  pcap_close(p->pc);
  free(p);
}

nic_pcap_t *nic_pcap_open_env(const char *prefix, const char *mode, uint64_t seed) {
  const char *dir = getenv("NIC_PCAP_DIR");
  if (!dir || !*dir) return NULL;
  mkdir(dir, 0777);
  char path[1024];
  snprintf(path, sizeof(path), "%s/%s_%s_%llu.pcap", dir, prefix, mode, (unsigned long long)seed);
  return nic_pcap_open(path);
}
