# SPDX-License-Identifier: Apache-2.0
# Linux TAP interop (docs/guide/interop.md): one simulated Comet node (comet_hw topology "ext",
# sw/comet_tap.c: VIPL + Comet-FM + the TAP bridge) against a Linux program on the kernel's UDP
# stack (sw/fm_udp_peer.c), inside a network namespace scripts/interop.sh creates and removes.
#   build/sw/comet_tap_model  C model backend only (no Verilator)
#   build/sw/comet_tap        model, rtl and lockstep: links the Verilated engine library
#                             (Vceng) and the Verilator runtime objects of build/sw/comet_apps
#   build/sw/fm_udp_peer      the Linux peer
#   make interop              the exchange on the model, the RTL and in lockstep, then the negative run
#                             (one corrupted message must fail); needs root (CAP_NET_ADMIN)
# INTEROP_ARP: kernel (the engine answers the kernel's ARP requests) | static (debugging: a
# permanent neighbour entry, scripts/interop.sh --arp); INTEROP_COUNT: messages each way
INTEROP_ARP ?= kernel
INTEROP_COUNT ?= 500
INTEROP_BACKENDS ?= model rtl lockstep
INTEROP_OBJS := $(filter-out $(BUILD)/swobj/sw/comet_apps.o,$(COMET_APPS_OBJS)) $(BUILD)/swobj/sw/comet_tap.o \
  $(BUILD)/obj/cmodel/comet_frame.o

$(BUILD)/sw/comet_tap_model: $(INTEROP_OBJS)
	@mkdir -p $(@D)
	$(CC) $^ -o $@ $(COMET_APPS_LIBS)

$(BUILD)/sw/comet_tap: $(INTEROP_OBJS) $(BUILD)/sw/comet_apps
	$(CXX) -o $@ $(INTEROP_OBJS) $(BUILD)/sw/comet_vl/comet_hw_eng_rtl.o $(BUILD)/sw/vl_ceng/Vceng__ALL.a \
	  $(BUILD)/sw/comet_vl/verilated*.o $(COMET_APPS_LIBS) -pthread

$(BUILD)/sw/fm_udp_peer: $(BUILD)/swobj/sw/fm_udp_peer.o
	@mkdir -p $(@D)
	$(CC) $^ -o $@

.PHONY: interop
interop: $(BUILD)/sw/comet_tap $(BUILD)/sw/fm_udp_peer
	@rc=0; for b in $(INTEROP_BACKENDS); do \
	  timeout -k 10 150 bash scripts/interop.sh --backend $$b --count $(INTEROP_COUNT) --arp $(INTEROP_ARP) || rc=1; \
	done; \
	out=$$(timeout -k 10 120 bash scripts/interop.sh --backend model --count 100 --corrupt 42 --arp $(INTEROP_ARP) 2>&1); \
	if [ $$? -ne 0 ] && grep -q 'data message 42 from node 1 wrong' <<<"$$out"; then \
	  echo "PASS interop-negative: a corrupted message (data message 42) fails the run"; \
	else echo "$$out" | tail -30; echo "FAIL interop-negative: the corrupted message was not caught"; rc=1; fi; \
	exit $$rc
