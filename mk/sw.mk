# Host drivers and applications (sw/): one program, two builds.
#   build/sw/aotf_apps        backends model, rtl and lockstep (Verilated aotf_system2 linked in)
#   build/sw/aotf_apps_model  C model backend only (no Verilator needed)
SYS_RTL := rtl/nic_pkg.sv rtl/nic_ram_1r1w.v rtl/nic_fifo.v rtl/aotf_kick_decode.v rtl/aotf_credit.v \
  rtl/aotf_htlb.v rtl/aotf_pktgen.v rtl/aotf_send_csr.v rtl/aotf_send.v rtl/aotf_llcm.v rtl/aotf_rx.v \
  rtl/nic_link.v rtl/aotf_node.v rtl/aotf_system2.v
SYS_MODEL := cmodel/nic_ram.c cmodel/nic_fifo.c cmodel/aotf_kick_decode.c cmodel/aotf_credit.c \
  cmodel/aotf_htlb.c cmodel/aotf_pktgen.c cmodel/aotf_send_csr.c cmodel/aotf_send.c cmodel/aotf_llcm.c \
  cmodel/aotf_rx.c cmodel/nic_link.c cmodel/aotf_node.c cmodel/aotf_system2.c
SW_SRC := sw/aotf_apps.c sw/libaotf.c sw/nic_sim.c sw/backend_model.c
SW_CFLAGS := $(CFLAGS) -Isw
SW_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(SYS_MODEL)) $(patsubst %.c,$(BUILD)/swobj/%.o,$(SW_SRC))

$(BUILD)/swobj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(SW_CFLAGS) -c $< -o $@

$(BUILD)/sw/aotf_apps_model: $(SW_OBJS) $(BUILD)/swobj/sw/backend_rtl_none.o
	@mkdir -p $(@D)
	$(CC) $^ -o $@

$(BUILD)/sw/aotf_apps: $(SW_OBJS) sw/backend_rtl.cpp $(SYS_RTL)
	@mkdir -p $(BUILD)/sw/vl
	$(VERILATOR) --cc --exe $(VFLAGS_COMMON) --prefix Vsys --top-module aotf_system2 \
	  --Mdir $(BUILD)/sw/vl -o $(ROOT)/$@ -CFLAGS "-I$(ROOT)/sw -I$(ROOT)/tb -I$(ROOT)/cmodel" \
	  $(SYS_RTL) $(ROOT)/sw/backend_rtl.cpp $(addprefix $(ROOT)/,$(SW_OBJS)) > $(BUILD)/sw/vl.log 2>&1 \
	  || { tail -40 $(BUILD)/sw/vl.log; exit 1; }

.PHONY: apps
apps: $(BUILD)/sw/aotf_apps $(BUILD)/sw/aotf_apps_model
