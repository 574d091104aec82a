package conflicts

import "testing"

// A role one person holds at a time, said in other shapes (roles.go).
func TestRoleChangesHands(t *testing.T) {
	checkRelations(t, []relCase{
		{"Leah is the secretary of the tenants' association.", "Marcus took over as secretary of the tenants' association after Leah resigned.", apart, Supersedes},
		{"Kofi's swimming coach is Mr Adams.", "Kofi's swimming coach is now Ms Reed.", apart, Supersedes},
		{"Farah owns the quarterly board report.", "Owen is the owner of the quarterly board report.", together, Contradicts},
		{"Nadia manages the Orion rollout.", "Nadia is the manager of the Orion rollout.", apart, Duplicate},
		{"My line manager is Grace Obi.", "Grace left in March, so I report to Sunil Rao now.", apart, Supersedes},
		{"Elif teaches Zara violin.", "Zara's violin teacher is Mr Kemp.", apart, Supersedes},
	})
}

// Other roles, scopes, qualifiers and holders held together stay apart.
func TestRolesKeptApart(t *testing.T) {
	wantUnrelated(t, [][2]string{
		{"Mira is treasurer of the allotment association.", "Joel is treasurer of the tennis club."},
		{"Ana owns a flat in Leeds.", "Tom owns a flat in Leeds."},
		{"Priya and Tom lead the data squad.", "Tom leads the data squad."},
		{"Sam's piano teacher is Mrs Adeyemi.", "Sam's maths teacher is Mr Holloway."},
		{"Jordan is Sam's team lead.", "Keiko is Sam's mentor."},
		{"Dad's GP is Dr Shah.", "Mum's GP is Dr Patel."},
		{"Helena manages the Atlas migration.", "Helena manages the Orion migration."},
		{"Priya leads the data platform squad.", "Tom leads the platform squad."},
		{"The CEO of Acme is Jane Doe.", "The CEO of Initech is Bill Lumbergh."},
		{"Tom manages the budget.", "Ana manages the budget for the Leeds office."},
		{"My line manager is Priya.", "My mentor is Tomasz."},
	})
}
