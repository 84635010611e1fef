// Generic lockstep runner: Verilated RTL (class Vdut, built with --prefix Vdut) and the C model
// of the same DUT, driven by the DUT's seeded stimulus; every output compared every cycle
// (when its qualifier holds). Plusargs: +seed=N +cycles=N +mode=NAME +fst=path +hist=N.
#include <verilated.h>
#include <verilated_fst_c.h>
#include <memory>
#include "Vdut.h"
#include "ls_runner.h"

int main(int argc, char **argv) {
  const uint64_t seed = ls_arg_u64(argc, argv, "seed", 1);
  const uint64_t max_cycles = ls_arg_u64(argc, argv, "cycles", 100000);
  const char *mode = ls_arg(argc, argv, "mode");
  const char *fst = ls_arg(argc, argv, "fst");
  const unsigned hist_n = (unsigned)ls_arg_u64(argc, argv, "hist", 8);
  if (!mode) mode = "random";

  auto ctx = std::make_unique<VerilatedContext>();
  ctx->randReset(2);  // every flop and RAM word random at power-up (x-initial unique)
  ctx->randSeed((int)(seed & 0x7fffffff));
  ctx->commandArgs(argc, argv);
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
    return 2;
  }
  void *model = LS_CAT(LS_DUT, _model_new)(seed);
  if (!model) {
    fprintf(stderr, "lockstep: dut=%s: model init failed\n", LS_STR(LS_DUT));
    return 2;
  }

  static ls_hist_t hist;
  ls_in_t in;
  ls_out_t mout, rout, prev;
  unsigned char q[LS_N_OUT];
  uint64_t cycle = 0, mismatches = 0;
  int compare_on = 0, sb_fail = 0;
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
          if (mismatches == 0) {
            fprintf(stderr,
                    "MISMATCH dut=%s mode=%s seed=%llu cycle=%llu signal=%s rtl=0x%llx model=0x%llx\n",
                    LS_STR(LS_DUT), mode, (unsigned long long)seed, (unsigned long long)cycle,
                    ls_out_ports[i].name, (unsigned long long)rv, (unsigned long long)mv);
          }
          mismatches++;
        }
      }
      if (mismatches) {
        ls_hist_print(&hist, hist_n, 1);
        fprintf(stderr, "rerun with a waveform: build/%s/lockstep +mode=%s +seed=%llu +cycles=%llu +fst=build/%s.fst\n",
                LS_STR(LS_DUT), mode, (unsigned long long)seed, (unsigned long long)(cycle + 2), LS_STR(LS_DUT));
        if (tfp) tfp->dump((uint64_t)(2 * cycle));
        cycle++;
        break;
      }
    }
    if (LS_CAT(LS_DUT, _stim_check)(stim, &mout)) sb_fail = 1;
    if (tfp) tfp->dump((uint64_t)(2 * cycle));
    top->clk_i = 1;
    top->eval();
    LS_CAT(LS_DUT, _model_tick)(model, &in);
    if (tfp) tfp->dump((uint64_t)(2 * cycle + 1));
    if (!in.rst_ni) compare_on = 1;
    prev = mout;
    if (sb_fail) {
      ls_hist_print(&hist, hist_n, 0);
      cycle++;
      break;
    }
  }
  if (!mismatches && !sb_fail) {
    if (LS_CAT(LS_DUT, _stim_check)(stim, NULL)) sb_fail = 1;
    if (LS_CAT(LS_DUT, _model_check)(model)) sb_fail = 1;
  }
  if (tfp) tfp->close();
  top->final();
  printf("lockstep: dut=%s seed=%llu cycles=%llu mismatches=%llu mode=%s scoreboard=%s\n", LS_STR(LS_DUT),
         (unsigned long long)seed, (unsigned long long)cycle, (unsigned long long)mismatches, mode,
         sb_fail ? "FAIL" : "pass");
  LS_CAT(LS_DUT, _stim_free)(stim);
  LS_CAT(LS_DUT, _model_free)(model);
  return (mismatches || sb_fail) ? 1 : 0;
}
