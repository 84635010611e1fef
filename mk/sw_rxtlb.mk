# SPDX-License-Identifier: Apache-2.0
# The receive TLB driver end to end (sw/aotf_rxtlb_test.c): two nodes on the C model backend.
#   make rxtlb-test
RXTLB_TEST_OBJS := $(filter-out $(BUILD)/swobj/sw/aotf_apps.o,$(SW_OBJS)) $(BUILD)/swobj/sw/aotf_rxtlb_test.o \
  $(BUILD)/swobj/sw/fabric_rtl_none.o

$(BUILD)/sw/aotf_rxtlb_test: $(RXTLB_TEST_OBJS)
	@mkdir -p $(@D)
	$(CC) $^ -o $@

.PHONY: rxtlb-test
rxtlb-test: $(BUILD)/sw/aotf_rxtlb_test
	$(BUILD)/sw/aotf_rxtlb_test
