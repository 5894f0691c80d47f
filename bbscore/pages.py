"""The page every game's HTML export is: one self-contained document (inline CSS, no script, nothing fetched) that
reads on a phone and prints on A4.

On a screen the page fits its width (a viewport for phones): a number, a contract or a game is never broken, a note
breaks anywhere rather than run out of the page, and below 600 px (a phone) the notes leave their column for a row of
their own under the hand (``tr.noted``: the whole width of the table), the text is smaller; a table still wider than
the screen scrolls inside its own box, never the page.  In print: A4, the header row of a table
repeated at the top of each page, a row never split between pages, the chart kept whole.
"""

from __future__ import annotations

import html

STYLE = """
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 9.5pt; color: #111;
       margin: 0 auto; max-width: 186mm; }
@media screen { body { padding: 6mm 4mm; } }
h1 { font-size: 14pt; margin: 0 0 2mm; overflow-wrap: anywhere; }
h2 { font-size: 11pt; margin: 3mm 0 1.5mm; }
p { margin: 0 0 2mm; overflow-wrap: anywhere; }
.winner { font-weight: bold; }
.scroll { max-width: 100%; overflow-x: auto; }
table.sheet { border-collapse: collapse; width: 100%; margin: 0 0 3mm; }
.sheet thead { display: table-header-group; }
.sheet tr { break-inside: avoid; page-break-inside: avoid; }
.sheet th, .sheet td { border: 1px solid #555; padding: 0.4mm 1.5mm; line-height: 1.25; white-space: nowrap; }
.sheet th { background: #e9e9e9; font-weight: bold; white-space: normal; }
.sheet td.num { text-align: right; font-variant-numeric: tabular-nums; }
.sheet td.total { font-weight: bold; }
.sheet td.words { white-space: normal; }
.sheet td.note { font-size: 8pt; color: #333; white-space: normal; overflow-wrap: anywhere; min-width: 12ch; }
.sheet tr.noted td { font-size: 8pt; color: #333; white-space: normal; overflow-wrap: anywhere; text-align: left; }
.sheet tr.noted { display: none; }
.sheet tr.redeal td, .sheet tr.error td { color: #777; }
.sheet tr.error td { color: #b00; }
ul.payments { margin: 0 0 3mm; padding-left: 5mm; }
figure { margin: 0; break-inside: avoid; }
figcaption { font-size: 8.5pt; margin: 0 0 1mm; }
svg { width: 100%; height: auto; display: block; }
svg .grid { stroke: #ddd; stroke-width: 1; }
svg .axis { stroke: #333; stroke-width: 1; }
svg .target { stroke: #b00; stroke-width: 1.5; stroke-dasharray: 6 4; }
svg text { font-size: 11px; fill: #333; }
svg .pair0 { stroke: #1f5fbf; }
svg .pair1 { stroke: #d0621a; }
svg circle.pair0 { fill: #1f5fbf; }
svg circle.pair1 { fill: #d0621a; }
svg polyline { fill: none; stroke-width: 2; }
@media screen and (max-width: 600px) {
  body { font-size: 8.5pt; padding: 3mm 2mm; }
  .sheet th, .sheet td { padding: 0.3mm 0.8mm; }
  .sheet th.note, .sheet td.note { display: none; }
  .sheet tr.noted { display: table-row; }
}
"""


def page(title: str, language: str, body: str) -> str:
    """The whole document: ``title`` (escaped here), the language's code, and ``body`` (HTML the caller has escaped)."""
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(language)}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n")
