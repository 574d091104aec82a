package conflicts

import "testing"

// TestSiblingOrder: a named sibling older in one claim and younger in the
// other is a contradiction; two siblings, one order said twice, or a
// sibling not named are not.
func TestSiblingOrder(t *testing.T) {
	checkRelations(t, []relCase{
		{"My older sister Ana (3 years older than me) is getting married in August", "My little sister Ana just sent me her wedding playlist, it's 40% ABBA", apart, Contradicts},
		{"my sister Jess is 3 years older than me and lives in Perth.", "my little sister Jess is coming over from Perth for christmas with her kids", apart, Contradicts},
		{"My older sister Ana lives in Lisbon.", "Sorry, I got that wrong: my younger sister Ana lives in Lisbon, not my older one.", together, Supersedes},
		{"My older sister Ana is getting married in August.", "My little sister Bea just sent me her playlist.", apart, Unrelated},
		{"My older sister Ana is getting married in August.", "My big sister Ana sent the invitations.", apart, Unrelated},
		{"My older sister is getting married in August.", "My little sister just sent me her playlist.", apart, Unrelated},
	})
}
