"""The synthesis flow behind syn/synth.py (see docs/guide/synthesis_flow.md)."""
