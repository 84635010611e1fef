// SPDX-License-Identifier: Apache-2.0
/* nic_fabric without the Verilated RTL: programs built with the C models only. */
#include "nic_fabric.h"

const nic_fabric_backend_t *nic_fabric_backend_rtl(void) { return NULL; }
