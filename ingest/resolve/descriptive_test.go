package resolve

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// An institution named by its place either way round, and a descriptive
// name of work or a document with a head of the same kind; their hard
// negatives stay apart.
func TestInstitutionsAndDescriptiveNames(t *testing.T) {
	org, project, other := schema.KindOrganisation, schema.KindProject, schema.KindOther
	tests := []struct {
		name       string
		mention    schema.Mention
		candidates []schema.Entity
		want       string
	}{
		{"place first, word abbreviated", schema.Mention{Name: "Bristol Uni", Kind: org},
			[]schema.Entity{ent("e1", "University of Bristol", org), ent("e2", "University of the West of England", org)}, "e1"},
		{"place first, word written out", schema.Mention{Name: "the London Museum", Kind: org},
			[]schema.Entity{ent("e1", "Museum of London", org)}, "e1"},
		{"a longer place is another institution", schema.Mention{Name: "Leeds Uni", Kind: org},
			[]schema.Entity{ent("e1", "Leeds Beckett University", org)}, ""},
		{"another institution word", schema.Mention{Name: "York College", Kind: org},
			[]schema.Entity{ent("e1", "University of York", org)}, ""},
		{"an abbreviated word before a dropped tail", schema.Mention{Name: "the Met Police", Kind: org},
			[]schema.Entity{ent("e1", "Metropolitan Police Service", org), ent("e2", "Met Office", org)}, "e1"},
		{"the tail alone does not make a name", schema.Mention{Name: "Met Office", Kind: org},
			[]schema.Entity{ent("e1", "Metropolitan Police Service", org)}, ""},
		{"work heads of one kind", schema.Mention{Name: "the loft refurb", Kind: project},
			[]schema.Entity{ent("e1", "Loft renovation", project), ent("e2", "Garage renovation", project)}, "e1"},
		{"a document by another name", schema.Mention{Name: "the deployment runbook", Kind: other},
			[]schema.Entity{ent("e1", "Production deployment guide", other), ent("e2", "Expenses handbook", other)}, "e1"},
		{"another room", schema.Mention{Name: "the kitchen renovation", Kind: project},
			[]schema.Entity{ent("e1", "Bathroom renovation", project)}, ""},
		{"another kind of head", schema.Mention{Name: "the kitchen renovation", Kind: project},
			[]schema.Entity{ent("e1", "Kitchen extension", project)}, ""},
		{"another app", schema.Mention{Name: "the mobile app rewrite", Kind: project},
			[]schema.Entity{ent("e1", "Web app rebuild", project), ent("e2", "Mobile app launch campaign", project)}, ""},
		{"another migration", schema.Mention{Name: "the API migration", Kind: project},
			[]schema.Entity{ent("e1", "Database migration", project)}, ""},
		{"two words more is another thing", schema.Mention{Name: "the onboarding guide", Kind: other},
			[]schema.Entity{ent("e1", "Contractor payroll onboarding guide", other)}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { wantMatch(t, tc.mention, tc.candidates, tc.want) })
	}
}
