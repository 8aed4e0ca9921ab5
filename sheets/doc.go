// Package sheets prints what players bring to the table: the iconographic
// starship record sheet, ship cards, the quick-reference play aids, the
// plotting chart and whole fleet packs, as PDF.
//
// Every page is laid out as data first (a tree of Elements with boxes in
// millimetres) and drawn second, so tests can check the geometry: nothing
// outside the printable area, no overlapping siblings, hull bubbles at
// least 3.5 mm. Icons are vector drawing functions held in one registry
// (Icons); the legend card iterates it, so it cannot drift from the sheet.
//
// Pages are drawn on a surface (surface.go): the gofpdf document for PDF,
// or an SVG writer (svg.go) for the record sheet and the Battleshift class
// sheet on screen (RecordSheetSVG, BattleshiftPrinter.SheetSVG), so the
// preview shows what prints. Text is measured by one function for both.
//
// Output is deterministic: the same input gives byte-identical PDFs and
// SVGs.
package sheets
