package locomodata

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Categories of LoCoMo questions (verified against the data and LoCoMo's
// task_eval/evaluation.py; some published tables swap these labels).
const (
	CatMultiHop    = 1
	CatTemporal    = 2
	CatOpenDomain  = 3
	CatSingleHop   = 4
	CatAdversarial = 5
)

// CategoryName names a category.
func CategoryName(c int) string {
	switch c {
	case CatMultiHop:
		return "multi-hop"
	case CatTemporal:
		return "temporal"
	case CatOpenDomain:
		return "open-domain"
	case CatSingleHop:
		return "single-hop"
	case CatAdversarial:
		return "adversarial"
	}
	return "cat-" + strconv.Itoa(c)
}

// SessionLayout is how LoCoMo writes a session's date-time:
// "1:56 pm on 8 May, 2023".
const SessionLayout = "3:04 pm on 2 January, 2006"

// Turn is one dialog turn of a conversation.
type Turn struct {
	// ID is the normalised dia_id ("D3:7").
	ID string
	// RawID is the dia_id as the file writes it; sent as the sourceId.
	RawID   string
	Session int
	// Index is the turn's place in its session, from 0.
	Index   int
	Date    string // the session's date-time as written
	Speaker string
	// Text is the turn's own text; Content is what is sent (Text plus
	// " [shares a photo: <caption>]" when the turn has a blip_caption).
	Text    string
	Content string
	SaidAt  time.Time
}

// Render is the line a turn takes in a baseline's context, as in
// reference_baselines.py: "[date] speaker: text".
func (t Turn) Render() string {
	return "[" + t.Date + "] " + t.Speaker + ": " + t.Content + "\n"
}

// Session is one session's turns, in order.
type Session struct {
	Num   int
	Date  string
	Start time.Time
	Turns []int // indices into Conversation.Turns
}

// Question is one qa item with resolvable evidence.
type Question struct {
	// Index is the item's place in the conversation's qa list.
	Index    int
	Text     string
	Category int
	// Gold are the normalised evidence dia_ids present in the
	// conversation, deduplicated, in order of first mention.
	Gold []string
}

// Conversation is one LoCoMo sample.
type Conversation struct {
	ID        string
	SpeakerA  string
	SpeakerB  string
	Sessions  []Session
	Turns     []Turn
	Questions []Question
	// Skipped counts qa items left with no resolvable evidence.
	Skipped int
	byID    map[string]int
}

// TurnIndex returns the index of the turn with normalised id, or -1.
func (c *Conversation) TurnIndex(id string) int {
	if i, ok := c.byID[id]; ok {
		return i
	}
	return -1
}

// Now is the conversation's "now": the start of its last session.
func (c *Conversation) Now() time.Time {
	if len(c.Sessions) == 0 {
		return time.Time{}
	}
	return c.Sessions[len(c.Sessions)-1].Start
}

var evidenceRE = regexp.MustCompile(`D:?(\d+):(\d+)`)

// NormIDs normalises evidence ids: every match of D:?(\d+):(\d+) in every
// entry becomes "D<n>:<m>" without leading zeros ("D8:6; D9:17" gives two
// ids, "D30:05" gives "D30:5"). Entries with no match give nothing.
func NormIDs(evidence []string) []string {
	var out []string
	for _, e := range evidence {
		for _, m := range evidenceRE.FindAllStringSubmatch(e, -1) {
			a, err1 := strconv.Atoi(m[1])
			b, err2 := strconv.Atoi(m[2])
			if err1 != nil || err2 != nil {
				continue
			}
			out = append(out, fmt.Sprintf("D%d:%d", a, b))
		}
	}
	return out
}

// NormID normalises one id, or returns "" when it has none.
func NormID(id string) string {
	ids := NormIDs([]string{id})
	if len(ids) == 0 {
		return ""
	}
	return ids[0]
}

type rawSample struct {
	SampleID     string                     `json:"sample_id"`
	Conversation map[string]json.RawMessage `json:"conversation"`
	QA           []rawQA                    `json:"qa"`
}

type rawQA struct {
	Question string   `json:"question"`
	Evidence []string `json:"evidence"`
	Category int      `json:"category"`
}

type rawTurn struct {
	Speaker     string `json:"speaker"`
	DiaID       string `json:"dia_id"`
	Text        string `json:"text"`
	BlipCaption string `json:"blip_caption"`
}

var sessionKey = regexp.MustCompile(`^session_(\d+)$`)

// Load reads a LoCoMo file (a JSON list of samples).
func Load(path string) ([]*Conversation, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(b)
}

// Parse reads LoCoMo samples from JSON.
func Parse(b []byte) ([]*Conversation, error) {
	var raw []rawSample
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("parse LoCoMo JSON: %w", err)
	}
	out := make([]*Conversation, 0, len(raw))
	for _, s := range raw {
		c, err := parseSample(s)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.SampleID, err)
		}
		out = append(out, c)
	}
	return out, nil
}

func str(m map[string]json.RawMessage, k string) string {
	var s string
	if v, ok := m[k]; ok {
		_ = json.Unmarshal(v, &s)
	}
	return s
}

func parseSample(s rawSample) (*Conversation, error) {
	c := &Conversation{ID: s.SampleID, SpeakerA: str(s.Conversation, "speaker_a"), SpeakerB: str(s.Conversation, "speaker_b"), byID: map[string]int{}}
	var nums []int
	for k := range s.Conversation {
		if m := sessionKey.FindStringSubmatch(k); m != nil {
			n, _ := strconv.Atoi(m[1])
			nums = append(nums, n)
		}
	}
	sort.Ints(nums)
	for _, n := range nums {
		var turns []rawTurn
		if err := json.Unmarshal(s.Conversation["session_"+strconv.Itoa(n)], &turns); err != nil {
			return nil, fmt.Errorf("session_%d: %w", n, err)
		}
		if len(turns) == 0 {
			continue
		}
		date := str(s.Conversation, fmt.Sprintf("session_%d_date_time", n))
		start, err := ParseSessionTime(date)
		if err != nil {
			return nil, fmt.Errorf("session_%d_date_time: %w", n, err)
		}
		sess := Session{Num: n, Date: date, Start: start}
		for i, t := range turns {
			content := t.Text
			if t.BlipCaption != "" {
				content += " [shares a photo: " + t.BlipCaption + "]"
			}
			id := NormID(t.DiaID)
			if id == "" {
				return nil, fmt.Errorf("session_%d turn %d: dia_id %q is not D<n>:<m>", n, i, t.DiaID)
			}
			if _, dup := c.byID[id]; dup {
				return nil, fmt.Errorf("dia_id %s appears twice", id)
			}
			c.byID[id] = len(c.Turns)
			sess.Turns = append(sess.Turns, len(c.Turns))
			c.Turns = append(c.Turns, Turn{ID: id, RawID: t.DiaID, Session: n, Index: i, Date: date, Speaker: t.Speaker,
				Text: t.Text, Content: content, SaidAt: start.Add(time.Duration(i) * time.Second)})
		}
		c.Sessions = append(c.Sessions, sess)
	}
	for i, q := range s.QA {
		var gold []string
		seen := map[string]bool{}
		for _, id := range NormIDs(q.Evidence) {
			if _, ok := c.byID[id]; ok && !seen[id] {
				seen[id] = true
				gold = append(gold, id)
			}
		}
		if len(gold) == 0 {
			c.Skipped++
			continue
		}
		c.Questions = append(c.Questions, Question{Index: i, Text: q.Question, Category: q.Category, Gold: gold})
	}
	return c, nil
}

// ParseSessionTime reads "1:56 pm on 8 May, 2023" as UTC.
func ParseSessionTime(s string) (time.Time, error) {
	s = strings.Join(strings.Fields(s), " ")
	for _, layout := range []string{SessionLayout, "3:04 PM on 2 January, 2006", "3:04 pm on 2 Jan, 2006", "3:04 PM on 2 Jan, 2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is not like %q", s, SessionLayout)
}
