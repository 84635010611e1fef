// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_via_walk: comet_via's segment walker and receive unpacker (see comet_via.v). The
// segment RAM (two halves: the control FSM fills one while the walker reads the other) holds
// each segment's address, length and first chunk; the walker loads the segments in turn and
// cuts them into host-word chunks: a send's payload reads, or a receive's writes, which the
// unpacker fills from s_axis_rx through a 16-byte ring.
module comet_via_walk #(
  parameter int MAX_SEGS = 16,
  localparam int SAW = $clog2(MAX_SEGS)
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  // control FSM (comet_via_ctl)
  input  wire            state_rx_i,  // state S_RX
  input  wire            rqs_rx_i,    // its registered copy (the DMA request fields)
  input  wire            seg0_rd_i,   // a state that may start the walker (segment 0 read)
  input  wire            rdy_nx_i,    // outside S_RX: the next state is S_DRAIN or S_RX
  input  wire [1:0]      vi_i,
  input  wire [SAW:0]    segcnt_i,
  input  wire            w_start_i,
  input  wire            seg_we_i,    // segment RAM write {address sa_i, length seg_wl_i}
  input  wire [SAW-1:0]  seg_waddr_i,
  input  wire [15:0]     seg_wl_i,
  input  wire [31:0]     sa_i,
  // packer state (the unpacker's fill level is the packer's cnt_q, see comet_via_pack)
  input  wire [4:0]      cnt_i,
  input  wire            in_done_i,
  output reg  [4:0]      rx_cnt_d_o,  // their next values in S_RX
  output reg             rx_done_d_o,
  // DMA requests (comet_via_dma)
  input  wire            if_room_i, w_acc_i,
  output reg             w_v_o,
  output wire            w_rdv_o,     // a payload read request (outside S_RX)
  output wire [31:3]     w_addr_o,
  output wire [63:0]     w_wdata_o,
  output wire [7:0]      w_wstrb_o,
  output wire [5:0]      w_pa_o,
  output wire [6:0]      w_meta_o,
  // walker state
  output wire            w_act_o, walk_done_o, seg_vld_o, seg_rd_o, seg_last_o,
  output wire            sw0_o,       // segment 0's write is pending
  output wire            rxnz_o,      // unpacker bytes waiting (S_RX)
  output wire [3:0]      rx_n_o,      // the unpacker's chunk bytes
  // receive stream
  input  wire [63:0]     s_axis_rx_tdata,
  input  wire [7:0]      s_axis_rx_tkeep,
  input  wire [3:0]      s_axis_rx_tcnt,
  input  wire            s_axis_rx_tvalid,
  output wire            s_axis_rx_tready,
  input  wire            s_axis_rx_tlast
);
  // "popcount(keep) >= d" for a contiguous keep (bits 0..n-1 set, the AXI-Stream rule of
  // s_axis_rx, an assumption checked under FORMAL): keep[d-1], 1 for d <= 0, 0 for d > 8, d a
  // 6-bit two's complement value (the definition le8k is asserted against under FORMAL)
  function automatic kge(input [7:0] keep, input [5:0] d);
    if (d[5] || d == 6'd0) kge = 1'b1;
    else if (d > 6'd8) kge = 1'b0;
    else kge = keep[d[2:0] - 3'd1];
  endfunction
  // timing: "c + popcount(keep) <= 8" for a contiguous keep (= !kge(keep, 9 - c)), written as a
  // select on the register value c (no subtract chain in front of the mux): 1 for c = 0,
  // !keep[8 - c] for 1 <= c <= 8, 0 for c > 8
  function automatic le8k(input [7:0] keep, input [4:0] c);
    integer j;
    le8k = (c == 5'd0);
    for (j = 1; j <= 8; j = j + 1)
      if (c == 5'(j)) le8k = !keep[8 - j];
  endfunction
  // one-hot of a contiguous keep's byte count (bit n: popcount(keep) = n), from neighbouring
  // keep bits only: the FORMAL reference of koh9c below
  function automatic [8:0] koh9(input [7:0] keep);
    integer j;
    koh9[0] = !keep[0];
    for (j = 1; j < 8; j = j + 1) koh9[j] = keep[j - 1] && !keep[j];
    koh9[8] = keep[7];
  endfunction
  // the same one-hot from the beat's byte count (s_axis_rx_tcnt, 0..8): a decode of four flops
  function automatic [8:0] koh9c(input [3:0] n);
    integer j;
    for (j = 0; j <= 8; j = j + 1) koh9c[j] = (n == 4'(j));
  endfunction
  // a + b + c + ci as one carry chain behind a carry-save LUT level (the carry-save's low
  // carry slot takes ci)
  function automatic [5:0] add3(input [5:0] a, input [5:0] b, input [5:0] c, input ci);
    reg [5:0] sv;
    reg [4:0] cv;  // (the top carry leaves the 6-bit sum)
    begin
      sv = a ^ b ^ c;
      cv = (a[4:0] & b[4:0]) | (a[4:0] & c[4:0]) | (b[4:0] & c[4:0]);
      add3 = sv + {cv, ci};
    end
  endfunction
  // the walker's chunk after the next one, of the bytes after the current chunk (rem): 0 for
  // rem <= 8, rem - 8 up to 16, else 8; and the one after that (after a write): 0 for rem <= 16,
  // rem - 16 up to 24, else 8 (compares with constants written as bit logic)
  function automatic [3:0] nn_room(input [15:0] rem);
    if (rem[15:5] != 11'd0 || (rem[4] && rem[3:0] != 4'd0)) nn_room = 4'd8;  // rem > 16
    else if (!rem[4] && (!rem[3] || rem[2:0] == 3'd0)) nn_room = 4'd0;       // rem <= 8
    else nn_room = rem[3:0] - 4'd8;                                          // 9..16
  endfunction
  function automatic [3:0] nnn_room(input [15:0] rem);
    if (rem[15:5] != 11'd0 || (rem[4] && rem[3] && rem[2:0] != 3'd0)) nnn_room = 4'd8;  // > 24
    else if (!rem[4] || rem[3:0] == 4'd0) nnn_room = 4'd0;                              // <= 16
    else nnn_room = rem[3:0];                                                           // 17..24
  endfunction
  // timing: the walker's first chunk of a segment {rn, nlast, nroom, rlast, room, rem after
  // the chunk}, from its address bits [2:0] and 16-bit length; computed when the segment is
  // written into the segment RAM and stored in the word, so that a segment load only copies
  // registers (room = min(len, 8 - a[2:0]), rlast = the chunk ends the segment, rem = len -
  // room; and {nlast, nroom} of rem, see nlast_q: nlast = rem <= 8, i.e. len <= 16 - a[2:0];
  // and rn = room + nroom, the bytes of the first two chunks, for the unpacker's level d1_q:
  // len while the segment fits two chunks (nl), else 16 - a[2:0])
  // (its two length compares are functions of their own: the segment write registers them,
  // see sw_rl_q, and assembles the word from them with fc_word)
  function automatic fc_rl(input [2:0] a, input [15:0] len);  // the segment fits word 1
    fc_rl = (len <= {12'd0, 4'd8 - {1'b0, a}});
  endfunction
  function automatic fc_nl(input [2:0] a, input [15:0] len);  // it fits words 1 and 2
    fc_nl = (len <= {11'd0, 5'd16 - {2'b00, a}});
  endfunction
  function automatic [30:0] fc_word(input [2:0] a, input [15:0] len, input rl, input nl);
    reg [15:0] rm;
    begin
      rm = rl ? 16'd0 : len + {13'd0, a} - 16'd8;
      fc_word = {nl ? len[4:0] : 5'd16 - {2'b00, a},
                 nl, nl ? rm[3:0] : 4'd8, rl, rl ? len[3:0] : 4'd8 - {1'b0, a}, rm};
    end
  endfunction
  function automatic [30:0] first_chunk(input [2:0] a, input [15:0] len);
    first_chunk = fc_word(a, len, fc_rl(a, len), fc_nl(a, len));
  endfunction
  function automatic [3:0] popc8(input [7:0] k);
    reg [2:0] lo, hi;
    lo = {2'b00, k[0]} + {2'b00, k[1]} + {2'b00, k[2]} + {2'b00, k[3]};
    hi = {2'b00, k[4]} + {2'b00, k[5]} + {2'b00, k[6]} + {2'b00, k[7]};
    popc8 = {1'b0, lo} + {1'b0, hi};
  endfunction

  // ------------------------------------------------------------------ walker state
  reg        f_bank_q, f_bank_d; // segment RAM half the control FSM's fetch writes
  // segment walker (owns cur_addr/cur_rem/seg_*; runs while w_act_q)
  reg        w_act_q, w_act_d, w_bank_q, w_bank_d;
  reg [SAW:0] w_segcnt_q, w_segcnt_d;
  reg [1:0]  w_vi_q, w_vi_d;
  reg [SAW:0] seg_idx_q, seg_idx_d;
  reg        seg_vld_q, seg_vld_d, seg_rd_q, seg_rd_d, seg_last_q, seg_last_d;
  // pipeline stage (timing): a receive's segment load takes one more cycle (seg_rd_q -> seg_ld_q
  // -> seg_vld_q), so the unpacker's rx_full / rx_left for the first chunk are built from the
  // loaded room_q (not from the segment RAM output in the load cycle). Sends load in one
  reg        seg_ld_q, seg_ld_d;
  reg [31:0] cur_addr_q, cur_addr_d;
  reg [15:0] cur_rem_q, cur_rem_d;
  // timing: the walker's chunk size, kept registered next to cur_addr/cur_rem: while a segment
  // is loaded (seg_vld_q) room_q = min(cur_rem, 8 - cur_addr[2:0]) and rlast_q = the chunk ends
  // the segment. After a full chunk the address is 8-byte aligned, so the next chunk is
  // min(cur_rem - room, 8); only the last (partial) chunk of a received message breaks this,
  // and then the message is complete (nothing uses room until the next segment load).
  reg [3:0]  room_q, room_d;
  reg        rlast_q, rlast_d;
  // timing: rem_nx = cur_rem_q - room_q (the segment bytes after the current chunk), a register
  // kept next to room_q while a segment is loaded (after a receive's partial last chunk it is
  // stale, but nothing uses it until the next segment load)
  reg [15:0] rem_nx, remnx_q, remnx_d;
  // timing: the chunk after the current one, registered next to remnx_q (always, also while no
  // segment is loaded): nlast_q = (remnx_q <= 8), nroom_q = nlast_q ? remnx_q[3:0] : 8
  reg        nlast_q, nlast_d;
  reg [3:0]  nroom_q, nroom_d;
  reg        walk_done_q, walk_done_d;
  wire [3:0] room = room_q;

  // ------------------------------------------------------------------ segment RAM
  // word: {first_chunk (31 bits, see first_chunk), length[15:0], address[31:0]}
  wire [78:0] seg_rd_data;
  reg         seg_re;  // (from registers only, see below)
  reg [SAW:0] seg_raddr;  // {bank, index}
  // timing: a segment write is registered (sw_*) and reaches the RAM one cycle later, with
  // first_chunk computed from these registers: no response skid mux, carry chain and RAM
  // write-data input in one cycle. The walker never reads an entry in the cycle it is
  // written (asserted under FORMAL): it reads the other half, or segment 0 of this half at its
  // start, and a receive's start waits one cycle while segment 0's write is pending (sw0_q)
  reg         sw_v_q, sw0_q;
  reg [SAW:0] sw_addr_q;
  reg [15:0]  sw_len_q;
  reg [31:0]  sw_sa_q;
  // timing: the two length compares of first_chunk (rl: the segment fits the first host word,
  // nl: it fits the first two) are registered with sw_len_q from seg_wl / sa (asserted), so
  // only the remaining-bytes adder and its selects sit between these registers and the RAM
  reg         sw_rl_q, sw_rl_d, sw_nl_q, sw_nl_d;
  always @* begin
    sw_rl_d = fc_rl(sa_i[2:0], seg_wl_i);
    sw_nl_d = fc_nl(sa_i[2:0], seg_wl_i);
  end
  wire [30:0] sw_fc = fc_word(sw_sa_q[2:0], sw_len_q, sw_rl_q, sw_nl_q);
  wire [78:0] seg_wdata = {sw_fc, sw_len_q, sw_sa_q};
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      sw_v_q <= 1'b0;
      sw0_q  <= 1'b0;
    end else begin
      sw_v_q <= seg_we_i;
      sw0_q  <= seg_we_i && (seg_waddr_i == '0);
    end
  end
  always @(posedge clk_i) begin  // no reset: used only with sw_v_q
    sw_addr_q <= {f_bank_q, seg_waddr_i};
    sw_len_q  <= seg_wl_i;
    sw_sa_q   <= sa_i;
    sw_rl_q   <= sw_rl_d;
    sw_nl_q   <= sw_nl_d;
  end
  nic_ram_1r1w #(.DEPTH(2 * MAX_SEGS), .WIDTH(79), .NBE(1)) u_seg_ram (
    .clk_i(clk_i), .wr_en_i(sw_v_q), .wr_addr_i(sw_addr_q), .wr_data_i(seg_wdata),
    .wr_be_i(1'b1), .rd_en_i(seg_re), .rd_addr_i(seg_raddr),
    .rd_data_o(seg_rd_data));

  // ------------------------------------------------------------------ unpacker state
  // receive byte ring (timing / size: one rotation in, one rotation out, no shifted 128-bit
  // accumulator with 16-byte x 17-source candidates): the message stream's byte at offset o (counted from the
  // receive's first byte) sits in rxr_q byte o mod 16. rwp_q is the offset of the next beat
  // byte mod 16; the cnt_q unwritten bytes are the ones before it. A beat enters by one
  // 8-byte rotate by rwp_q (registers only), written to the 8 ring bytes from rwp_q on whatever
  // its tkeep (a beat is taken with cnt_q <= 8, so they hold no unwritten byte; bytes beyond
  // tkeep are overwritten by the next beat before they count). A chunk leaves through one
  // rotation by rsh_q = (offset of the chunk's first byte - its host lane) mod 16, a register
  // set at the segment load and flipped by 8 after each full chunk (which ends the host word,
  // or the segment: the next load sets it again). The write data is the rotation as it is: its
  // unstrobed lanes carry other ring bytes (the C model keeps the same ring).
  reg [127:0] rxr_q, rxr_d;
  reg [3:0]   rwp_q, rwp_d, rsh_q, rsh_d;
  reg [63:0]  rrw, rrd;
  // timing: s_axis_rx_tready = (state_q == S_DRAIN) || (state_q == S_RX && !in_done_q &&
  // (walk_done_q || cnt_q <= 8)), registered from the next-state values
  reg         rx_rdy_q, rx_rdy_d;
  // timing: the unpacker's fill level against the walker's chunks, kept as signed 6-bit levels
  // (while a receive's segment is loaded, see the FORMAL block):
  //   d0_q = cnt_q - room_q            rx_full = d0_q >= 0, rx_left (rxl_q) = d0_q or 0
  //   d1_q = cnt_q - room_q - nroom_q  the level after the next chunk
  // with nnroom_q, the chunk after the next one, and rn_q = room_q + nroom_q at a segment load.
  // A beat of n bytes and a write move them by n and at most one register:
  //   no write: d0 + n, d1 + n     write: d1 + n, d1 - nnroom + n
  //   segment load (seg_ld_q): cnt - room + n, cnt - rn + n
  // so each next value is one carry chain from registers and the beat's byte count, picked by
  // the late write acceptance and rx beat (not room - cnt, then n minus that: two chains)
  reg [5:0]  d0_q, d0_d, d1_q, d1_d;
  reg [3:0]  nnroom_q, nnroom_d;
  reg [4:0]  rn_q, rn_d;
  reg        rlast_ld;
  reg [7:0]  rxk;
  reg        le8_0, le8_1;
  reg [1:0]  rdy_b;
  reg [5:0]  ud_n;                    // the beat's byte count
  reg [5:0]  ud_a0, ud_b0, ud_a1, ud_b1; // operands of d0_d, d1_d without a write (a segment
                                      // load subtracts room / rn: ones' complement, carry-in)
  reg [23:0] ud_d0, ud_d1;            // by {w_acc, rx beat}
  reg [3:0]  room_d_ld;
  reg [4:0]  rxl_q, rxl_d;
  // timing: rxnz_q = (cnt_q != 0) in S_RX (0 outside it: a receive enters S_RX with cnt_q = 0),
  // registered from the unpacker's candidates (no compare of the adder output, no compare of
  // cnt_q in front of the write request)
  reg        rxnz_q, rxnz_d;
  reg [8:0]  rx_koh;
  reg [4:0]  rx_cs0, rx_cs1;  // cnt_q / rx_left + the beat's byte count (select of sums)
  wire       rx_full   = !d0_q[5];
  wire [3:0] rx_n      = rx_full ? room : cnt_i[3:0];
  wire       rx_wr_v   = rqs_rx_i && seg_vld_q && rxnz_q && (rx_full || in_done_i);
  // receive unpacker candidates (timing: built from registers and the rx beat only; the write
  // acceptance w_acc picks one at the end)
  wire        rx_beat_w = s_axis_rx_tvalid && s_axis_rx_tready;
  wire [3:0]  rx_tc_w   = s_axis_rx_tcnt;  // (= popc8(tkeep) on a beat, assumed under FORMAL)
  wire [4:0]  rx_left   = rxl_q;  // = cnt_q - rx_n
  // the receive ring's read: a 16-byte rotation by rsh_q (a register), low 8 bytes; host lane L
  // gets ring byte (L + rsh_q) mod 16
  // (the byte index is 4 bits wide, so it wraps round the ring)
  integer      ra_j, i, k;
  reg  [3:0]   rri;
  always @* begin
    rrd = 64'd0;
    for (ra_j = 0; ra_j < 8; ra_j = ra_j + 1) begin
      rri = 4'(ra_j) + rsh_q;
      rrd[8*ra_j +: 8] = rxr_q[8*rri +: 8];
    end
  end

  // the walker's DMA request: a payload read (send), or a chunk write (receive: the ring read,
  // its chunk bytes in their host lanes, with the strobes of its rx_n bytes, gated by registers
  // only, not by w_v: the LOAD_ANY slice takes the strobes of a request that is not valid too,
  // and rx_n is the chunk's byte count whenever a segment is loaded)
  always @* w_v_o = w_act_q && (rqs_rx_i ? rx_wr_v : (seg_vld_q && if_room_i));
  assign w_rdv_o   = !state_rx_i && w_act_q && seg_vld_q && if_room_i;
  assign w_addr_o  = cur_addr_q[31:3];
  assign w_wdata_o = rrd;
  assign w_wstrb_o = (w_act_q && seg_vld_q) ? comet_via_pkg::kmask8(rx_n) << cur_addr_q[2:0] : 8'd0;
  assign w_pa_o    = {room[2:0] - 3'd1, cur_addr_q[2:0]};
  assign w_meta_o  = {1'b0, w_vi_q, seg_last_q && rlast_q, room[2:0] - 3'd1};

  // ------------------------------------------------------------------ segment walker
  always @* begin
    w_act_d = w_act_q; w_bank_d = w_bank_q; w_segcnt_d = w_segcnt_q; w_vi_d = w_vi_q;
    f_bank_d = f_bank_q; seg_idx_d = seg_idx_q;
    seg_vld_d = seg_vld_q; seg_rd_d = seg_rd_q; seg_last_d = seg_last_q; seg_ld_d = seg_ld_q;
    cur_addr_d = cur_addr_q; cur_rem_d = cur_rem_q; walk_done_d = walk_done_q;
    room_d = room_q; rlast_d = rlast_q;
    rem_nx = remnx_q;
    remnx_d = remnx_q;
    nlast_d = nlast_q; nroom_d = nroom_q;
    // timing: the read address from registers only: a walker start (w_start, which reads
    // segment 0 of the half the fetch filled) comes only while the walker reads nothing more
    // (idle or walk_done_q), so that address is presented whenever that holds
    seg_raddr = (!w_act_q || walk_done_q) ? {f_bank_q, {SAW{1'b0}}} : {w_bank_q, seg_idx_q[SAW-1:0]};
    if (w_act_q) begin
      if (seg_rd_q) begin
        cur_addr_d = seg_rd_data[31:0];
        cur_rem_d = seg_rd_data[47:32];
        if (state_rx_i) seg_ld_d = 1'b1;  // (a receive: one more cycle, see seg_ld_q)
        else seg_vld_d = 1'b1;
        seg_rd_d = 1'b0;
      end else if (seg_ld_q) begin
        seg_ld_d = 1'b0;
        seg_vld_d = 1'b1;
      end else if (!seg_vld_q && !walk_done_q) begin  // (a load: seg_re, see below)
        seg_rd_d = 1'b1;
        seg_last_d = (seg_idx_q + 1'b1 == w_segcnt_q);
        seg_idx_d = seg_idx_q + 1'b1;
      end
      if (w_acc_i) begin
        cur_addr_d = cur_addr_q + {28'd0, state_rx_i ? rx_n : room};
        cur_rem_d = cur_rem_q - {12'd0, state_rx_i ? rx_n : room};
        if (rlast_q && (!state_rx_i || rx_full)) begin  // cur_rem_q == chunk
          seg_vld_d = 1'b0;
          if (seg_last_q) walk_done_d = 1'b1;
        end
      end
      if (!state_rx_i && walk_done_q) w_act_d = 1'b0;  // every payload read issued
    end
    // a receive ends (every byte written, see comet_via_ctl S_RX)
    if (state_rx_i && in_done_i && !rxnz_q) w_act_d = 1'b0;

    // walker start (a checked descriptor; the walker is idle): it takes the segment RAM half
    // the fetch filled
    // (segment 0 is read at once: it was written at least two cycles earlier)
    if (w_start_i) begin
      w_act_d = 1'b1;
      w_bank_d = f_bank_q;
      f_bank_d = !f_bank_q;
      w_segcnt_d = segcnt_i;
      w_vi_d = vi_i;
      // (segment 0 is loaded at once: seg_re is 1, see below)
      seg_idx_d = (SAW+1)'(1);
      seg_last_d = (segcnt_i == (SAW+1)'(1));
      seg_vld_d = 1'b0;
      seg_rd_d = 1'b1;
      seg_ld_d = 1'b0;
      walk_done_d = 1'b0;
    end

    // segment RAM read enable (timing: from registers only, no w_start behind it; the RAM output
    // register's enable fans out to 79 bits). The walker's own load as defined above; while the
    // walker is idle or done, the states that may start it (S_TXQ; S_SEG of a receive with every
    // segment word taken) read segment 0 of the fetch half (seg_raddr) whether the start comes or
    // not: an extra read is unobservable (the output is used only in seg_rd_q cycles, after a
    // load) and collides with no write (S_TXQ writes nothing; S_SEG requests none once every
    // word is in, and its last write, landing now, is not segment 0's: sw0_q)
    seg_re = (w_act_q && !walk_done_q) ? (!seg_vld_q && !seg_rd_q && !seg_ld_q) : seg0_rd_i;

    // walker chunk for the next cycle (see room_q)
    // (segment load: the first chunk was computed when the segment was written, see first_chunk)
    rlast_ld = seg_rd_data[68];
    room_d_ld = seg_rd_data[67:64];
    if (w_act_q && seg_rd_q) begin
      rlast_d = rlast_ld;
      room_d = room_d_ld;
      remnx_d = seg_rd_data[63:48];
      nlast_d = seg_rd_data[73];
      nroom_d = seg_rd_data[72:69];
    end else if (w_act_q && !seg_ld_q && w_acc_i) begin
      rlast_d = nlast_q;  // = (rem_nx <= 8)
      room_d = nroom_q;
      remnx_d = rlast_d ? 16'd0 : rem_nx - 16'd8;
      // {nlast, nroom} of remnx_d: 0 after a last chunk, else of rem_nx - 8 (rem_nx > 8)
      nlast_d = rlast_d || (rem_nx <= 16'd16);
      nroom_d = nn_room(rem_nx);  // (0 after a last chunk: rem_nx <= 8)
    end
  end

  // ------------------------------------------------------------------ receive unpacker
  always @* begin
    rxr_d = rxr_q; rwp_d = rwp_q; rsh_d = rsh_q; rrw = 64'd0;
    nnroom_d = nnroom_q; rn_d = rn_q;
    rx_cnt_d_o = cnt_i; rx_done_d_o = in_done_i;
    rxnz_d = 1'b0;
    rx_koh = 9'd1; rx_cs0 = cnt_i; rx_cs1 = rx_left;

    // the chunks after the next one (see d0_q): rn at a segment load, nnroom after it
    if (w_act_q && seg_rd_q) rn_d = seg_rd_data[78:74];
    else if (w_act_q && seg_ld_q) nnroom_d = nn_room(remnx_q);  // (a receive's load: remnx_q is the loaded value)
    // the chunk after the next of remnx_d: 0 if remnx_q <= 16, remnx_q - 16 up to 24, else 8
    else if (w_act_q && w_acc_i) nnroom_d = nnn_room(remnx_q);

    // receive byte ring (see rxr_q)
    // a beat (S_RX or S_DRAIN: the states with tready; its bytes count only in S_RX before the
    // walk is done) enters at rwp_q: the word rotated left by rwp_q[2:0] bytes, ring byte p
    // taking rotated byte p mod 8 when p is one of the 8 bytes from rwp_q (p in rwp_q's half
    // for p[2:0] >= rwp_q[2:0], else in the other half). rwp_q moves on with every beat, so
    // rwp_q - cnt_q is the offset of the next byte to write while a receive walks (cnt_q = 0
    // when it starts)
    rrw = comet_via_pkg::rotb64(s_axis_rx_tdata, rwp_q[2:0]);
    if (rx_beat_w) begin
      rwp_d = rwp_q + rx_tc_w;
      for (k = 0; k < 16; k = k + 1)
        if (((k / 8) == 32'(rwp_q[3])) == (3'(k) >= rwp_q[2:0])) rxr_d[8*k +: 8] = rrw[8*(k % 8) +: 8];
    end
    // the read rotation: set in a receive's segment load cycle seg_ld_q (no write then, the
    // host lane is cur_addr_q[2:0]); a full chunk that does not end the segment ends its host
    // word, so the next chunk starts at lane 0, 8 bytes further round the ring
    if (w_act_q && seg_ld_q) rsh_d = rwp_q - cnt_i[3:0] - {1'b0, cur_addr_q[2:0]};
    else if (state_rx_i && w_acc_i && rx_full && !rlast_q) rsh_d = {!rsh_q[3], rsh_q[2:0]};

    // byte unpacker (S_RX): write one chunk, take one beat
    if (state_rx_i) begin
      if (rx_beat_w) rx_done_d_o = s_axis_rx_tlast;
      if (walk_done_q) begin
        // every buffer byte written: the rest of the message is discarded (TRUNC)
        rx_cnt_d_o = rxnz_q ? 5'd0 : cnt_i;
      end else begin
        // timing: both sums built before the late write acceptance picks one, each as a
        // select of c + n (built from registers) by the one-hot of the byte count flops, so
        // the count is not an adder operand; the late beat and write acceptance pick last
        rx_koh = koh9c(rx_tc_w);
        rx_cs0 = 5'd0;
        rx_cs1 = 5'd0;
        for (k = 0; k <= 8; k = k + 1) begin
          rx_cs0 = rx_cs0 | ({5{rx_koh[k]}} & (cnt_i + 5'(k)));
          rx_cs1 = rx_cs1 | ({5{rx_koh[k]}} & (rx_left + 5'(k)));
        end
        rx_cnt_d_o = w_acc_i ? (rx_beat_w ? rx_cs1 : rx_left) : (rx_beat_w ? rx_cs0 : cnt_i);
        rxnz_d = (rx_beat_w && rx_tc_w != 4'd0) || (w_acc_i ? (rx_left != 5'd0) : rxnz_q);
      end
      if (in_done_i && !rxnz_q) rx_done_d_o = 1'b0;
    end

    // the unpacker's levels (d0_q, d1_q, rx_left) and tready for the next cycle. They only
    // matter in S_RX (and a receive enters S_RX with the walker idle and the packer empty,
    // cnt_d = cnt_q = 0), so they are built from the receive unpacker's fill level only (not
    // cnt_d, which is behind the send packer), with both outcomes of the late write acceptance
    // w_acc in parallel (w_acc excludes a segment load)
    // timing: every value below is built for both outcomes of the rx beat (rx_beat_w, i.e. the
    // registered tready and the late s_axis_rx_tvalid), which picks one at the end: the beat's
    // byte count (s_axis_rx_tcnt) goes into the "beat" leg only. The tready compares
    // "c + n <= 8" are le8k() on the contiguous tkeep (c = cnt_q, or rxl_q after a write).
    // (a receive's segment load has a seg_ld_q cycle with no write before seg_vld_q: the levels
    // built in the seg_rd_q cycle are not used, the seg_ld_q cycle builds them from cnt_q and
    // the loaded room_q / rn_q)
    // the levels d0 / d1 for the next cycle (see d0_q), built for the four outcomes of the
    // late write acceptance (w_acc) and rx beat (picked last): each a sum of registers (the
    // subtracted chunk sizes as ones' complements with the carry-in) and the beat's byte count,
    // one carry chain (three operands: a carry-save LUT level in front, add3)
    // (w_acc and seg_ld_q exclude each other. The levels are used only while a receive's
    // segment is loaded, and rebuilt from cnt_q at each load: outside S_RX, and once the walk
    // is done (no segment loaded), they are don't-cares, so nothing gates the beat's count)
    ud_n = {2'b00, rx_tc_w};
    ud_a0 = seg_ld_q ? {1'b0, cnt_i} : d0_q;
    ud_a1 = seg_ld_q ? {1'b0, cnt_i} : d1_q;
    ud_b0 = seg_ld_q ? ~{2'b00, room_q} : 6'd0;  // (0 - x = ~x + 1: the carry-in is seg_ld_q)
    ud_b1 = seg_ld_q ? ~{1'b0, rn_q} : 6'd0;
    ud_d0[5:0]   = ud_a0 - (seg_ld_q ? {2'b00, room_q} : 6'd0);  // no write, no beat
    ud_d0[11:6]  = add3(ud_a0, ud_b0, ud_n, seg_ld_q);         // no write, beat
    ud_d0[17:12] = d1_q;                                    // write, no beat
    ud_d0[23:18] = d1_q + ud_n;                             // write, beat
    ud_d1[5:0]   = ud_a1 - (seg_ld_q ? {1'b0, rn_q} : 6'd0);
    ud_d1[11:6]  = add3(ud_a1, ud_b1, ud_n, seg_ld_q);
    ud_d1[17:12] = d1_q - {2'b00, nnroom_q};
    ud_d1[23:18] = add3(d1_q, ~{2'b00, nnroom_q}, ud_n, 1'b1);
    d0_d = w_acc_i ? (rx_beat_w ? ud_d0[23:18] : ud_d0[17:12]) : (rx_beat_w ? ud_d0[11:6] : ud_d0[5:0]);
    d1_d = w_acc_i ? (rx_beat_w ? ud_d1[23:18] : ud_d1[17:12]) : (rx_beat_w ? ud_d1[11:6] : ud_d1[5:0]);
    rxl_d = d0_d[5] ? 5'd0 : d0_d[4:0];
    for (i = 0; i < 2; i = i + 1) begin  // i = 1: a beat is taken
      rxk = (state_rx_i && i == 1) ? s_axis_rx_tkeep : 8'h00;
      le8_0 = le8k(rxk, cnt_i);                            // cnt_q + n <= 8
      le8_1 = le8k(rxk, rxl_q);                            // rxl_q + n <= 8
      // s_axis_rx_tready for the next cycle. From S_RX: state_d stays S_RX unless in_done_q and
      // cnt_q = 0 (-> S_WB); in_done_d = tlast with a beat, else in_done_q (a beat never comes
      // with in_done_q: tready is 0 then). From other states no beat bytes are added (n = 0):
      // state_d is S_RX only from S_SEG (cnt_d = cnt_q = 0)
      // (in S_RX walk_done_d = walk_done_q || (w_acc && rlast_q && rx_full && seg_last_q): written
      // out so that the late w_acc only picks between two values built from registers)
      // timing: outside S_RX from the next state only: S_SEG -> S_RX starts the walker
      // (walk_done_d = 0) with the send side idle (in_done_d = 0, cnt_q = 0, no w_acc), so
      // the unpacker term is 1 there (asserted under FORMAL)
      if (state_rx_i)
        rdy_b[i] = !(in_done_i && !rxnz_q) && !((i == 1) ? s_axis_rx_tlast : in_done_i) &&
                   (walk_done_q || (w_acc_i ? ((rlast_q && rx_full && seg_last_q) || le8_1) : le8_0));
      else
        rdy_b[i] = rdy_nx_i;
    end
    rx_rdy_d = rx_beat_w ? rdy_b[1] : rdy_b[0];
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      f_bank_q <= 1'b0;
      w_act_q <= 1'b0; w_bank_q <= 1'b0; w_segcnt_q <= '0; w_vi_q <= 2'd0;
      seg_idx_q <= '0; seg_vld_q <= 1'b0;
      seg_rd_q <= 1'b0; seg_ld_q <= 1'b0; seg_last_q <= 1'b0; cur_addr_q <= 32'd0; cur_rem_q <= 16'd0;
      room_q <= 4'd0; rlast_q <= 1'b1; d0_q <= 6'd0; d1_q <= 6'd0; rxl_q <= 5'd0; rxnz_q <= 1'b0;
      nnroom_q <= 4'd0; rn_q <= 5'd0;
      walk_done_q <= 1'b0; rwp_q <= 4'd0; rsh_q <= 4'd0; rxr_q <= 128'd0;
      rx_rdy_q <= 1'b0; remnx_q <= 16'd0; nlast_q <= 1'b1; nroom_q <= 4'd0;
    end else begin
      f_bank_q <= f_bank_d;
      w_act_q <= w_act_d; w_bank_q <= w_bank_d; w_segcnt_q <= w_segcnt_d; w_vi_q <= w_vi_d;
      seg_idx_q <= seg_idx_d; seg_vld_q <= seg_vld_d; seg_rd_q <= seg_rd_d; seg_ld_q <= seg_ld_d;
      seg_last_q <= seg_last_d; cur_addr_q <= cur_addr_d; cur_rem_q <= cur_rem_d;
      room_q <= room_d; rlast_q <= rlast_d; d0_q <= d0_d; d1_q <= d1_d; rxl_q <= rxl_d; rxnz_q <= rxnz_d;
      nnroom_q <= nnroom_d; rn_q <= rn_d;
      walk_done_q <= walk_done_d; rwp_q <= rwp_d; rsh_q <= rsh_d; rxr_q <= rxr_d;
      rx_rdy_q <= rx_rdy_d; remnx_q <= remnx_d; nlast_q <= nlast_d; nroom_q <= nroom_d;
    end
  end

  assign s_axis_rx_tready = rx_rdy_q;
  assign {w_act_o, walk_done_o, seg_vld_o, seg_rd_o, seg_last_o} = {w_act_q, walk_done_q, seg_vld_q, seg_rd_q, seg_last_q};
  assign {sw0_o, rxnz_o, rx_n_o} = {sw0_q, rxnz_q, rx_n};

`ifdef FORMAL
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  // reference of the segment RAM read enable: a segment load in this cycle
  wire f_seg_ld = w_start_i || (w_act_q && !seg_rd_q && !seg_ld_q && !seg_vld_q && !walk_done_q);
  // references of the rx select forms: a beat's byte count as a popcount, and the sum operand
  wire [3:0] f_rx_pc  = popc8(s_axis_rx_tkeep);
  wire [3:0] f_rx_add = rx_beat_w ? f_rx_pc : 4'd0;
  always @* begin
    if (f_rst_seen) begin
      // the segment RAM read enable covers every load (the walker's, or segment 0 at its start)
      if (f_seg_ld) assert (seg_re);
      // a read never reads the entry being written (the write lands one cycle late: sw_*)
      if (seg_re && sw_v_q) assert (seg_raddr != sw_addr_q);
      assert (sw0_q == (sw_v_q && sw_addr_q[SAW-1:0] == '0));
      if (seg_vld_q) assert (walk_done_q == 1'b0);
      if (w_act_q) assert (!(seg_ld_q && (seg_rd_q || seg_vld_q)));
      if (w_act_q && seg_ld_q) assert (state_rx_i);
      if (w_act_q && seg_ld_q) assert ({1'b0, room_q} + {1'b0, nroom_q} == rn_q);
      if (state_rx_i && w_act_q && seg_vld_q && !walk_done_q)
        if (!(in_done_i && !rxnz_q)) begin
          // (after a message's partial last chunk, cnt_q = 0 and the next cycle goes to S_WB:
          // the levels do not hold for that one cycle)
          assert (rx_full == (cnt_i >= {1'b0, room_q}) && (!rx_full || rxl_q == cnt_i - {1'b0, room_q}));
          assert (d0_q == {1'b0, cnt_i} - {2'b00, room_q} &&
                  d1_q == {1'b0, cnt_i} - {2'b00, room_q} - {2'b00, nroom_q});
          assert (nnroom_q == nn_room(remnx_q));
        end
      // registered decodes equal their definitions
      if (w_act_q && seg_vld_q && !(state_rx_i && in_done_i)) assert (remnx_q == cur_rem_q - {12'd0, room_q});
      // s_axis_rx tkeep is contiguous from bit 0 on a beat (used by le8k, and koh9 in the
      // reference below)
      if (rst_ni && s_axis_rx_tvalid && s_axis_rx_tready)
        assume ((({1'b0, s_axis_rx_tkeep} + 9'd1) & {1'b0, s_axis_rx_tkeep}) == 9'd0);
      // the byte count sideband is the beat's popcount
      if (rst_ni && s_axis_rx_tvalid && s_axis_rx_tready) assume (s_axis_rx_tcnt == f_rx_pc);
      if (w_act_q && seg_rd_q) assert (seg_rd_data[78:48] == first_chunk(seg_rd_data[2:0], seg_rd_data[47:32]));
      if (sw_v_q) assert (sw_fc == first_chunk(sw_sa_q[2:0], sw_len_q));
      assert (nlast_q == (remnx_q <= 16'd8));
      if (state_rx_i) assert (rxnz_q == (cnt_i != 5'd0));
      // the rx sum selects equal their definitions (sums with the popcount)
      // (with a beat: without one they are not used)
      if (state_rx_i && !walk_done_q && rx_beat_w)
        assert (rx_cs0 == cnt_i + {1'b0, f_rx_add} && rx_cs1 == rx_left + {1'b0, f_rx_add});
      // the receive ring: a beat is taken with at most 8 unwritten bytes (the 8 ring bytes from
      // rwp_q are free); the read rotation is (offset of the next byte to write - its host lane)
      if (state_rx_i && !walk_done_q && rx_beat_w) assert (cnt_i <= 5'd8);
      if (state_rx_i && w_act_q && seg_vld_q) assert (rsh_q == rwp_q - cnt_i[3:0] - {1'b0, cur_addr_q[2:0]});
      // the one-hot of the byte count equals the one-hot of the contiguous tkeep
      if (rx_beat_w) assert (koh9c(rx_tc_w) == koh9(s_axis_rx_tkeep));
      // le8k is !kge(keep, 9 - c) (kept for both operands of the unpacker)
      assert (le8_0 == !kge(rxk, 6'd9 - {1'b0, cnt_i}) && le8_1 == !kge(rxk, 6'd9 - {1'b0, rxl_q}));
      assert (nroom_q == (nlast_q ? remnx_q[3:0] : 4'd8));
      if (w_start_i) assert (!w_act_q || walk_done_q);
      if (state_rx_i) assert (walk_done_d == (walk_done_q || (w_acc_i && rlast_q && rx_full && seg_last_q)));
    end
  end
`endif
endmodule
`default_nettype wire
