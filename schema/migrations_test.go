package schema

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

func TestMigrationsEmbedded(t *testing.T) {
	migs, err := Migrations()
	if err != nil {
		t.Fatal(err)
	}
	if len(migs) == 0 || migs[0].Name != "0001_init" || migs[0].Version != 1 {
		t.Fatalf("first migration = %+v, want 0001_init", migs[0])
	}
	for _, s := range migs[0].Statements {
		if strings.Contains(s, ";") || strings.Contains(s, "//") {
			t.Errorf("statement kept a semicolon or comment: %q", s)
		}
		if !strings.Contains(s, "IF NOT EXISTS") {
			t.Errorf("statement is not re-runnable: %q", s)
		}
	}
	if len(migs[0].Checksum) != 64 {
		t.Errorf("checksum %q is not a hex sha256", migs[0].Checksum)
	}
}

func TestSplitStatements(t *testing.T) {
	in := "// comment; with a semicolon\nCREATE (a);\n\n  // another\nMATCH (n)\n  WHERE n.x = 'a;b'\nRETURN n ;  \nRETURN 2"
	want := []string{"CREATE (a)", "MATCH (n)\n  WHERE n.x = 'a;b'\nRETURN n", "RETURN 2"}
	if diff := cmp.Diff(want, splitStatements([]byte(in))); diff != "" {
		t.Errorf("splitStatements (-want +got):\n%s", diff)
	}
}

func TestParseMigrations(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	tests := []struct {
		name    string
		fs      fstest.MapFS
		want    []string
		wantErr string
	}{
		{
			name: "sorted by version",
			fs:   fstest.MapFS{"0002_b.cypher": file("RETURN 2;"), "0001_a.cypher": file("RETURN 1;"), "README.md": file("x")},
			want: []string{"0001_a", "0002_b"},
		},
		{
			name:    "duplicate version",
			fs:      fstest.MapFS{"0001_a.cypher": file("RETURN 1;"), "0001_b.cypher": file("RETURN 1;")},
			wantErr: "share version 1",
		},
		{
			name:    "bad name",
			fs:      fstest.MapFS{"1_a.cypher": file("RETURN 1;")},
			wantErr: "name must look like",
		},
		{
			name:    "version zero",
			fs:      fstest.MapFS{"0000_a.cypher": file("RETURN 1;")},
			wantErr: "start at 0001",
		},
		{
			name:    "empty",
			fs:      fstest.MapFS{"0001_a.cypher": file("// nothing\n")},
			wantErr: "no statements",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			migs, err := parseMigrations(tt.fs)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range migs {
				got = append(got, m.Name)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("names (-want +got):\n%s", diff)
			}
		})
	}
}
