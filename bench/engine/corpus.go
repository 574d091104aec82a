package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// Corpus is one labelled file: extraction cases, claim pairs and entity
// resolution cases. Every file in corpus/ has this shape.
type Corpus struct {
	Extraction []ExtractionCase `json:"extraction"`
	Pairs      []PairCase       `json:"pairs"`
	Resolution []ResolutionCase `json:"resolution"`
	// Streams are scored as the worker reads them (evalStream).
	Streams []StreamCase `json:"streams,omitempty"`
}

// StreamCase is one person's messages in the order they were said, and the
// relations between them; every pair of messages not in Relations is
// unrelated. Each earlier message is read against each later one, as the
// worker reads a new claim against the stored ones it finds: the pairs of
// a stream are mostly claims of one person about other things, which
// tempt a false relation as the look-alikes written for it do not.
type StreamCase struct {
	ID        string           `json:"id"`
	Messages  []Said           `json:"messages"`
	Relations []StreamRelation `json:"relations"`
}

// StreamRelation is how the message at Incoming relates to the earlier one
// at Existing (indexes into Messages).
type StreamRelation struct {
	Existing int    `json:"existing"`
	Incoming int    `json:"incoming"`
	Expect   string `json:"expect"`
}

// MaxStreamMessages bounds a stream: its pairs grow with the square.
const MaxStreamMessages = 200

// want is the relation Relations give each pair of messages, by their
// indexes; a pair not in it is unrelated.
func (s StreamCase) want() (map[[2]int]string, error) {
	n := len(s.Messages)
	if n > MaxStreamMessages {
		return nil, fmt.Errorf("stream %s: %d messages, at most %d", s.ID, n, MaxStreamMessages)
	}
	want := map[[2]int]string{}
	for _, r := range s.Relations {
		if r.Existing < 0 || r.Incoming >= n || r.Existing >= r.Incoming {
			return nil, fmt.Errorf("stream %s: relation %d-%d is not an earlier and a later message of %d", s.ID, r.Existing, r.Incoming, n)
		}
		switch r.Expect {
		case "duplicate", "supersedes", "superseded_by", "contradicts":
		default:
			return nil, fmt.Errorf("stream %s: relation %d-%d: unknown relation %q", s.ID, r.Existing, r.Incoming, r.Expect)
		}
		k := [2]int{r.Existing, r.Incoming}
		if _, dup := want[k]; dup {
			return nil, fmt.Errorf("stream %s: relation %d-%d given twice", s.ID, r.Existing, r.Incoming)
		}
		want[k] = r.Expect
	}
	return want, nil
}

// ExtractionCase is material and the memories it should give. Expect lists
// every memory worth keeping; an empty list means nothing should be kept.
type ExtractionCase struct {
	ID     string           `json:"id"`
	SaidAt string           `json:"said_at"`
	Text   string           `json:"text"`
	Expect []ExpectedMemory `json:"expect"`
}

// ExpectedMemory is one expected memory. Empty fields are not checked,
// except that Subject/Attribute/Value are checked together when Attribute
// is set. Date is the expected ValidFrom day (YYYY-MM-DD), Deadline the
// expected ValidTo day.
type ExpectedMemory struct {
	In         string            `json:"in,omitempty"`
	Type       schema.MemoryType `json:"type"`
	Subject    string            `json:"subject,omitempty"`
	Attribute  string            `json:"attribute,omitempty"`
	Value      string            `json:"value,omitempty"`
	Entities   []schema.Mention  `json:"entities,omitempty"`
	Date       string            `json:"date,omitempty"`
	Deadline   string            `json:"deadline,omitempty"`
	Negated    bool              `json:"negated,omitempty"`
	Correction bool              `json:"correction,omitempty"`
}

// PairCase is an existing claim, an incoming one and how they relate.
type PairCase struct {
	ID       string `json:"id"`
	Existing Said   `json:"existing"`
	Incoming Said   `json:"incoming"`
	Expect   string `json:"expect"` // duplicate, supersedes, superseded_by, contradicts, unrelated
}

// Said is material said at a time.
type Said struct {
	Text      string `json:"text"`
	SaidAt    string `json:"said_at"`
	Confirmed bool   `json:"confirmed,omitempty"`
}

// ResolutionCase is a mention, the owner's entities, and the id it should
// resolve to ("" for a new entity).
type ResolutionCase struct {
	ID       string          `json:"id"`
	Mention  schema.Mention  `json:"mention"`
	Entities []schema.Entity `json:"entities"`
	Expect   string          `json:"expect"`
}

// Holdouts are the hold-out files, each kept apart from tuning and scored
// in its own section, in this order, under its title. A hold-out is written
// before the rules it measures change and is not tuned on; once its misses
// have been studied it is partly spent, and a fresh one is added.
var Holdouts = []Holdout{
	{"holdout.json", "hold-out (not tuned on)"},
	{"holdout2.json", "hold-out 2 (not tuned on)"},
	{"holdout3.json", "hold-out 3 (not tuned on)"},
	{"holdout4.json", "hold-out 4 (not tuned on)"},
	{"holdout4x.json", "hold-out 4x (not tuned on)"},
	{"holdout5.json", "hold-out 5 (not tuned on)"},
	{"holdout6.json", "hold-out 6 (not tuned on)"},
	{"holdout7.json", "hold-out 7 (not tuned on)"},
	{"holdout8.json", "hold-out 8 (not tuned on)"},
	{"holdout9.json", "hold-out 9 (not tuned on)"},
	{"holdout10.json", "hold-out 10 (not tuned on)"},
	{"holdout11.json", "hold-out 11 (spent)"},
	{"holdout12.json", "hold-out 12 (unread: measure, do not read with -v)"},
	{"holdout13.json", "hold-out 13 (unread: measure, do not read with -v)"},
	{"holdout14.json", "hold-out 14 (spent)"},
	{"holdout15.json", "hold-out 15 (spent)"},
	{"holdout16.json", "hold-out 16 (one value written two ways; spent)"},
	{"holdout17.json", "hold-out 17 (look-alike pairs that are both true; false relations read)"},
	{"holdout18.json", "hold-out 18 (restatements, look-alikes and changes; spent)"},
	{"holdout19.json", "hold-out 19 (spent)"},
	{"holdout20.json", "hold-out 20 (unread: measure, do not read with -v)"},
	{"holdout21.json", "hold-out 21 (spent)"},
	{"holdout22.json", "hold-out 22 (unread: measure, do not read with -v)"},
	{"holdout23.json", "hold-out 23 (look-alikes of the eighth round's readings; measure, do not read with -v)"},
	{"holdout24.json", "hold-out 24 (look-alikes that tempt a false relation; measure, do not read with -v)"},
	{"holdout25.json", "hold-out 25 (look-alikes that tempt a false relation; one false relation read in the thirty-sixth round; measure, do not read with -v)"},
	{"holdout26.json", "hold-out 26 (conversational look-alikes that tempt a false relation; measure, do not read with -v)"},
	{"holdout27.json", "hold-out 27 (work look-alikes that tempt a false relation; measure, do not read with -v)"},
	{"holdout28.json", "hold-out 28 (entity names, 120 cases; read: spent)"},
	{"holdout29.json", "hold-out 29 (look-alikes that tempt a false relation; false relations read; measure, do not read with -v)"},
	{"holdout30.json", "hold-out 30 (entity names, 100 cases; read: spent)"},
	{"holdout31.json", "hold-out 31 (entity names, 100 cases; read: spent)"},
	{"holdout32.json", "hold-out 32 (entity names, 100 cases; read: spent)"},
	{"holdout33.json", "hold-out 33 (look-alikes that tempt a false relation; false relations read; measure, do not read with -v)"},
	{"holdout34.json", "hold-out 34 (dated events and deadlines, 80 cases; read: spent)"},
	{"holdout35.json", "hold-out 35 (entity names, 100 cases; read: spent)"},
	{"holdout36.json", "hold-out 36 (dated events and deadlines, 80 cases; unread: measure, do not read with -v)"},
	{"holdout37.json", "hold-out 37 (entity names, 100 cases; read in the thirteenth round: spent)"},
	{"holdout38.json", "hold-out 38 (look-alikes that tempt a false relation; one false relation read in the thirty-sixth round; measure, do not read with -v)"},
	{"holdout39.json", "hold-out 39 (contradictions and the look-alikes of one; unread: measure, do not read with -v)"},
	{"holdout40.json", "hold-out 40 (entity names, 100 cases; read in the thirteenth round: spent)"},
	{"holdout41.json", "hold-out 41 (dated events and deadlines, 80 cases; read in the twelfth round: spent)"},
	{"holdout42.json", "hold-out 42 (entity names that need world knowledge, 100 cases; read in the thirteenth round: spent)"},
	{"holdout43.json", "hold-out 43 (entity names that need world knowledge, 100 cases; read in the fourteenth round: spent)"},
	{"holdout44.json", "hold-out 44 (everyday entity names, 100 cases; read in the fourteenth round: spent)"},
	{"holdout45.json", "hold-out 45 (entity names of every kind, 100 cases; read in the fifteenth round: spent)"},
	{"holdout46.json", "hold-out 46 (entity names of every kind, 100 cases; read in the sixteenth round: spent)"},
	{"holdout47.json", "hold-out 47 (entity names of every kind, 100 cases; read in the seventeenth round: spent)"},
	{"holdout48.json", "hold-out 48 (entity names of every kind, 100 cases; read in the eighteenth round: spent)"},
	{"holdout49.json", "hold-out 49 (entity names of every kind, 100 cases; read in the nineteenth round: spent)"},
	{"holdout50.json", "hold-out 50 (entity names of every kind, 100 cases; read in the twentieth round: spent)"},
	{"holdout51.json", "hold-out 51 (entity names of every kind, 100 cases; read in the twenty-first round: spent)"},
	{"holdout52.json", "hold-out 52 (entity names of every kind, 100 cases; read in the twenty-second round: spent)"},
	{"holdout53.json", "hold-out 53 (entity names of every kind, 100 cases; read in the twenty-third round: spent)"},
	{"holdout54.json", "hold-out 54 (entity names of every kind, 100 cases; read in the twenty-fourth round: spent)"},
	{"holdout55.json", "hold-out 55 (entity names of every kind, 100 cases; read in the twenty-fifth round: spent)"},
	{"holdout56.json", "hold-out 56 (entity names of every kind, 100 cases; read in the twenty-sixth round: spent)"},
	{"holdout57.json", "hold-out 57 (entity names of every kind, 100 cases; read in the twenty-seventh round: spent)"},
	{"holdout58.json", "hold-out 58 (entity names of every kind, 100 cases; read in the twenty-ninth round: spent)"},
	{"holdout59.json", "hold-out 59 (entity names of every kind, 100 cases; read in the thirtieth round: spent)"},
	{"holdout60.json", "hold-out 60 (entity names of every kind, 100 cases; read in the thirty-second round: spent)"},
	{"holdout61.json", "hold-out 61 (entity names of every kind, 100 cases; read in the thirty-third round: spent)"},
	{"holdout62.json", "hold-out 62 (entity names of every kind, 100 cases; unread: measure, do not read with -v)"},
	{"holdout63.json", "hold-out 63 (90 conversational pairs, ten new areas; unread: measure, do not read with -v)"},
	{"holdout64.json", "hold-out 64 (120 pairs, 70 look-alikes that tempt a false relation; unread: measure, do not read with -v)"},
	{"holdout65.json", "hold-out 65 (two people's streams of 60 messages, every pair; unread: measure, do not read with -v)"},
	{"holdout66.json", "hold-out 66 (two people's streams of 60 messages, every pair; for reading)"},
	{"holdout67.json", "hold-out 67 (two people's streams of 60 messages, every pair; unread: measure, do not read with -v)"},
	{"holdout68.json", "hold-out 68 (two people's streams of 60 messages, every pair; for reading)"},
	{"holdout69.json", "hold-out 69 (two people's streams of 60 messages, every pair; unread: measure, do not read with -v)"},
	{"holdout70.json", "hold-out 70 (two people's streams of 50 messages, every pair; for reading)"},
	{"holdout71.json", "hold-out 71 (two people's streams of 60 messages, every pair; unread: measure, do not read with -v)"},
	{"holdout72.json", "hold-out 72 (two people's streams of 60 messages, every pair; unread: measure, do not read with -v)"},
	{"holdout73.json", "hold-out 73 (two people's streams of 60 messages, every pair; for reading)"},
	{"holdout74.json", "hold-out 74 (two people's streams of 60 messages, every pair; unread: measure, do not read with -v)"},
	{"holdout75.json", "hold-out 75 (two people's streams of 60 messages, every pair; unread: measure, do not read with -v)"},
	{"holdout76.json", "hold-out 76 (two people's streams of 60 messages, every pair; for reading)"},
	{"holdout77.json", "hold-out 77 (two people's streams of 60 messages, every pair; for reading)"},
	{"holdout78.json", "hold-out 78 (two people's streams of 60 messages, every pair; unread: measure, do not read with -v)"},
	{"holdout79.json", "hold-out 79 (two people's streams of 60 messages, every pair; unread: measure, do not read with -v)"},
	{"holdout80.json", "hold-out 80 (160 pairs: 120 look-alikes of a value changed, 40 changes; for reading)"},
	{"holdout81.json", "hold-out 81 (two people's streams of 60 messages, every pair; for reading)"},
	{"holdout82.json", "hold-out 82 (two people's streams of 60 messages, every pair; for reading)"},
	{"holdout83.json", "hold-out 83 (two people's streams of 60 messages, every pair; unread: measure, do not read with -v)"},
	{"holdout84.json", "hold-out 84 (two people's streams of 60 messages, every pair; unread: measure, do not read with -v)"},
	{"holdout85.json", "hold-out 85 (two people's streams of 60 messages, every pair; unread: measure, do not read with -v)"},
	{"holdout86.json", "hold-out 86 (two people's streams of 60 messages, every pair; unread: measure, do not read with -v)"},
	{"holdout87.json", "hold-out 87 (two people's streams of 60 messages, every pair; for reading)"},
	{"holdout88.json", "hold-out 88 (two people's streams of 60 messages, every pair; for reading)"},
	{"holdout89.json", "hold-out 89 (two people's streams of 60 messages, every pair; unread: measure, do not read with -v)"},
	{"holdout90.json", "hold-out 90 (two people's streams of 60 messages, every pair; for reading)"},
	{"holdout91.json", "hold-out 91 (two people's streams of 60 messages, every pair; read in the forty-fourth round)"},
	{"holdout92.json", "hold-out 92 (two people's streams of 60 messages, every pair; read in the forty-fifth round)"},
	{"holdout93.json", "hold-out 93 (two people's streams of 60 messages, every pair; read in the forty-sixth round)"},
	{"holdout94.json", "hold-out 94 (two people's streams of 60 messages, every pair; unread: measure, do not read with -v)"},
	{"holdout95.json", "hold-out 95 (two people's streams of 60 messages, every pair; unread: measure, do not read with -v)"},
	{"holdout96.json", "hold-out 96 (two people's streams of 60 messages, every pair; unread: measure, do not read with -v)"},
}

// Holdout is one labelled set beside the tuning corpus: its file and the
// title its report is printed under, which says how it may be used.
type Holdout struct{ File, Title string }

// Unread reports whether the set is one whose mismatches must not be read:
// they would guide the rules, and the set would stop measuring phrasing
// nobody has seen. bench/engine -v leaves them out unless told otherwise.
func (h Holdout) Unread() bool { return strings.Contains(h.Title, "do not read with -v") }

func isHoldout(name string) bool {
	for _, h := range Holdouts {
		if h.File == name {
			return true
		}
	}
	return false
}

// load reads corpus files from fsys: with only == "" every *.json that is
// not a hold-out (the tuning corpus), otherwise the file named only alone
// (an absent file is an empty corpus).
func load(fsys fs.FS, only string) (Corpus, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return Corpus{}, err
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() || path.Ext(e.Name()) != ".json" {
			continue
		}
		if only == "" && isHoldout(e.Name()) || only != "" && e.Name() != only {
			continue
		}
		names = append(names, e.Name())
	}
	sort.Strings(names)
	var all Corpus
	ids := map[string]string{}
	for _, n := range names {
		data, err := fs.ReadFile(fsys, n)
		if err != nil {
			return Corpus{}, err
		}
		var c Corpus
		dec := json.NewDecoder(strings.NewReader(string(data)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			return Corpus{}, fmt.Errorf("%s: %w", n, err)
		}
		check := func(id string) error {
			if id == "" {
				return fmt.Errorf("%s: a case has no id", n)
			}
			if prev, ok := ids[id]; ok {
				return fmt.Errorf("%s: id %s already used in %s", n, id, prev)
			}
			ids[id] = n
			return nil
		}
		for _, x := range c.Extraction {
			if err := check(x.ID); err != nil {
				return Corpus{}, err
			}
			if _, err := parseTime(x.SaidAt); err != nil {
				return Corpus{}, fmt.Errorf("%s: %s: %w", n, x.ID, err)
			}
			for _, e := range x.Expect {
				if err := checkKinds(e.Entities); err != nil {
					return Corpus{}, fmt.Errorf("%s: %s: %w", n, x.ID, err)
				}
			}
		}
		for _, st := range c.Streams {
			if err := check(st.ID); err != nil {
				return Corpus{}, err
			}
			if _, err := st.want(); err != nil {
				return Corpus{}, fmt.Errorf("%s: %w", n, err)
			}
			for k, m := range st.Messages {
				if _, err := parseTime(m.SaidAt); err != nil {
					return Corpus{}, fmt.Errorf("%s: %s message %d: %w", n, st.ID, k, err)
				}
			}
		}
		for _, p := range c.Pairs {
			if err := check(p.ID); err != nil {
				return Corpus{}, err
			}
			switch p.Expect {
			case "duplicate", "supersedes", "superseded_by", "contradicts", "unrelated":
			default:
				return Corpus{}, fmt.Errorf("%s: %s: unknown relation %q", n, p.ID, p.Expect)
			}
		}
		for _, r := range c.Resolution {
			if err := check(r.ID); err != nil {
				return Corpus{}, err
			}
			kinds := []schema.Mention{r.Mention}
			for _, e := range r.Entities {
				kinds = append(kinds, schema.Mention{Name: e.Name, Kind: e.Kind})
			}
			if err := checkKinds(kinds); err != nil {
				return Corpus{}, fmt.Errorf("%s: %s: %w", n, r.ID, err)
			}
		}
		all.Extraction = append(all.Extraction, c.Extraction...)
		all.Pairs = append(all.Pairs, c.Pairs...)
		all.Resolution = append(all.Resolution, c.Resolution...)
		all.Streams = append(all.Streams, c.Streams...)
	}
	return all, nil
}

// checkKinds refuses an entity kind the schema does not know: a corpus
// that spells one differently ("organization") would score every case
// with it as of an unknown, compatible kind.
func checkKinds(ms []schema.Mention) error {
	for _, m := range ms {
		switch m.Kind {
		case "", schema.KindPerson, schema.KindProject, schema.KindSystem, schema.KindOrganisation, schema.KindPlace, schema.KindOther:
		default:
			return fmt.Errorf("%q has the unknown kind %q", m.Name, m.Kind)
		}
	}
	return nil
}

func parseTime(s string) (time.Time, error) {
	if s == "" {
		return time.Date(2024, 3, 14, 10, 0, 0, 0, time.UTC), nil
	}
	return time.Parse(time.RFC3339, s)
}
