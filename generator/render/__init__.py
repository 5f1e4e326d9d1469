"""Rendering: one reportlab drawing per card, imposed on sheets, print-shop
pages and rasterized to PNG from those same drawings."""
