# SPDX-License-Identifier: Apache-2.0
"""The synthesis flow behind syn/synth.py (see docs/guide/synthesis_flow.md)."""
