// SPDX-License-Identifier: Apache-2.0
// comet_via_pkg: the functions that more than one comet_via sub-block uses (descriptor address
// checks against HOST_LIMIT, descriptor word addresses, byte masks and rotations of the packer
// and unpacker rings), written once.
package comet_via_pkg;
  // descriptor address unusable: unaligned, or its control segment beyond HOST_LIMIT
  // (daddr_bad / spec_fits are the definitions; the logic uses daddr_bad_m / spec_fits_m, and
  // FORMAL asserts that both forms agree wherever the checks are made)
  function automatic daddr_bad(input [31:0] a, input [31:0] lim);
    daddr_bad = (a[2:0] != 3'd0) || ({1'b0, a} + 33'd32 > {1'b0, lim});
  endfunction
  // segment 0 (descriptor bytes 32..47) inside HOST_LIMIT: read with the control words
  function automatic spec_fits(input [31:0] a, input [31:0] lim);
    spec_fits = ({1'b0, a} + 33'd48 <= {1'b0, lim});
  endfunction
  // timing: the same two checks against HOST_LIMIT - 32 / - 48 (33-bit two's complement,
  // registered with the limit: lm32 / lm48), so the descriptor address is compared directly
  // (no add in front of the compare): a + 32 > lim <=> lim < 32 or a > lim - 32
  function automatic daddr_bad_m(input [31:0] a, input [32:0] lm32);
    daddr_bad_m = (a[2:0] != 3'd0) || lm32[32] || ({1'b0, a} > lm32);
  endfunction
  function automatic spec_fits_m(input [31:0] a, input [32:0] lm48);
    spec_fits_m = !lm48[32] && ({1'b0, a} <= lm48);
  endfunction
  // address of the descriptor fetch's word n: 0 = word 1, 1 = word 3, 2 / 3 = segment 0; w1 / w3
  // are the byte offsets of control words 1 and 3 (the caller's nic_pkg constants: a package
  // that refers to another package is beyond Yosys 0.23)
  function automatic [31:0] ctl_addr(input [31:0] d, input [1:0] n, input [31:0] w1, input [31:0] w3);
    ctl_addr = d + (n[1] ? 32'd32 + {28'd0, n[0], 3'b000} : (n[0] ? w3 : w1));
  endfunction
  // byte mask of the n lowest lanes (n = 0..8)
  function automatic [7:0] kmask8(input [3:0] n);
    integer b;
    for (b = 0; b < 8; b = b + 1) kmask8[b] = (n > 4'(b));
  endfunction
  // a word rotated left by n bytes (byte k of the result = byte (k - n) mod 8 of w): how a word
  // enters the byte ring at a byte position
  function automatic [63:0] rotb64(input [63:0] w, input [2:0] n);
    rotb64 = 64'({w, w} >> {3'd0 - n, 3'b000});
  endfunction
endpackage
