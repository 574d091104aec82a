package resolve

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Readings of hold-out 58's misses and wrong merges, each with the
// look-alikes that must stay apart.
func TestRound28Resolution(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// Jr. and Sr., and a middle name of one's own, tell people apart
		{"Ricardo Souza Jr.", per, []schema.Entity{e("a", "Rodrigo Souza Jr.", per), e("b", "Ricardo Souza Sr.", per, "Seu Ricardo"), e("c", "Ricardo Santos Jr.", per)}, ""},
		{"Ricardo Souza Jr.", per, []schema.Entity{e("a", "Ricardo Souza Jr", per)}, "a"},
		{"Maria Fernanda López", per, []schema.Entity{e("a", "Maria Fernanda Ortiz", per), e("b", "María Fernández López", per), e("c", "Mariana López", per)}, ""},
		{"John Robert Smith", per, []schema.Entity{e("a", "John Michael Smith", per)}, ""},
		// honorifics and titles around a name; a role said as one's own
		{"Watanabe-sensei", per, []schema.Entity{e("a", "Keiko Watanabe", per, "my Japanese tutor"), e("b", "Kenji Yamada", per)}, "a"},
		{"Chief Olusegun Adeyemi", per, []schema.Entity{e("a", "Oluwaseun Adeyemi", per), e("b", "Olusegun Adebayo", per), e("c", "Olusegun Adeyemi", per)}, "c"},
		{"my landlord", per, []schema.Entity{e("a", "Desmond Campbell", per), e("b", "Desmond Clarke", per, "the landlord"), e("c", "Marcia Clarke", per)}, "b"},
		{"my landlord", per, []schema.Entity{e("a", "Desmond Clarke", per, "the plumber")}, ""},
		{"Tião Oliveira", per, []schema.Entity{e("a", "Tiago Oliveira", per), e("b", "Sebastião Almeida", per), e("c", "Sebastião Oliveira", per)}, "c"},
		// a piece of work: its topic after a colon, planning as a tail
		{"my dissertation on coral bleaching", prj, []schema.Entity{e("a", "PhD thesis: coral bleaching", prj), e("b", "Master's thesis on seagrass", prj)}, "a"},
		{"Ama and Kojo's wedding", prj, []schema.Entity{e("a", "Ama's 40th birthday party", prj), e("b", "Esi & Kwame wedding", prj), e("c", "Ama & Kojo wedding planning", prj)}, "c"},
		{"Proj. Kingfisher", prj, []schema.Entity{e("a", "Kingfisher Court", prj), e("b", "Kingsbridge", prj), e("c", "KINGFISHER", prj)}, "c"},
		// a show's last words
		{"Bake Off", oth, []schema.Entity{e("a", "The Great British Bake Off", oth), e("b", "The Great British Sewing Bee", oth)}, "a"},
		{"the onboarding guide", oth, []schema.Entity{e("a", "Contractor payroll onboarding guide", oth)}, ""},
		// names of the tables
		{"Côte d'Ivoire", plc, []schema.Entity{e("a", "Côte d'Azur", plc), e("b", "Ivory Park", plc), e("c", "Ivory Coast", plc)}, "c"},
		{"Mobay", plc, []schema.Entity{e("a", "Morant Bay", plc), e("b", "Montego Bay", plc)}, "b"},
		{"JR East", org, []schema.Entity{e("a", "West Japan Railway Company", org), e("b", "East Japan Railway Company", org)}, "b"},
		{"Czech Railways", org, []schema.Entity{e("a", "ČEZ", org), e("b", "České dráhy", org), e("c", "RegioJet", org)}, "b"},
		{"Fla", org, []schema.Entity{e("a", "Fluminense", org), e("b", "Clube de Regatas do Flamengo", org)}, "b"},
		{"Ghana Commercial Bank", org, []schema.Entity{e("a", "GCB Bank", org), e("b", "Bank of Ghana", org)}, "a"},
		{"One Hundred Years of Solitude", oth, []schema.Entity{e("a", "Cien años de soledad", oth), e("b", "Cien años de perdón", oth)}, "a"},
	})
}
