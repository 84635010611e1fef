# SPDX-License-Identifier: Apache-2.0
"""cocotb bench of comet_engine_axi (docs/reference/axi.md).

Host memory is a cocotbext-axi AxiRam on the AXI4 master, the CSRs are written through an
AxiLiteMaster, frames go through AxiStreamSource / AxiStreamSink. Every frame is built and
checked with scapy and zlib here, from the formats in docs/reference (no project C model): VIA
descriptors (formats/via_desc_header.csv, formats/via_seg_header.csv), FM header
(formats/fm_header.csv), frame layout (docs/reference/comet_tx_rx.md). CSR addresses, fields and
reset values are read from formats/csr_*.csv at import.
"""
import csv
import logging
import os
import random
import struct
import zlib

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge, ReadOnly, with_timeout
from cocotbext.axi import (AxiBus, AxiLiteBus, AxiLiteMaster, AxiRam, AxiStreamBus,
                           AxiStreamFrame, AxiStreamSink, AxiStreamSource)
from cocotbext.axi.axi_ram import AxiRamWrite
from scapy.layers.inet import IP, UDP
from scapy.layers.l2 import Ether
from scapy.packet import Raw

# CSR map: read from formats/ (csr_blocks.csv and csr_<block>.csv, the tables the RTL package
# and docs/reference/formats.md are generated from), so the bench has no offsets of its own.
FORMATS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "formats")


def csv_rows(name):
    with open(os.path.join(FORMATS, name)) as f:
        return list(csv.DictReader([l for l in f if l.strip() and not l.lstrip().startswith("#")]))


def csr_map():
    """{(block, reg): 16-bit address}, {(block, reg, field): (lsb, width, reset or None)}."""
    regs, fields = {}, {}
    for b in csv_rows("csr_blocks.csv"):
        name = f"csr_{b['block'].lower()}.csv"
        if not os.path.exists(os.path.join(FORMATS, name)):
            continue
        for r in csv_rows(name):
            reg = r["reg"].upper()
            regs[(b["block"], reg)] = int(b["base"], 0) + int(r["offset"], 0)
            if r["field"]:
                try:
                    rst = int(r["reset"], 0)
                except ValueError:
                    rst = None
                fields[(b["block"], reg, r["field"].upper())] = (int(r["lsb"], 0),
                                                                int(r["width"], 0), rst)
    return regs, fields


CSR, CSR_FIELDS = csr_map()
CSR_BASE = {b["block"]: int(b["base"], 0) for b in csv_rows("csr_blocks.csv")}
AXI = "NIC_AXI_DMA"


def field(block, reg, name, value):
    """Field NAME of register (BLOCK, REG) out of a read VALUE."""
    lsb, width, _ = CSR_FIELDS[(block, reg, name)]
    return (value >> lsb) & ((1 << width) - 1)


def reg_value(block, reg, **vals):
    """The register value with the given fields (the others 0)."""
    v = 0
    for name, x in vals.items():
        lsb, width, _ = CSR_FIELDS[(block, reg, name)]
        assert 0 <= x < (1 << width)
        v |= x << lsb
    return v


def reg_reset(block, reg):
    """The register's reset value (all its fields' resets)."""
    return reg_value(block, reg, **{f: r for (b, g, f), (_, _, r) in CSR_FIELDS.items()
                                    if (b, g) == (block, reg)})


TX_STATUS, TX_SRC_MAC_LO, TX_SRC_MAC_HI = (CSR[("COMET", r)] for r in (
    "TX_STATUS", "TX_SRC_MAC_LO", "TX_SRC_MAC_HI"))
TX_SRC_IP, TX_SRC_PORT, TX_NT_IDX, TX_NT_IP = (CSR[("COMET", r)] for r in (
    "TX_SRC_IP", "TX_SRC_PORT", "TX_NT_IDX", "TX_NT_IP"))
TX_NT_MAC_LO, TX_NT_MAC_HI, TX_NT_VALID, TX_CNT_FRAMES = (CSR[("COMET", r)] for r in (
    "TX_NT_MAC_LO", "TX_NT_MAC_HI", "TX_NT_VALID", "TX_CNT_FRAMES"))
RX_MAC_LO, RX_MAC_HI, RX_IP, RX_PORT, RX_NODE, RX_CNT_OK = (CSR[("COMET", r)] for r in (
    "RX_MAC_LO", "RX_MAC_HI", "RX_IP", "RX_PORT", "RX_NODE", "RX_CNT_OK"))
VIA_IRQ_EN, VIA_DB = CSR[("COMET_VIA", "IRQ_EN")], CSR[("COMET_VIA", "DB0")]
ENG_ID, ENG_SCRATCH = CSR[("COMET_ENG", "ID")], CSR[("COMET_ENG", "SCRATCH")]
AXI_ID, AXI_ERR_STATUS, AXI_ERR_ADDR, AXI_ERR_CNT = (CSR[(AXI, r)] for r in (
    "ID", "ERR_STATUS", "ERR_ADDR", "ERR_CNT"))
AXI_RD_BURSTS, AXI_RD_BEATS, AXI_PARAMS = (CSR[(AXI, r)] for r in (
    "RD_BURSTS", "RD_BEATS", "PARAMS"))
AXI_UNMAPPED = CSR_BASE[AXI] + 0x100   # an offset of the adapter's window with no register
assert AXI_UNMAPPED not in CSR.values()
CSR_UNMAPPED = next(int(c["value"], 0) for c in csv_rows("consts.csv")
                    if c["name"] == "CSR_UNMAPPED")

OWN_MAC, OWN_IP, OWN_PORT, OWN_NODE = 0x02000000000A, "10.0.0.10", 0x4D43, 0
PEER_MAC, PEER_IP, PEER_PORT, PEER_NODE = 0x02000000000B, "10.0.0.11", 0x4D44, 1

MEM_SIZE = 1 << 20
DESC_BASE, SEND_BASE, RECV_BASE = 0x01000, 0x20000, 0x80000
ERR_BASE, ERR_END = 0xF0000, 0xF1000   # AXI SLVERR region
ST_DONE, ST_TX_ERR = 0x1, 0x10


def mac_str(m):
    return ":".join(f"{(m >> (8 * (5 - i))) & 0xFF:02x}" for i in range(6))


def ip_int(s):
    a = [int(x) for x in s.split(".")]
    return (a[0] << 24) | (a[1] << 16) | (a[2] << 8) | a[3]


def fm_header(dst, src, handler, length):
    return struct.pack("<HHHH", dst, src, handler, length)


class ErrAxiRam(AxiRam):
    """AxiRam whose reads and writes inside [ERR_BASE, ERR_END) answer SLVERR."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        rd, wr = self.read_if._read, self.write_if._write

        async def read(address, length):
            if ERR_BASE <= address < ERR_END:
                raise IOError("error region")
            return await rd(address, length)

        async def write(address, data):
            if ERR_BASE <= address < ERR_END:
                raise IOError("error region")
            return await wr(address, data)
        self.read_if._read, self.write_if._write = read, write


class LatencyRead:
    """AXI4 read slave with a fixed latency, pipelined (one AR accepted per cycle, one R beat
    per cycle, the first beat of a burst LAT cycles after its AR): for the throughput figure.
    Data from a cocotbext-axi Memory shared with an AxiRamWrite."""

    def __init__(self, dut, mem, lat):
        self.dut, self.mem, self.lat = dut, mem, lat
        self.cycle = 0
        self.beats = []   # (ready cycle, rid, data, last)
        cocotb.start_soon(self._run())

    async def _run(self):
        d = self.dut
        d.m_axi_arready.value = 1
        d.m_axi_rvalid.value = 0
        while True:
            await RisingEdge(d.clk_i)
            self.cycle += 1
            # R handshake of the beat driven in the last cycle (rready is always 1)
            if d.m_axi_rvalid.value == 1 and d.m_axi_rready.value == 1:
                self.beats.pop(0)
            if d.m_axi_arvalid.value == 1 and d.m_axi_arready.value == 1:
                addr, n = int(d.m_axi_araddr.value), int(d.m_axi_arlen.value) + 1
                t = self.cycle + self.lat
                for i in range(n):
                    self.beats.append((t + i, int(d.m_axi_arid.value),
                                       int.from_bytes(self.mem.read(addr + 8 * i, 8), "little"),
                                       i == n - 1))
            if self.beats and self.beats[0][0] <= self.cycle:
                _, rid, data, last = self.beats[0]
                d.m_axi_rvalid.value = 1
                d.m_axi_rid.value = rid
                d.m_axi_rdata.value = data
                d.m_axi_rresp.value = 0
                d.m_axi_rlast.value = int(last)
            else:
                d.m_axi_rvalid.value = 0


class Tb:
    def __init__(self, dut, latency=None):
        self.dut = dut
        cocotb.start_soon(Clock(dut.clk_i, 6.4, units="ns").start())
        self.csr = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.clk_i, dut.rst_ni,
                                 reset_active_level=False)
        bus = AxiBus.from_prefix(dut, "m_axi")
        if latency is None:
            self.ram = ErrAxiRam(bus, dut.clk_i, dut.rst_ni, reset_active_level=False,
                                 size=MEM_SIZE)
        else:
            self.ram = AxiRamWrite(bus.write, dut.clk_i, dut.rst_ni, reset_active_level=False,
                                   size=MEM_SIZE)
            self.lat = LatencyRead(dut, self.ram, latency)
        self.src = AxiStreamSource(AxiStreamBus.from_prefix(dut, "s_axis"), dut.clk_i,
                                   dut.rst_ni, reset_active_level=False)
        self.sink = AxiStreamSink(AxiStreamBus.from_prefix(dut, "m_axis"), dut.clk_i,
                                  dut.rst_ni, reset_active_level=False)
        for name in ("s_axil", "m_axi", "s_axis", "m_axis"):
            logging.getLogger(f"cocotb.{dut._name}.{name}").setLevel(logging.WARNING)
        self.first_beats = []   # cycle of every frame's first beat on m_axis
        self.cycle = 0
        self.ipid = 0
        self.next_desc = DESC_BASE
        cocotb.start_soon(self._monitor())

    async def _monitor(self):
        d, first = self.dut, True
        while True:
            await RisingEdge(d.clk_i)
            await ReadOnly()
            self.cycle += 1
            # nic_axi_dma's rule (its FORMAL assertion): every response has its burst / write
            # in the tracking FIFOs
            if d.rst_ni.value == 1:
                assert d.m_axi_rvalid.value == 0 or d.u_dma.rt_m_valid.value == 1, "R untracked"
                assert d.m_axi_bvalid.value == 0 or d.u_dma.wt_m_valid.value == 1, "B untracked"
            if d.m_axis_tvalid.value == 1 and d.m_axis_tready.value == 1:
                if first:
                    self.first_beats.append(self.cycle)
                first = d.m_axis_tlast.value == 1

    async def wr(self, addr, val):
        await self.csr.write_dword(addr, val)

    async def rd(self, addr):
        return await self.csr.read_dword(addr)

    async def init(self):
        d = self.dut
        d.rst_ni.value = 0
        await ClockCycles(d.clk_i, 10)
        d.rst_ni.value = 1
        await ClockCycles(d.clk_i, 2)
        assert await self.rd(AXI_ID) == reg_reset(AXI, "ID")
        assert await self.rd(AXI_PARAMS) == reg_reset(AXI, "PARAMS")   # the default parameters
        assert await self.rd(ENG_ID) == reg_reset("COMET_ENG", "ID")
        while field("COMET", "TX_STATUS", "INIT_BUSY", await self.rd(TX_STATUS)):
            await ClockCycles(d.clk_i, 16)
        for lo, hi in ((TX_SRC_MAC_LO, TX_SRC_MAC_HI), (RX_MAC_LO, RX_MAC_HI)):
            await self.wr(lo, OWN_MAC & 0xFFFFFFFF)
            await self.wr(hi, OWN_MAC >> 32)
        await self.wr(TX_SRC_IP, ip_int(OWN_IP))
        await self.wr(TX_SRC_PORT, OWN_PORT)
        await self.wr(RX_IP, ip_int(OWN_IP))
        await self.wr(RX_PORT, OWN_PORT)
        await self.wr(RX_NODE, OWN_NODE)
        await self.wr(TX_NT_IDX, PEER_NODE)
        await self.wr(TX_NT_IP, ip_int(PEER_IP))
        await self.wr(TX_NT_MAC_LO, PEER_MAC & 0xFFFFFFFF)
        await self.wr(TX_NT_MAC_HI, reg_value("COMET", "TX_NT_MAC_HI", MAC=PEER_MAC >> 32,
                                              PORT=PEER_PORT))
        await self.wr(TX_NT_VALID, 1)
        await self.wr(VIA_IRQ_EN, 0)

    def desc(self, segs, length):
        """Write a descriptor with data segments [(addr, len)], return its address."""
        a = self.next_desc
        self.next_desc += 0x200
        if self.next_desc >= SEND_BASE:
            self.next_desc = DESC_BASE
        d = struct.pack("<QIHHIIII", 0, 0, len(segs), 0, 0, 0, length, 0)
        for sa, sl in segs:
            d += struct.pack("<QII", sa, 0, sl)
        self.ram.write(a, d)
        return a

    def status(self, desc):
        return struct.unpack("<II", self.ram.read(desc + 24, 8))

    async def wait_done(self, desc, cycles=20000):
        for _ in range(cycles // 16):
            length, st = self.status(desc)
            if st & ST_DONE:
                return length, st
            await ClockCycles(self.dut.clk_i, 16)
        raise AssertionError(f"descriptor 0x{desc:x} not completed")

    def post_send(self, msg, buf, nseg=1, vi=0):
        """Place msg at buf split into nseg segments; return the descriptor address."""
        self.ram.write(buf, msg)
        cuts = sorted(random.sample(range(1, len(msg)), min(nseg, len(msg)) - 1))
        bounds = [0] + cuts + [len(msg)]
        segs = [(buf + bounds[i], bounds[i + 1] - bounds[i]) for i in range(len(bounds) - 1)]
        return self.desc(segs, len(msg))

    def check_frame(self, frame, msg):
        """Check one emitted frame (with FCS) against the FM message that was sent."""
        L = len(msg) - 8
        raw = bytes(frame)
        assert len(raw) == max(50 + L, 60) + 4, f"frame length {len(raw)} for L={L}"
        assert zlib.crc32(raw[:-4]) == int.from_bytes(raw[-4:], "little"), "FCS"
        p = Ether(raw[:-4])
        assert p.dst == mac_str(PEER_MAC) and p.src == mac_str(OWN_MAC) and p.type == 0x0800
        ip = p[IP]
        assert ip.version == 4 and ip.ihl == 5 and ip.len == 36 + L and ip.ttl == 64
        assert ip.proto == 17 and ip.src == OWN_IP and ip.dst == PEER_IP and ip.flags == "DF"
        assert ip.id == self.ipid & 0xFFFF, f"IP id {ip.id} expected {self.ipid}"
        self.ipid += 1
        hdr = bytes(ip)[:20]
        assert csum16(hdr) == 0, "IPv4 header checksum"
        udp = p[UDP]
        assert udp.sport == OWN_PORT and udp.dport == PEER_PORT and udp.len == 16 + L
        body = bytes(udp)[:udp.len]
        pseudo = (bytes(ip)[12:20] + struct.pack("!BBH", 0, 17, udp.len))
        if udp.chksum != 0:
            assert csum16(pseudo + body) == 0, "UDP checksum"
        assert body[8:] == msg, "FM header + payload"
        assert raw[50 + L:-4] == bytes(len(raw) - 54 - L), "padding"


def csum16(b):
    if len(b) % 2:
        b += b"\0"
    s = sum(struct.unpack(f"!{len(b) // 2}H", b))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return (~s) & 0xFFFF


def rx_frame(msg, dst_mac=OWN_MAC, ipid=0):
    p = (Ether(dst=mac_str(dst_mac), src=mac_str(PEER_MAC), type=0x0800) /
         IP(src=PEER_IP, dst=OWN_IP, flags="DF", ttl=64, id=ipid, proto=17) /
         UDP(sport=PEER_PORT, dport=OWN_PORT) / Raw(msg))
    raw = bytes(p)
    raw += bytes(max(0, 60 - len(raw)))
    return raw + zlib.crc32(raw).to_bytes(4, "little")


async def send_and_check(tb, sizes, nseg=1):
    """Post one send per size at once, check every frame and every completion."""
    msgs, descs = [], []
    for i, L in enumerate(sizes):
        payload = bytes(random.getrandbits(8) for _ in range(L))
        msg = fm_header(PEER_NODE, OWN_NODE, (0 << 14) | i, L) + payload
        descs.append(tb.post_send(msg, SEND_BASE + 0x1000 * (i % 64), nseg))
        msgs.append(msg)
    for dsc in descs:
        await tb.wr(VIA_DB + 4 * 2, dsc)   # DB2 = VI 0 send
    for msg in msgs:
        frame = await with_timeout(tb.sink.recv(), 200, "us")
        tb.check_frame(frame.tdata, msg)
    for dsc, msg in zip(descs, msgs):
        length, st = await tb.wait_done(dsc)
        assert st == ST_DONE and length == len(msg), f"send status 0x{st:x} length {length}"


@cocotb.test()
async def test_send_sizes(dut):
    """Sends of 1..1464 payload bytes, 1 to 5 segments; frames checked with scapy + zlib."""
    random.seed(1)
    tb = Tb(dut)
    await tb.init()
    for L, nseg in ((1, 1), (2, 2), (9, 1), (10, 3), (64, 2), (255, 5), (1000, 4), (1464, 1),
                    (1464, 3)):
        await send_and_check(tb, [L], nseg)
    assert await tb.rd(TX_CNT_FRAMES) == 9
    assert await tb.rd(AXI_ERR_STATUS) == 0
    bursts, beats = await tb.rd(AXI_RD_BURSTS), await tb.rd(AXI_RD_BEATS)
    dut._log.info("AXI reads: %d bursts, %d beats (%.2f beats per burst)", bursts, beats,
                  beats / bursts)
    assert beats > 2 * bursts, "consecutive reads were not coalesced into bursts"


@cocotb.test()
async def test_send_burst(dut):
    """12 sends posted at once (doorbell depth 16), random sizes."""
    random.seed(2)
    tb = Tb(dut)
    await tb.init()
    await send_and_check(tb, [random.randint(1, 1464) for _ in range(12)], nseg=2)


@cocotb.test()
async def test_receive(dut):
    """Frames built with scapy are sent in; the descriptors and buffers are checked."""
    random.seed(3)
    tb = Tb(dut)
    await tb.init()
    sizes = [1, 7, 100, 1464, 513, 1464]
    for i, L in enumerate(sizes):
        buf = RECV_BASE + 0x1000 * i
        tb.ram.write(buf, b"\xA5" * 0x800)
        # two receive segments: 40 bytes and the rest
        dsc = tb.desc([(buf, 40), (buf + 40, 0x800 - 40)], 0)
        await tb.wr(VIA_DB + 4 * 3, dsc)   # DB3 = VI 0 receive
        payload = bytes(random.getrandbits(8) for _ in range(L))
        msg = fm_header(OWN_NODE, PEER_NODE, (0 << 14) | i, L) + payload
        await tb.src.send(AxiStreamFrame(rx_frame(msg, ipid=i)))
        length, st = await tb.wait_done(dsc)
        assert st == ST_DONE and length == len(msg), f"recv status 0x{st:x} length {length}"
        got = tb.ram.read(buf, 0x800)
        assert got[:len(msg)] == msg, "received message bytes"
        assert got[len(msg):] == b"\xA5" * (0x800 - len(msg)), "bytes past the message"
    # a frame for another MAC is dropped by comet_rx; a bad FCS too
    await tb.src.send(AxiStreamFrame(rx_frame(fm_header(0, 1, 0, 4) + b"abcd",
                                              dst_mac=0x020000000099)))
    bad = bytearray(rx_frame(fm_header(0, 1, 0, 4) + b"abcd"))
    bad[-1] ^= 1
    await tb.src.send(AxiStreamFrame(bytes(bad)))
    await ClockCycles(dut.clk_i, 400)
    assert await tb.rd(RX_CNT_OK) == len(sizes)
    assert await tb.rd(AXI_ERR_STATUS) == 0


def pauses(seed, pct):
    """An endless random pause pattern: 1 (pause) with probability pct / 100."""
    rng = random.Random(seed)
    while True:
        yield int(rng.randrange(100) < pct)


@cocotb.test()
async def test_backpressure(dut):
    """Random stalls on every AXI channel and both streams: sends and receives still exact."""
    random.seed(6)
    tb = Tb(dut)
    await tb.init()
    for i, ch in enumerate((tb.ram.write_if.aw_channel, tb.ram.write_if.w_channel,
                            tb.ram.write_if.b_channel, tb.ram.read_if.ar_channel,
                            tb.ram.read_if.r_channel)):
        ch.set_pause_generator(pauses(100 + i, 40))
    tb.sink.set_pause_generator(pauses(200, 30))
    tb.src.set_pause_generator(pauses(201, 30))
    await send_and_check(tb, [random.randint(1, 1464) for _ in range(6)] + [1, 1464], nseg=3)
    for i, L in enumerate((1, 300, 1464)):
        buf = RECV_BASE + 0x1000 * i
        dsc = tb.desc([(buf, 13), (buf + 13, 0x800 - 13)], 0)
        await tb.wr(VIA_DB + 4 * 3, dsc)
        msg = fm_header(OWN_NODE, PEER_NODE, i, L) + bytes(random.getrandbits(8) for _ in range(L))
        await tb.src.send(AxiStreamFrame(rx_frame(msg, ipid=i)))
        length, st = await tb.wait_done(dsc, cycles=60000)
        assert st == ST_DONE and length == len(msg)
        assert tb.ram.read(buf, len(msg)) == msg
    assert await tb.rd(AXI_ERR_STATUS) == 0


@cocotb.test()
async def test_axi_errors(dut):
    """SLVERR on R and B: error status + irq, the engine keeps going (no hang)."""
    random.seed(4)
    tb = Tb(dut)
    await tb.init()
    assert dut.irq_o.value == 0
    # a send whose data segment lies in the error region: the data read as zeros, so the FM
    # length is 0 and comet_tx refuses the message (TX_ERR, code 3 ZERO)
    dsc = tb.desc([(ERR_BASE + 0x100, 24)], 24)
    await tb.wr(VIA_DB + 4 * 2, dsc)
    length, st = await tb.wait_done(dsc)
    assert st & ST_TX_ERR, f"status 0x{st:x}"
    await ClockCycles(dut.clk_i, 20)
    es = await tb.rd(AXI_ERR_STATUS)
    # VALID, READ, SLVERR and OVF (the 3 data beats all failed)
    assert es == reg_value(AXI, "ERR_STATUS", VALID=1, WRITE=0, RESP=2, OVF=1), \
        f"ERR_STATUS 0x{es:x}"
    assert await tb.rd(AXI_ERR_ADDR) == ERR_BASE + 0x100
    assert await tb.rd(AXI_ERR_CNT) >= 3
    assert dut.irq_o.value == 1
    await tb.wr(AXI_ERR_STATUS, reg_value(AXI, "ERR_STATUS", VALID=1))
    await tb.wr(AXI_ERR_CNT, 0)
    assert await tb.rd(AXI_ERR_STATUS) == 0
    assert dut.irq_o.value == 0
    # a receive whose buffer is in the error region: write errors (B SLVERR), status written
    dsc = tb.desc([(ERR_BASE + 0x208, 0x100)], 0)
    await tb.wr(VIA_DB + 4 * 3, dsc)
    msg = fm_header(OWN_NODE, PEER_NODE, 0, 20) + bytes(range(20))
    await tb.src.send(AxiStreamFrame(rx_frame(msg)))
    length, st = await tb.wait_done(dsc)
    assert st == ST_DONE and length == 28
    await ClockCycles(dut.clk_i, 20)
    es = await tb.rd(AXI_ERR_STATUS)
    assert (field(AXI, "ERR_STATUS", "VALID", es), field(AXI, "ERR_STATUS", "WRITE", es),
            field(AXI, "ERR_STATUS", "RESP", es)) == (1, 1, 2), f"ERR_STATUS 0x{es:x}"
    assert await tb.rd(AXI_ERR_ADDR) == ERR_BASE + 0x208
    assert dut.irq_o.value == 1
    await tb.wr(AXI_ERR_STATUS, reg_value(AXI, "ERR_STATUS", VALID=1))
    # the engine still sends
    await send_and_check(tb, [64, 1464])
    # partial-strobe AXI4-Lite write: refused with SLVERR, nothing written
    await tb.wr(ENG_SCRATCH, 0x12345678)
    resp = await tb.csr.write(ENG_SCRATCH, b"\xFF", )
    assert int(resp.resp) == 2
    assert await tb.rd(ENG_SCRATCH) == 0x12345678
    assert await tb.rd(AXI_UNMAPPED) == CSR_UNMAPPED


@cocotb.test()
async def test_throughput(dut):
    """12 sends of 1464 payload bytes (1518-byte frames) with a 20-cycle read latency."""
    random.seed(5)
    tb = Tb(dut, latency=20)
    await tb.init()
    n, L = 12, 1464
    await send_and_check(tb, [L] * n)
    t = tb.first_beats[-n:]
    period = (t[-1] - t[0]) / (n - 1)
    F = L + 54
    bpc = F / period
    pct = 100.0 * bpc / (8.0 * F / (F + 20))
    bursts, beats = await tb.rd(AXI_RD_BURSTS), await tb.rd(AXI_RD_BEATS)
    dut._log.info("throughput: frame period %.1f cycles, %.2f bytes/cycle, %.1f %% of line "
                  "rate; %.2f beats per read burst", period, bpc, pct, beats / bursts)
    with open(os.environ.get("AXI_FIGURES", "axi_figures.txt"), "w") as f:
        f.write(f"axi.comet_tx_bytes_per_cycle_1518 {bpc:.2f}\n")
        f.write(f"axi.comet_tx_line_rate_pct_1518 {pct:.1f}\n")
        f.write(f"axi.comet_rd_beats_per_burst {beats / bursts:.2f}\n")
        f.write("axi.comet_mem_latency_cycles 20\n")
