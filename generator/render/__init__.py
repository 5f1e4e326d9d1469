"""Rendering: one reportlab drawing per card, imposed on sheets, print-shop
pages and rasterized to PNG from those same drawings."""

from .dates import pin_epoch as _pin_epoch

try:
    _pin_epoch()      # every PDF of this process dated like its cover (see dates.py)
except Exception:     # a bad SOURCE_DATE_EPOCH: the command line says so, in one line
    pass
