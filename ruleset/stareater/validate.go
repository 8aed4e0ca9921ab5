package stareater

import (
	"fmt"
	"slices"
	"strings"

	"github.com/slipway/slipway/ruleset"
)

// validator collects a document's problems in document order.
type validator struct {
	d   ruleset.Design
	out ruleset.Problems
}

func newValidator(d ruleset.Design) *validator { return &validator{d: d, out: ruleset.Problems{}} }

func (v *validator) add(sev ruleset.Severity, rule string, at *ruleset.Loc, hint, format string, args ...any) {
	p := at.String()
	v.out = append(v.out, ruleset.Problem{Rule: rule, Severity: sev, Path: p,
		Message: ruleset.Sentence(Place(v.d, p), fmt.Sprintf(format, args...)), Hint: hint})
}

func (v *validator) errorf(rule string, at *ruleset.Loc, hint, format string, args ...any) {
	v.add(ruleset.Error, rule, at, hint, format, args...)
}

// envelope checks schema, ruleset, rules version and kind.
func (v *validator) envelope(h ruleset.Head, kind, want string) {
	if h.Schema != ruleset.Schema {
		v.errorf(ruleset.RuleDocument, ruleset.Root("schema"), fmt.Sprintf("save the document again from Slipway, which writes format %d", ruleset.Schema),
			"the file is in format %d; this version of Slipway reads format %d", h.Schema, ruleset.Schema)
	}
	if h.Ruleset != ID {
		v.errorf(ruleset.RuleDocument, ruleset.Root("ruleset"), "open it as a design of the game it was made for, or start a Star Eater loadout",
			"the document is not a Star Eater document")
	}
	if h.RulesVersion != RulesVersion {
		v.errorf(ruleset.RuleDocument, ruleset.Root("rulesVersion"), fmt.Sprintf("save the document again from Slipway, which writes rules version %d", RulesVersion),
			"the document follows rules version %d; Slipway reads version %d", h.RulesVersion, RulesVersion)
	}
	if kind != want {
		if kind == "" {
			v.errorf(RuleKind, ruleset.Root("kind"), "write loadout, cardSet or team", "no kind of document is given")
		} else {
			v.errorf(RuleKind, ruleset.Root("kind"), "write loadout, cardSet or team", "%s is not a kind of Star Eater document", quoted(kind))
		}
	}
}

func (v *validator) text(at *ruleset.Loc, s string, lo, hi int, multiline bool) {
	if problem, fix := ruleset.CheckText(s, lo, hi, multiline); problem != "" {
		v.errorf(RuleText, at, fix, "%s", problem)
	}
}

func (v *validator) texts(h ruleset.Head) {
	v.text(ruleset.Root("name"), h.Name, 1, 80, false)
	v.text(ruleset.Root("description"), h.Description, 0, 4000, true)
	if len(h.Tags) > 12 {
		v.errorf(RuleText, ruleset.Root("tags"), "keep at most 12 tags", "there are %s; at most 12 are allowed", ruleset.Count(len(h.Tags), "tag"))
	}
	for i, t := range h.Tags[:min(len(h.Tags), 100)] {
		v.text(ruleset.Root("tags").Idx(i), t, 1, 32, false)
	}
	v.text(ruleset.Root("universe"), h.Universe, 0, 80, false)
}

// cardSet checks the card set reference and returns the deck it makes.
func (v *validator) cardSet(ref string, b *binding) *Deck {
	deck, st := deckOf(ref, b)
	at := ruleset.Root("cardSet")
	switch st {
	case setBadRef:
		if ref == "" {
			v.errorf(RuleSetRef, at, "write builtin for the rule book's cards, or the id of a card set in the library", "no card set is named")
		} else {
			v.errorf(RuleSetRef, at, "write builtin, or a card set's id from the library (its address ends in it), optionally with @ and a version",
				"%s is not a card set name", quoted(ref))
		}
	case setNotASet:
		msg, hint := notACardSet(ref, b.others[ref])
		v.errorf(RuleSetRef, at, hint, "%s", msg)
	case setMissing:
		v.errorf(RuleSetRef, at, "check the id, or ask its owner to make the card set public or unlisted; builtin always works",
			"the library has no card set %s that you may read", quoted(ref))
	case setUnbound:
		v.add(ruleset.Warning, RuleUnread, at, "on the command line give the card set's file with --uses "+ref+"=FILE, or check the loadout through the API or the designer",
			"the card set %s is in the library, which is not read here, so the cards' numbers stay unknown", quoted(ref))
	}
	return deck
}

// loadout checks one loadout's choices at prefix (the root, or a team's
// entry) against deck.
func (v *validator) loadout(b body, at func(string) *ruleset.Loc, deck *Deck) {
	cat := deck.cat
	fac := cat.Faction(b.Faction)
	if fac == nil {
		names := factionNames(cat)
		if b.Faction == "" {
			v.errorf(RuleFaction, at("faction"), "choose "+ruleset.List(names, "or"), "no faction is chosen")
		} else {
			v.errorf(RuleFaction, at("faction"), "choose "+ruleset.List(names, "or"), "%s is not one of the three factions", quoted(b.Faction))
		}
	}
	ship := cat.Ship(b.Ship)
	switch {
	case ship == nil && b.Ship == "":
		v.errorf(RuleShip, at("ship"), "choose one of your faction's Capital Ships", "no Capital Ship is chosen")
	case ship == nil:
		v.errorf(RuleShip, at("ship"), "choose one of your faction's Capital Ships", "%s is not a Capital Ship of the game", quoted(b.Ship))
	case fac != nil && ship.Faction != fac.ID:
		v.errorf(RuleShip, at("ship"), "choose one of "+ruleset.List(shipNames(cat, fac.ID), "or"),
			"the %s is %s ship, and %s player takes a Capital Ship of their own faction", ship.Name, ruleset.A(cat.Faction(ship.Faction).Name), ruleset.A(fac.Name))
		ship = nil // its slots are no measure of this loadout
	}
	counts := map[string]int{}
	uses := map[string]int{}
	var order []string
	use := func(id string) {
		if uses[id] == 0 {
			order = append(order, id)
		}
		uses[id]++
	}
	if len(b.Components) > MaxComponents {
		v.errorf(RuleSlots, at("components"), "give one card per slot of the hull", "%s are given; a hull has at most a few slots",
			ruleset.Count(len(b.Components), "component"))
	}
	for i, c := range b.Components[:min(len(b.Components), MaxComponents)] {
		p := at("components").Idx(i)
		slot := SlotOf(c.Slot)
		switch {
		case c.Slot == SlotSpecial:
			sp := "its own Special"
			if ship != nil && ship.Special != "" {
				sp = "its Special, " + ship.Special
			}
			v.errorf(RuleSpecial, p.Key("slot"), "remove this row: the Special comes with the ship",
				"the Special is not chosen: each Capital Ship has %s printed on its Armour Mat, and it cannot be changed", sp)
			continue
		case slot == nil || c.Slot == SlotCorvette:
			v.errorf(RuleSlotType, p.Key("slot"), "choose Main Weapon, Broadsides, Point Defence or Hangar (corvettes have their own list)",
				"%s is not a component slot", quoted(c.Slot))
			continue
		}
		counts[c.Slot]++
		card := v.card(deck, b.Faction, fac, c.Card, p.Key("card"))
		if card == nil {
			continue
		}
		use(card.Card)
		if card.Slot != c.Slot {
			v.errorf(RuleSlotType, p.Key("card"), fmt.Sprintf("put it on the %s slot, or choose a %s card here", SlotOf(card.Slot).Name, slot.Name),
				"%s is %s card, not %s card", card.Name, ruleset.A(SlotOf(card.Slot).Name), ruleset.A(slot.Name))
		}
	}
	if ship != nil {
		for _, s := range []struct {
			id   string
			want int
		}{{SlotMain, ship.Slots.Main}, {SlotBroadside, ship.Slots.Broadside}, {SlotPointDefence, 1}, {SlotHangar, 1}} {
			got := counts[s.id]
			if got == s.want {
				continue
			}
			name := SlotOf(s.id).Name
			switch {
			case s.want == 0:
				v.errorf(RuleSlots, at("components"), "remove the "+name+" card", "the %s has no %s slot, and %s",
					ship.Name, name, ruleset.Count(got, "card is given for it", "cards are given for it"))
			case got == 0:
				v.errorf(RuleSlots, at("components"), "add a "+name+" card", "the %s slot is empty; the %s has %s",
					name, ship.Name, ruleset.Count(s.want, name+" slot", name+" slots"))
			default:
				v.errorf(RuleSlots, at("components"), fmt.Sprintf("give exactly %d", s.want), "%s are given for the %s's %s",
					ruleset.Count(got, name+" card"), ship.Name, ruleset.Count(s.want, name+" slot", name+" slots"))
			}
		}
	}
	if len(b.Corvettes) != Corvettes {
		v.errorf(RuleCorvettes, at("corvettes"), "give exactly four corvettes (the same card may be taken more than once)",
			"%s given; a Capital Ship carries four, call-signs 1 to 4", ruleset.Count(len(b.Corvettes), "corvette is", "corvettes are"))
	}
	for i, c := range b.Corvettes[:min(len(b.Corvettes), MaxCorvettes)] {
		p := at("corvettes").Idx(i)
		card := v.card(deck, b.Faction, fac, c.Card, p.Key("card"))
		if card == nil {
			continue
		}
		use(card.Card)
		if card.Slot != SlotCorvette {
			v.errorf(RuleCorvettes, p.Key("card"), "choose a corvette card", "%s is %s card, not a corvette", card.Name, ruleset.A(SlotOf(card.Slot).Name))
		}
	}
	if fac != nil {
		for _, id := range order {
			c := deck.Card(fac.ID, id)
			if c != nil && c.Copies != nil && uses[id] > *c.Copies {
				where := at("components")
				if c.Slot == SlotCorvette {
					where = at("corvettes")
				}
				v.errorf(RuleCopies, where, "take another card for the extra ones",
					"%s is taken %s, and the %s deck holds %s", c.Name, times(uses[id]), fac.Name, ruleset.Count(*c.Copies, "copy", "copies"))
			}
		}
	}
}

// card finds the card id of the faction's decks for the place at, or
// reports why it cannot (nil).
func (v *validator) card(deck *Deck, faction string, fac *Faction, id string, at *ruleset.Loc) *Card {
	if fac == nil {
		return nil // SE-FAC-01 says it
	}
	if c := deck.Card(faction, id); c != nil {
		return c
	}
	if id == "" {
		v.errorf(RuleSlotType, at, "choose a card from the list", "no card is chosen")
		return nil
	}
	if others := deck.factionsOf(id); len(others) > 0 {
		c := deck.Card(others[0], id)
		v.errorf(RuleDeck, at, "choose a card of the "+fac.Name+" decks",
			"%s is %s card, and %s ship takes its cards from the %s decks only", c.Name, ruleset.A(deck.cat.Faction(others[0]).Name), ruleset.A(fac.Name), fac.Name)
		return nil
	}
	v.errorf(RuleSlotType, at, "choose a card of the "+fac.Name+" decks, or add it to your card set", "%s is not a card of the decks", quoted(id))
	return nil
}

func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

func factionNames(c *Catalogue) []string {
	var out []string
	for _, f := range c.Factions {
		out = append(out, f.Name)
	}
	return out
}

func shipNames(c *Catalogue, faction string) []string {
	var out []string
	for _, s := range c.Ships {
		if s.Faction == faction {
			out = append(out, "the "+s.Name)
		}
	}
	return out
}

func root(k string) *ruleset.Loc { return ruleset.Root(k) }

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// validateLoadout checks a loadout and returns its problems and deck.
func validateLoadout(l *Loadout) (ruleset.Problems, *Deck) {
	v := newValidator(l)
	v.envelope(l.Head(), l.Kind, KindLoadout)
	v.texts(l.Head())
	deck := v.cardSet(l.CardSet, l.bound)
	v.loadout(l.body(), root, deck)
	return v.out, deck
}

// validateTeam checks a team and returns its problems and deck.
func validateTeam(t *Team) (ruleset.Problems, *Deck) {
	v := newValidator(t)
	v.envelope(t.Head(), t.Kind, KindTeam)
	v.texts(t.Head())
	deck := v.cardSet(t.CardSet, t.bound)
	if len(t.Loadouts) != TeamSize {
		v.errorf(RuleTeam, ruleset.Root("loadouts"), "give the two teammates' loadouts", "%s given; a 2v2 team is two players",
			ruleset.Count(len(t.Loadouts), "loadout is", "loadouts are"))
	}
	ls := t.Loadouts[:min(len(t.Loadouts), TeamSize*2)]
	for i := range ls {
		v.text(ruleset.Root("loadouts").Idx(i).Key("player"), ls[i].Player, 1, 60, false)
		at := func(k string) *ruleset.Loc { return ruleset.Root("loadouts").Idx(i).Key(k) }
		v.loadout(ls[i].body(), at, deck)
	}
	if len(ls) == TeamSize && ls[0].Faction != ls[1].Faction && deck.cat.Faction(ls[0].Faction) != nil && deck.cat.Faction(ls[1].Faction) != nil {
		v.errorf(RuleTeam, ruleset.Root("loadouts").Idx(1).Key("faction"), "choose "+deck.cat.Faction(ls[0].Faction).Name+" for both",
			"the teammates play %s and %s; a 2v2 team plays one faction and shares its decks", deck.cat.Faction(ls[0].Faction).Name, deck.cat.Faction(ls[1].Faction).Name)
	}
	if len(ls) == TeamSize && ls[0].Faction == ls[1].Faction {
		if fac := deck.cat.Faction(ls[0].Faction); fac != nil {
			uses := map[string]int{}
			var order []string
			for _, l := range ls {
				for _, c := range l.Components {
					if c.Slot != SlotSpecial {
						if uses[c.Card] == 0 {
							order = append(order, c.Card)
						}
						uses[c.Card]++
					}
				}
				for _, c := range l.Corvettes {
					if uses[c.Card] == 0 {
						order = append(order, c.Card)
					}
					uses[c.Card]++
				}
			}
			for _, id := range order {
				c := deck.Card(fac.ID, id)
				if c == nil || c.Copies == nil || uses[id] <= *c.Copies {
					continue
				}
				alone := false // SE-COPY-01 already says it of one loadout
				for _, l := range ls {
					n := 0
					for _, x := range l.Components {
						if x.Card == id && x.Slot != SlotSpecial {
							n++
						}
					}
					for _, x := range l.Corvettes {
						if x.Card == id {
							n++
						}
					}
					alone = alone || n > *c.Copies
				}
				if !alone {
					v.errorf(RuleTeamDeck, ruleset.Root("loadouts"), "change a card of one teammate's loadout",
						"together the teammates take %s %s, and the %s deck they share holds %s", c.Name, times(uses[id]), fac.Name,
						ruleset.Count(*c.Copies, "copy", "copies"))
				}
			}
		}
	}
	return v.out, deck
}

// validateCardSet checks a card set.
func validateCardSet(cs *CardSet) ruleset.Problems {
	v := newValidator(cs)
	v.envelope(cs.Head(), cs.Kind, KindCardSet)
	v.texts(cs.Head())
	cat := BuiltinCatalogue()
	if len(cs.Cards) > MaxCards {
		v.errorf(RuleSet, ruleset.Root("cards"), fmt.Sprintf("keep at most %d cards", MaxCards), "the set has %s", ruleset.Count(len(cs.Cards), "card"))
	}
	seen := map[string]int{}
	for i := range cs.Cards[:min(len(cs.Cards), MaxCards)] {
		c := &cs.Cards[i]
		at := ruleset.Root("cards").Idx(i)
		fac := cat.Faction(c.Faction)
		if fac == nil {
			v.errorf(RuleSet, at.Key("faction"), "write lamais, fpa or uniset", "%s is not one of the three factions", quoted(c.Faction))
		}
		if !cardID(c.Card) {
			v.errorf(RuleSet, at.Key("card"), "use 1-40 lower-case letters, digits and hyphens, such as ac-10-rail-cannon", "%s is not a card id", quoted(c.Card))
			continue
		}
		if j, ok := seen[key(c.Faction, c.Card)]; ok {
			v.errorf(RuleSet, at.Key("card"), "give each card once; merge the two entries", "%s is given twice (also as card %d)", quoted(c.Card), j+1)
			continue
		}
		seen[key(c.Faction, c.Card)] = i
		var known *CatalogueCard
		for k := range cat.Cards {
			if cat.Cards[k].Faction == c.Faction && cat.Cards[k].Card.Card == c.Card {
				known = &cat.Cards[k]
			}
		}
		slot := c.Slot
		if known != nil {
			if c.Slot != "" && c.Slot != known.Slot {
				v.errorf(RuleSet, at.Key("slot"), "leave the slot out for a card of the rule book, or give your card its own id",
					"%s is a %s card; a card set gives its numbers, not another slot", known.Name, SlotOf(known.Slot).Name)
			}
			slot = known.Slot
		} else {
			if c.Name == "" {
				v.errorf(RuleSet, at.Key("name"), "name your card", "%s is not a card of the rule book, so it needs a name", quoted(c.Card))
			}
			if SlotOf(c.Slot) == nil {
				v.errorf(RuleSet, at.Key("slot"), "choose main, broadside, pointDefence, hangar, special or corvette", "a new card needs its slot, and %s is not one", quoted(c.Slot))
				continue
			}
		}
		if c.Name != "" {
			v.text(at.Key("name"), c.Name, 1, 60, false)
		}
		v.text(at.Key("effect"), c.Effect, 0, 500, true)
		weapon := c.Weapon
		if weapon == "" && known != nil {
			weapon = known.Weapon
		}
		if c.Weapon != "" {
			w := WeaponOf(c.Weapon)
			switch {
			case w == nil:
				v.errorf(RuleSet, at.Key("weapon"), "write beam, cannon, torpedo, pointDefence or none, or for a corvette directFire or token", "%s is not a weapon class", quoted(c.Weapon))
				weapon = ""
			case w.Corvette != (slot == SlotCorvette):
				v.errorf(RuleSet, at.Key("weapon"), "direct fire and token weapons are for corvettes; beams, cannons, torpedoes and point defence for components",
					"a %s card cannot carry a %s weapon", SlotOf(slot).Name, w.Name)
				weapon = ""
			}
		}
		allowed := statsOf(slot, weapon)
		for _, s := range Stats {
			p := *c.stat(s.ID)
			if p == nil {
				continue
			}
			lo := 0
			if s.ID == "copies" {
				lo = 1
			}
			switch {
			case !contains(allowed, s.ID):
				v.errorf(RuleSet, at.Key(s.ID), "leave it out", "a %s card has no %s", strings.ToLower(cardKind(slot, weapon)), strings.ToLower(s.Name))
			case *p < lo || *p > MaxStat:
				v.errorf(RuleSet, at.Key(s.ID), fmt.Sprintf("use a whole number from %d to %d", lo, MaxStat), "%d is not allowed; it is %d to %d", *p, lo, MaxStat)
			}
		}
	}
	seenShip := map[string]bool{}
	if len(cs.Ships) > len(cat.Ships)*2 {
		v.errorf(RuleSet, ruleset.Root("ships"), "give each Capital Ship once", "the set has %s; the game has %d", ruleset.Count(len(cs.Ships), "ship"), len(cat.Ships))
	}
	for i := range cs.Ships[:min(len(cs.Ships), len(cat.Ships)*2)] {
		s := &cs.Ships[i]
		at := ruleset.Root("ships").Idx(i)
		ship := cat.Ship(s.Ship)
		if ship == nil {
			v.errorf(RuleSet, at.Key("ship"), "use a Capital Ship of the catalogue, such as rnc-gilgamesh", "%s is not a Capital Ship of the game", quoted(s.Ship))
			continue
		}
		if seenShip[s.Ship] {
			v.errorf(RuleSet, at.Key("ship"), "give each Capital Ship once", "the %s is given twice", ship.Name)
			continue
		}
		seenShip[s.Ship] = true
		for _, n := range []struct {
			k string
			p *int
		}{{"evasion", s.Evasion}, {"structure", s.Structure}, {"priority", s.Priority}} {
			if n.p != nil && (*n.p < 0 || *n.p > MaxStat) {
				v.errorf(RuleSet, at.Key(n.k), fmt.Sprintf("use a whole number from 0 to %d", MaxStat), "%d is not allowed; it is 0 to %d", *n.p, MaxStat)
			}
		}
		if s.Special != "" {
			v.text(at.Key("special"), s.Special, 1, 60, false)
		}
		for _, sec := range sortedKeys(s.Armour) {
			a := s.Armour[sec]
			if sectionOf(ship, sec) == nil {
				var ids []string
				for _, x := range ship.Sections {
					ids = append(ids, x.ID)
				}
				v.errorf(RuleSet, at.Key("armour").Key(sec), "use the sections "+ruleset.List(ids, "and"), "the %s has no section %s", ship.Name, quoted(sec))
				continue
			}
			if a < 0 || a > MaxStat {
				v.errorf(RuleSet, at.Key("armour").Key(sec), fmt.Sprintf("use a whole number from 0 to %d", MaxStat), "%d is not allowed; it is 0 to %d", a, MaxStat)
			}
		}
	}
	return v.out
}

func cardKind(slot, weapon string) string {
	if w := WeaponOf(weapon); w != nil && w.ID != WeaponNone {
		if slot == SlotCorvette {
			return "corvette (" + strings.ToLower(w.Name) + ")"
		}
		return w.Name
	}
	if s := SlotOf(slot); s != nil {
		return s.Name
	}
	return "card"
}

func sectionOf(s *Ship, id string) *Section {
	for i := range s.Sections {
		if s.Sections[i].ID == id {
			return &s.Sections[i]
		}
	}
	return nil
}

func cardID(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// quoted writes a player's text in quotation marks, cut to 40 characters.
func quoted(s string) string {
	r := []rune(s)
	if len(r) > 40 {
		s = string(r[:37]) + "..."
	}
	return "‘" + s + "’"
}
