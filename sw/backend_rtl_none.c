// SPDX-License-Identifier: Apache-2.0
/* Link this instead of backend_rtl.cpp to build a program with the C-model backend only. */
#include <stddef.h>
#include "nic_backend.h"
const nic_backend_t *nic_backend_rtl_get(void) { return NULL; }
