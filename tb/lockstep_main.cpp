// SPDX-License-Identifier: Apache-2.0
// Generic lockstep runner: Verilated RTL (class Vdut, built with --prefix Vdut) and the C model
// of the same DUT, driven by the DUT's seeded stimulus; every output compared every cycle
// (when its qualifier holds). Plusargs: +seed=N +cycles=N +mode=NAME|all +fst=path +hist=N.
// +mode=all runs every stimulus mode in turn (directed modes to their end, random for +cycles)
// and prints one summary line for the DUT.
#include <verilated.h>
#include <verilated_fst_c.h>
#include <chrono>
#include <memory>
#include <string>
#include <vector>
#include "Vdut.h"
#include "ls_runner.h"

struct run_result {
  uint64_t cycles = 0, mismatches = 0;
  bool sb_fail = false, setup_fail = false;
};

static run_result run_one(const char *mode, uint64_t seed, uint64_t max_cycles, const char *fst, unsigned hist_n) {
  run_result r;
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->randReset(2);  // every flop and RAM word random at power-up (x-initial unique)
  ctx->randSeed((int)(seed & 0x7fffffff));
  if (fst) ctx->traceEverOn(true);
  auto top = std::make_unique<Vdut>(ctx.get());
  std::unique_ptr<VerilatedFstC> tfp;
  if (fst) {
    tfp = std::make_unique<VerilatedFstC>();
    top->trace(tfp.get(), 99);
    tfp->open(fst);
  }
  void *stim = LS_CAT(LS_DUT, _stim_new)(seed, mode);
  if (!stim) {
    fprintf(stderr, "lockstep: dut=%s: unknown mode '%s' (modes: %s)\n", LS_STR(LS_DUT), mode,
            LS_CAT(LS_DUT, _stim_modes)());
    r.setup_fail = true;
    return r;
  }
  void *model = LS_CAT(LS_DUT, _model_new)(seed);
  if (!model) {
    fprintf(stderr, "lockstep: dut=%s: model init failed\n", LS_STR(LS_DUT));
    r.setup_fail = true;
    return r;
  }
  static ls_hist_t hist;
  memset(&hist, 0, sizeof(hist));
  ls_in_t in;
  ls_out_t mout, rout, prev;
  unsigned char q[LS_N_OUT];
  uint64_t cycle = 0;
  int compare_on = 0;
  top->clk_i = 0;
  for (; cycle < max_cycles; cycle++) {
    memset(&in, 0, sizeof(in));
    if (!LS_CAT(LS_DUT, _stim_next)(stim, cycle, cycle ? &prev : NULL, &in)) break;
#define LS_SET(n, w) top->n = in.n & LS_MASK(w);
    LS_INPUTS(LS_SET)
#undef LS_SET
    top->clk_i = 0;
    top->eval();
    LS_CAT(LS_DUT, _model_eval)(model, &in, &mout);
#define LS_GET(n, w, qual) rout.n = (uint64_t)top->n;
    LS_OUTPUTS(LS_GET)
#undef LS_GET
    ls_hist_push(&hist, cycle, &in, &mout, &rout);
    if (compare_on) {
      ls_qual(&mout, q);
      for (size_t i = 0; i < LS_N_OUT; i++) {
        uint64_t mv = ls_get(&mout, ls_out_ports[i].off) & LS_MASK(ls_out_ports[i].width);
        uint64_t rv = ls_get(&rout, ls_out_ports[i].off) & LS_MASK(ls_out_ports[i].width);
        if (q[i] && mv != rv) {
          if (r.mismatches == 0)
            fprintf(stderr, "MISMATCH dut=%s mode=%s seed=%llu cycle=%llu signal=%s rtl=0x%llx model=0x%llx\n",
                    LS_STR(LS_DUT), mode, (unsigned long long)seed, (unsigned long long)cycle,
                    ls_out_ports[i].name, (unsigned long long)rv, (unsigned long long)mv);
          r.mismatches++;
        }
      }
      if (r.mismatches) {
        ls_hist_print(&hist, hist_n, 1);
        fprintf(stderr, "rerun with a waveform: build/%s/lockstep +mode=%s +seed=%llu +cycles=%llu +fst=build/%s.fst\n",
                LS_STR(LS_DUT), mode, (unsigned long long)seed, (unsigned long long)(cycle + 2), LS_STR(LS_DUT));
        if (tfp) tfp->dump((uint64_t)(2 * cycle));
        cycle++;
        break;
      }
    }
    if (LS_CAT(LS_DUT, _stim_check)(stim, &mout)) r.sb_fail = true;
    if (tfp) tfp->dump((uint64_t)(2 * cycle));
    top->clk_i = 1;
    top->eval();
    LS_CAT(LS_DUT, _model_tick)(model, &in);
    if (tfp) tfp->dump((uint64_t)(2 * cycle + 1));
    if (!in.rst_ni) compare_on = 1;
    prev = mout;
    if (r.sb_fail) {
      fprintf(stderr, "SCOREBOARD FAIL dut=%s mode=%s seed=%llu cycle=%llu\n", LS_STR(LS_DUT), mode,
              (unsigned long long)seed, (unsigned long long)cycle);
      ls_hist_print(&hist, hist_n, 0);
      cycle++;
      break;
    }
  }
  if (!r.mismatches && !r.sb_fail) {
    if (LS_CAT(LS_DUT, _stim_check)(stim, NULL)) r.sb_fail = true;
    if (LS_CAT(LS_DUT, _model_check)(model)) r.sb_fail = true;
    if (r.sb_fail)
      fprintf(stderr, "SCOREBOARD FAIL dut=%s mode=%s seed=%llu at end of run\n", LS_STR(LS_DUT), mode,
              (unsigned long long)seed);
  }
  if (tfp) tfp->close();
  top->final();
  LS_CAT(LS_DUT, _stim_free)(stim);
  LS_CAT(LS_DUT, _model_free)(model);
  r.cycles = cycle;
  return r;
}

int main(int argc, char **argv) {
  const uint64_t seed = ls_arg_u64(argc, argv, "seed", 1);
  const uint64_t max_cycles = ls_arg_u64(argc, argv, "cycles", 100000);
  const char *mode = ls_arg(argc, argv, "mode");
  const char *fst = ls_arg(argc, argv, "fst");
  const unsigned hist_n = (unsigned)ls_arg_u64(argc, argv, "hist", 8);
  if (!mode) mode = "all";
  Verilated::commandArgs(argc, argv);
  std::vector<std::string> modes;
  if (!strcmp(mode, "all")) {
    std::string all = LS_CAT(LS_DUT, _stim_modes)();
    size_t p = 0;
    while (p < all.size()) {
      size_t e = all.find(' ', p);
      if (e == std::string::npos) e = all.size();
      if (e > p) modes.push_back(all.substr(p, e - p));
      p = e + 1;
    }
  } else {
    modes.push_back(mode);
  }
  run_result tot;
  const auto t0 = std::chrono::steady_clock::now();
  for (const auto &m : modes) {
    run_result r = run_one(m.c_str(), seed, max_cycles, fst, hist_n);
    tot.cycles += r.cycles;
    tot.mismatches += r.mismatches;
    tot.sb_fail = tot.sb_fail || r.sb_fail || r.setup_fail;
    if (r.mismatches || r.sb_fail || r.setup_fail) break;
  }
  const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  printf("lockstep: dut=%s seed=%llu cycles=%llu mismatches=%llu mode=%s scoreboard=%s cycles_per_s=%.0f\n",
         LS_STR(LS_DUT), (unsigned long long)seed, (unsigned long long)tot.cycles,
         (unsigned long long)tot.mismatches, mode, tot.sb_fail ? "FAIL" : "pass",
         dt > 0 ? (double)tot.cycles / dt : 0.0);
  return (tot.mismatches || tot.sb_fail) ? 1 : 0;
}
