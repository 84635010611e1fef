# SPDX-License-Identifier: Apache-2.0
"""cocotb bench of aotf_node_axi (docs/reference/axi.md).

CSRs through an AxiLiteMaster, kicks and LLCM polls through an AxiMaster on the host slave,
the link through AxiStreamSink (m_axis) and AxiStreamSource (s_axis): every packet the node
sends is checked against the header seed and the kick (docs/reference/aotf_send.md,
formats/aotf_header.csv) and then looped back into the node, whose LLCM is read back over AXI
and compared with a shadow copy (docs/reference/aotf_rx.md). No project C model is used.
"""
import logging
import random
import struct

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge, with_timeout
from cocotbext.axi import (AxiBus, AxiLiteBus, AxiLiteMaster, AxiMaster, AxiStreamBus,
                           AxiStreamFrame, AxiStreamSink, AxiStreamSource)

SEND, RX, NODE = 0x0000, 0x1000, 0x2000
S_STATUS, S_HTLB_IDX, S_HTLB_TAG, S_SEED_LO, S_SEED_HI = 0x014, 0x030, 0x034, 0x038, 0x03C
S_CNT_KICKS, S_CNT_PKTS = 0x060, 0x064
R_STATUS, R_PT_INDEX, R_PT_ENTRY, R_PT_BASE, R_PT_LIMIT = 0x014, 0x020, 0x024, 0x028, 0x02C
R_TLB_INDEX, R_TLB_PGID, R_TLB_PID, R_TLB_VBASE, R_TLB_VLIMIT, R_TLB_PBASE = (
    0x040, 0x044, 0x048, 0x04C, 0x050, 0x054)
R_CNT_GOOD, R_CNT_PROT = 0x100, 0x118
LLCM_BYTES = 8192           # the bench's parameter (mk/cocotb.mk)
WINDOW, TAG, SET, WAY = 8, 0x25, 3, 1
PGID, PID, REGION_BASE = 0x42, 7, 0x1000
FLAG_XLAT_SKIP = 1 << 1     # formats/consts.csv: the remote address is physical
KICK = (WINDOW << 28) | (TAG << 20) | (SET << 12)


class Tb:
    def __init__(self, dut):
        self.dut = dut
        cocotb.start_soon(Clock(dut.clk_i, 6.4, units="ns").start())
        self.csr = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.clk_i, dut.rst_ni,
                                 reset_active_level=False)
        self.host = AxiMaster(AxiBus.from_prefix(dut, "s_axi"), dut.clk_i, dut.rst_ni,
                              reset_active_level=False)
        self.src = AxiStreamSource(AxiStreamBus.from_prefix(dut, "s_axis"), dut.clk_i,
                                   dut.rst_ni, reset_active_level=False)
        self.sink = AxiStreamSink(AxiStreamBus.from_prefix(dut, "m_axis"), dut.clk_i,
                                  dut.rst_ni, reset_active_level=False)
        for name in ("s_axil", "s_axi", "s_axis", "m_axis"):
            logging.getLogger(f"cocotb.{dut._name}.{name}").setLevel(logging.WARNING)
        self.llcm = bytearray(LLCM_BYTES)
        self.seed = [0] * 4
        cocotb.start_soon(self._check_read_pipe())

    async def _check_read_pipe(self):
        """nic_axi_sthr's rule (its FORMAL assertion): the LLCM read port answers exactly
        3 cycles after each read, when the adapter's pipe says so."""
        h = self.dut.u_host
        while True:
            await RisingEdge(self.dut.clk_i)
            await ReadOnly()
            if self.dut.rst_ni.value == 1:
                assert h.hr_rvalid_i.value == (int(h.pv_q.value) >> 2) & 1, "LLCM read pipe"

    async def wr(self, addr, val):
        await self.csr.write_dword(addr, val)

    async def rd(self, addr):
        return await self.csr.read_dword(addr)

    async def init(self, flags=FLAG_XLAT_SKIP):
        """Reset, one HTLB entry (SET, WAY) and its header seed (flags: FLAG_AOTF is forced by
        the sender; FLAG_XLAT_SKIP selects the protection table, else the receive TLB)."""
        d = self.dut
        d.rst_ni.value = 0
        await ClockCycles(d.clk_i, 10)
        d.rst_ni.value = 1
        await ClockCycles(d.clk_i, 2)
        assert await self.rd(NODE + 0x000) == 0x414F4E44
        while (await self.rd(SEND + S_STATUS)) & 1 or (await self.rd(RX + R_STATUS)) >> 16 & 1:
            await ClockCycles(d.clk_i, 32)
        # header seed of (SET, WAY): dst 1, src 0, ptype AOTF, flags, pgid; raddr = region base
        # (bits 11:0 come from the kick offset); region 0, pid, len_hi 0, rsvd2; aux word
        self.seed = [1 | (0 << 16) | (1 << 32) | (flags << 40) | (PGID << 48), REGION_BASE,
                     (PID << 16) | (0x5A5A << 40), 0x0123456789ABCDEF]
        for w, v in enumerate(self.seed):
            await self.wr(SEND + S_HTLB_IDX, SET | (WAY << 8) | (w << 12))
            await self.wr(SEND + S_SEED_LO, v & 0xFFFFFFFF)
            await self.wr(SEND + S_SEED_HI, v >> 32)
        await self.wr(SEND + S_HTLB_IDX, SET | (WAY << 8))
        await self.wr(SEND + S_HTLB_TAG, 0x100 | TAG)
        # receive protection: entry pgid mod 16 allows [REGION_BASE, REGION_BASE + 4 KiB)
        await self.wr(RX + R_PT_INDEX, PGID % 16)
        await self.wr(RX + R_PT_ENTRY, PGID | (1 << 31))
        await self.wr(RX + R_PT_BASE, REGION_BASE)
        await self.wr(RX + R_PT_LIMIT, REGION_BASE + 0x1000)

    def expect(self, off, data, be):
        """The packet of a kick at page offset off (8-byte aligned) with data / byte enables."""
        lane = (be & -be).bit_length() - 1
        n = bin(be).count("1")
        koff = off | lane
        kdata = (data >> (8 * lane)) & ((1 << (8 * n)) - 1)
        w0 = self.seed[0] | (1 << 40)                       # FLAG_AOTF forced
        w1 = (self.seed[1] & ~0xFFF) | koff                 # raddr[11:0] = kick offset
        w2 = (self.seed[2] & ~0xFF) | n                     # len
        pkt = struct.pack("<QQQQ", w0, w1, w2, self.seed[3]) + kdata.to_bytes(8, "little")[:n]
        return pkt, w1, kdata.to_bytes(8, "little")[:n]

    async def check_and_loop(self, off, data, be, phys_delta=0):
        """Check the packet of a kick, loop it back; phys_delta: the receive TLB's pbase - vbase."""
        pkt, raddr, kbytes = self.expect(off, data, be)
        frame = await with_timeout(self.sink.recv(), 20, "us")
        assert bytes(frame.tdata) == pkt, f"packet\n{bytes(frame.tdata).hex()}\n{pkt.hex()}"
        await self.src.send(AxiStreamFrame(bytes(frame.tdata)))
        raddr += phys_delta
        self.llcm[raddr:raddr + len(kbytes)] = kbytes

    async def loop_dropped(self, addr, data: bytes):
        """Kick data at addr, loop the packet back unchecked (the receiver is to drop it)."""
        await self.host.write(addr, data)
        frame = await with_timeout(self.sink.recv(), 20, "us")
        await self.src.send(AxiStreamFrame(bytes(frame.tdata)))
        await ClockCycles(self.dut.clk_i, 40)

    async def check_llcm(self, addr, nbytes):
        await ClockCycles(self.dut.clk_i, 30)
        got = (await self.host.read(addr, nbytes)).data
        assert bytes(got) == bytes(self.llcm[addr:addr + nbytes]), \
            f"LLCM 0x{addr:x}\n{bytes(got).hex()}\n{bytes(self.llcm[addr:addr + nbytes]).hex()}"


@cocotb.test()
async def test_kick_loop(dut):
    """Kicks through the AXI4 slave -> packets on m_axis, looped into s_axis -> LLCM reads."""
    random.seed(11)
    tb = Tb(dut)
    await tb.init()
    assert await tb.rd(0x5000) == 0xDEADBEEF     # no block at CSR window 5
    # AXI4-Lite reads and writes issued together (the adapter alternates them)
    async def writes():
        for v in range(8):
            await tb.wr(NODE + 0x010, 0x1000 + v)

    async def reads():
        for _ in range(8):
            assert await tb.rd(NODE + 0x000) == 0x414F4E44
    w, r = cocotb.start_soon(writes()), cocotb.start_soon(reads())
    await w
    await r
    assert await tb.rd(NODE + 0x010) == 0x1007
    # single kicks: a full word, 3 bytes at lane 2, 1 byte at lane 7
    for off, nb, lane in ((0x000, 8, 0), (0x010, 3, 2), (0x020, 1, 7), (0x7F8, 8, 0)):
        data = random.getrandbits(8 * nb)
        await tb.host.write(KICK + off + lane, data.to_bytes(nb, "little"))
        await tb.check_and_loop(off, data << (8 * lane), ((1 << nb) - 1) << lane)
    # one INCR burst of 6 beats = 6 kicks, in address order
    words = [random.getrandbits(64) for _ in range(6)]
    wr = cocotb.start_soon(tb.host.write(KICK + 0x100, b"".join(
        w.to_bytes(8, "little") for w in words)))
    for i, w in enumerate(words):
        await tb.check_and_loop(0x100 + 8 * i, w, 0xFF)
    await wr
    assert await tb.rd(SEND + S_CNT_PKTS) == 10
    await ClockCycles(dut.clk_i, 30)
    assert await tb.rd(RX + R_CNT_GOOD) == 10
    # LLCM polls: single words and bursts, including the untouched bytes around the writes
    await tb.check_llcm(REGION_BASE, 8)
    await tb.check_llcm(REGION_BASE + 0x10, 0x20)
    await tb.check_llcm(REGION_BASE + 0x100, 0x30)
    await tb.check_llcm(REGION_BASE + 0x7F0, 0x18)
    await tb.check_llcm(REGION_BASE, 0x800)     # a long read: split into 256-beat bursts


@cocotb.test()
async def test_protection_drop(dut):
    """A packet outside the protection region is dropped: LLCM unchanged, CNT_PROT counts."""
    tb = Tb(dut)
    await tb.init()
    await tb.wr(RX + R_PT_LIMIT, REGION_BASE + 0x100)
    await tb.loop_dropped(KICK + 0x200, (0x1122334455667788).to_bytes(8, "little"))
    assert await tb.rd(RX + R_CNT_PROT) == 1
    assert await tb.rd(RX + R_CNT_GOOD) == 0
    await tb.check_llcm(REGION_BASE + 0x200, 8)


@cocotb.test()
async def test_rx_tlb(dut):
    """Translated packets (no FLAG_XLAT_SKIP): a miss waits until the receive TLB entry is
    written, then lands at pbase + (raddr - vbase); outside the window is dropped as PROT."""
    tb = Tb(dut)
    await tb.init(flags=0)
    pbase = 0x1800
    await tb.host.write(KICK + 0x08, (0x0102030405060708).to_bytes(8, "little"))
    await tb.check_and_loop(0x08, 0x0102030405060708, 0xFF, pbase - REGION_BASE)
    await ClockCycles(dut.clk_i, 20)
    assert (await tb.rd(RX + R_STATUS)) >> 18 & 1, "the packet waits on the TLB miss"
    assert await tb.rd(RX + R_CNT_GOOD) == 0
    await tb.wr(RX + R_TLB_INDEX, 0)
    await tb.wr(RX + R_TLB_PID, PID)                            # region 0
    await tb.wr(RX + R_TLB_VBASE, REGION_BASE)
    await tb.wr(RX + R_TLB_VLIMIT, REGION_BASE + 0x100)
    await tb.wr(RX + R_TLB_PBASE, pbase)
    await tb.wr(RX + R_TLB_PGID, PGID | (1 << 31))              # valid: written last
    await ClockCycles(dut.clk_i, 20)
    assert await tb.rd(RX + R_CNT_GOOD) == 1
    await tb.check_llcm(pbase, 0x20)
    await tb.check_llcm(REGION_BASE, 0x20)                      # untranslated address untouched
    # inside the window at a second offset, then outside it (PROT, LLCM unchanged)
    await tb.host.write(KICK + 0x40, (0x1122).to_bytes(2, "little"))
    await tb.check_and_loop(0x40, 0x1122, 0x03, pbase - REGION_BASE)
    await tb.loop_dropped(KICK + 0x200, (0x33).to_bytes(1, "little"))
    assert await tb.rd(RX + R_CNT_GOOD) == 2
    assert await tb.rd(RX + R_CNT_PROT) == 1
    await tb.check_llcm(pbase, 0x300)
