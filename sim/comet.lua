-- SPDX-License-Identifier: Apache-2.0
-- Wireshark Lua dissector for the Comet-FM message header (formats/fm_header.csv).
-- The FM header is the first 8 bytes of the UDP payload, fields little-endian:
--   dst_node u16, src_node u16, handler u16, length u16 (payload bytes after the header).
-- Registered on UDP port 19779 (0x4D43, the reset value of TX_SRC_PORT / RX_PORT) and as a
-- heuristic UDP dissector: it claims a payload whose length field is consistent, or every
-- UDP payload when the preference comet.claim_all_udp is TRUE (scripts/check_pcap.sh).
-- A claimed payload with an inconsistent header gets an expert error (comet.bad).
local comet = Proto("comet", "Comet-FM message")
local f_dst = ProtoField.uint16("comet.dst_node", "Destination node", base.DEC)
local f_src = ProtoField.uint16("comet.src_node", "Source node", base.DEC)
local f_hnd = ProtoField.uint16("comet.handler", "Handler", base.DEC)
local f_len = ProtoField.uint16("comet.length", "Payload length", base.DEC)
local f_pay = ProtoField.bytes("comet.payload", "Payload")
local f_bad = ProtoField.bool("comet.bad", "Bad FM header")
comet.fields = { f_dst, f_src, f_hnd, f_len, f_pay, f_bad }
local e_bad = ProtoExpert.new("comet.bad.expert", "Bad Comet-FM header", expert.group.MALFORMED, expert.severity.ERROR)
comet.experts = { e_bad }
comet.prefs.claim_all_udp = Pref.bool("Claim all UDP payloads", false,
  "Dissect every UDP payload as Comet-FM (and flag it when the header is inconsistent)")

local MAX_LEN = 1464

local function check(buf)
  local n = buf:len()
  if n < 8 then return false, "payload shorter than the 8-byte FM header" end
  local len = buf(6, 2):le_uint()
  if len == 0 then return false, "length 0" end
  if len > MAX_LEN then return false, "length > 1464" end
  if len + 8 ~= n then return false, string.format("length %d != UDP payload %d - 8", len, n) end
  return true, nil
end

local function dissect(buf, pinfo, tree)
  local ok, why = check(buf)
  pinfo.cols.protocol = "COMET-FM"
  local t = tree:add(comet, buf(), "Comet-FM message")
  if buf:len() >= 8 then
    t:add_le(f_dst, buf(0, 2))
    t:add_le(f_src, buf(2, 2))
    t:add_le(f_hnd, buf(4, 2))
    t:add_le(f_len, buf(6, 2))
    if buf:len() > 8 then t:add(f_pay, buf(8)) end
    pinfo.cols.info = string.format("FM %d -> %d handler %d len %d", buf(2, 2):le_uint(),
      buf(0, 2):le_uint(), buf(4, 2):le_uint(), buf(6, 2):le_uint())
  end
  local b = t:add(f_bad, not ok)
  if not ok then
    b:add_proto_expert_info(e_bad, "Bad Comet-FM header: " .. why)
    pinfo.cols.info = "Bad FM header: " .. why
  end
  return buf:len()
end

function comet.dissector(buf, pinfo, tree)
  return dissect(buf, pinfo, tree)
end

local function heur(buf, pinfo, tree)
  local ok = check(buf)
  if not ok and not comet.prefs.claim_all_udp then return false end
  dissect(buf, pinfo, tree)
  return true
end

DissectorTable.get("udp.port"):add(19779, comet)
comet:register_heuristic("udp", heur)
