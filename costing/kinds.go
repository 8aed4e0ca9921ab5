package costing

// Catalogue kinds and parameter values the model reads. Power and space
// come from the catalogue table; these names only say which systems feed
// which term of the model.
const (
	kindReactor       = "reactor"
	kindSensor        = "sensor"
	kindEWArray       = "ewArray"
	kindECM           = "ecm"
	kindCMPod         = "cmPod"
	kindStealth       = "stealth"
	kindCloak         = "cloak"
	kindSoC           = "soc"
	kindDeflector     = "deflector"
	kindThruster      = "thruster"
	kindSTLPrimitive  = "stlPrimitive"
	kindSTLBasic      = "stlBasic"
	kindSTLAdvanced   = "stlAdvanced"
	axisForeAft       = "foreAft"
	axisPortStarboard = "portStarboard"
)
