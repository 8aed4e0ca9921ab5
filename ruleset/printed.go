package ruleset

// NumberedFleet is an optional ability of a FleetEvaluation: the numbers
// its fleet pack prints, in the page's words and order (the fleet's
// totals, then each class and squadron). The verification of a printed
// pack records them (library.SeamFleetPrinted) from the same evaluation
// the printer draws, so that the verification page shows the numbers on
// the paper.
type NumberedFleet interface {
	PrintedNumbers() []PrintedValue
}

// PrintedValue is one number printed with its label: "Fleet cost",
// "300 of 300 points".
type PrintedValue struct {
	Label string
	Value string
}
