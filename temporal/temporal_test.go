package temporal

import (
	"strings"
	"testing"
	"time"
)

func d(s string) time.Time {
	if s == "" {
		return time.Time{}
	}
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	return t
}

// mon is Monday 8 May 2023, 13:56 UTC.
var mon = time.Date(2023, 5, 8, 13, 56, 0, 0, time.UTC)

func TestFind(t *testing.T) {
	jan := time.Date(2024, 1, 17, 9, 0, 0, 0, time.UTC)  // a Wednesday in winter
	oct := time.Date(2023, 10, 14, 9, 0, 0, 0, time.UTC) // a Saturday in autumn
	mar := time.Date(2025, 3, 4, 10, 0, 0, 0, time.UTC)  // a Tuesday
	tests := []struct {
		text, expr string
		now        time.Time
		start, end string
		g          Granularity
		mod        Modifier
		approx     bool
	}{
		{"I went there yesterday", "yesterday", mon, "2023-05-07", "2023-05-08", Day, Within, false},
		{"see you today", "today", mon, "2023-05-08", "2023-05-09", Day, Within, false},
		{"tomorrow works", "tomorrow", mon, "2023-05-09", "2023-05-10", Day, Within, false},
		{"last night was fun", "last night", mon, "2023-05-07", "2023-05-08", Day, Within, false},
		{"the day before yesterday", "the day before yesterday", mon, "2023-05-06", "2023-05-07", Day, Within, false},
		{"the day after tomorrow", "the day after tomorrow", mon, "2023-05-10", "2023-05-11", Day, Within, false},
		{"I'll send it by Friday", "by Friday", mon, "", "2023-05-13", Day, Until, false},
		{"it runs from 10 to 12 September", "from 10 to 12 September", mon, "2023-09-10", "2023-09-13", Day, Within, false},
		{"we're away 3-5 June", "3-5 June", mon, "2023-06-03", "2023-06-06", Day, Within, false},
		{"next Friday", "next Friday", mon, "2023-05-12", "2023-05-13", Day, Within, false},
		{"last Monday", "last Monday", mon, "2023-05-01", "2023-05-02", Day, Within, false},
		{"this Sunday", "this Sunday", mon, "2023-05-14", "2023-05-15", Day, Within, false},
		{"We met on Tuesday", "Tuesday", mon, "2023-05-02", "2023-05-03", Day, Within, false},
		// a verb whose past is its bare form, after a singular subject
		{"My GP put me on sertraline in November", "November", jan, "2023-11-01", "2023-12-01", Month, Within, false},
		{"Dr Evans cut my dose in December", "December", jan, "2023-12-01", "2024-01-01", Month, Within, false},
		{"We've cut the trip short, flying home in March", "March", jan, "2024-03-01", "2024-04-01", Month, Within, false},
		{"Harwood Mill put the price up from June", "June", jan, "2024-06-01", "2024-07-01", Month, Within, false},
		// a day word typed in a hurry
		{"tommorow is Bea's birthday", "tommorow", mon, "2023-05-09", "2023-05-10", Day, Within, false},
		{"see you tmrw", "tmrw", mon, "2023-05-09", "2023-05-10", Day, Within, false},
		// a booking's date is the time booked
		{"booked mama's cardiologist at Iloilo Doctors' Hospital, June 4", "June 4", jan, "2024-06-04", "2024-06-05", Day, Within, false},
		{"I'll call on Tuesday", "Tuesday", mon, "2023-05-09", "2023-05-10", Day, Within, false},
		{"The demo is on Tuesday", "Tuesday", mon, "2023-05-09", "2023-05-10", Day, Within, false},
		{"last week", "last week", mon, "2023-05-01", "2023-05-08", Week, Within, false},
		{"this week", "this week", mon, "2023-05-08", "2023-05-15", Week, Within, false},
		{"next week", "next week", mon, "2023-05-15", "2023-05-22", Week, Within, false},
		{"last month", "last month", mon, "2023-04-01", "2023-05-01", Month, Within, false},
		{"next month", "next month", jan, "2024-02-01", "2024-03-01", Month, Within, false},
		{"last year", "last year", mon, "2022-01-01", "2023-01-01", Year, Within, false},
		{"this year", "this year", mon, "2023-01-01", "2024-01-01", Year, Within, false},
		{"last summer", "last summer", mon, "2022-06-01", "2022-09-01", Season, Within, false},
		{"last summer", "last summer", oct, "2023-06-01", "2023-09-01", Season, Within, false},
		{"last winter", "last winter", jan, "2022-12-01", "2023-03-01", Season, Within, false},
		{"this winter", "this winter", jan, "2023-12-01", "2024-03-01", Season, Within, false},
		{"this winter", "this winter", mon, "2023-12-01", "2024-03-01", Season, Within, false},
		{"next spring", "next spring", mon, "2024-03-01", "2024-06-01", Season, Within, false},
		{"last fall", "last fall", mon, "2022-09-01", "2022-12-01", Season, Within, false},
		{"next autumn", "next autumn", oct, "2024-09-01", "2024-12-01", Season, Within, false},
		{"in the fall of 2022", "the fall of 2022", mon, "2022-09-01", "2022-12-01", Season, Within, false},
		{"summer 2021", "summer 2021", mon, "2021-06-01", "2021-09-01", Season, Within, false},
		{"we went to Crete in the summer", "the summer", oct, "2023-06-01", "2023-09-01", Season, Within, false},
		{"we'll go to Crete in the summer", "the summer", oct, "2024-06-01", "2024-09-01", Season, Within, false},
		{"in May", "May", mon, "2023-05-01", "2023-06-01", Month, Within, false},
		{"we visited Japan in June", "June", mon, "2022-06-01", "2022-07-01", Month, Within, false},
		{"we will visit Japan in March", "March", mon, "2024-03-01", "2024-04-01", Month, Within, false},
		{"we went to Japan last May", "last May", mon, "2022-05-01", "2022-06-01", Month, Within, false},
		{"next May", "next May", oct, "2024-05-01", "2024-06-01", Month, Within, false},
		{"May 2023", "May 2023", mon, "2023-05-01", "2023-06-01", Month, Within, false},
		{"in September of 2021", "September of 2021", mon, "2021-09-01", "2021-10-01", Month, Within, false},
		{"8 May 2023", "8 May 2023", mon, "2023-05-08", "2023-05-09", Day, Within, false},
		{"the 8th of May, 2023", "the 8th of May, 2023", mon, "2023-05-08", "2023-05-09", Day, Within, false},
		// "the 4th" alone standing for a day: nothing named after it
		{"we celebrated the 4th at my cousin's place", "the 4th", mon, "2023-05-04", "2023-05-05", Day, Within, false},
		{"the 14th was our tenth anniversary", "the 14th", time.Date(2025, 2, 28, 20, 0, 0, 0, time.UTC), "2025-02-14", "2025-02-15", Day, Within, false},
		{"on the 8th we went out", "the 8th", time.Date(2025, 2, 28, 20, 0, 0, 0, time.UTC), "2025-02-08", "2025-02-09", Day, Within, false},
		{"we meet on the 12th to sign the lease", "the 12th", time.Date(2025, 2, 3, 20, 0, 0, 0, time.UTC), "2025-02-12", "2025-02-13", Day, Within, false},
		// the tense of the date's own clause, not of the one after the comma
		{"Rosa's graduation is on 4 April, we've booked the hotel", "4 April", time.Date(2026, 3, 29, 14, 0, 0, 0, time.UTC), "2026-04-04", "2026-04-05", Day, Within, false},
		// from when a change starts, with no tense said, is to come
		{"From January 710 zł.", "January", time.Date(2024, 11, 21, 9, 0, 0, 0, time.UTC), "2025-01-01", "2025-02-01", Month, Within, false},
		{"From January we lived in Gdańsk.", "January", time.Date(2024, 11, 21, 9, 0, 0, 0, time.UTC), "2024-01-01", "2024-02-01", Month, Within, false},
		// a clause after a comma whose subject is left out has its own tense
		{"we're going to Kerry for a week in August, rented a house in Ballinskelligs", "August", time.Date(2024, 7, 1, 9, 0, 0, 0, time.UTC), "2024-08-01", "2024-09-01", Month, Within, false},
		// "getting married": the "get" says the tense, not the participle
		{"My older sister Ana is getting married in August", "August", time.Date(2024, 3, 4, 9, 0, 0, 0, time.UTC), "2024-08-01", "2024-09-01", Month, Within, false},
		{"We got married in August", "August", time.Date(2024, 3, 4, 9, 0, 0, 0, time.UTC), "2023-08-01", "2023-09-01", Month, Within, false},
		// and one whose subject is a noun
		{"our lease is up july 1, landlord just sent the renewal notice", "july 1", time.Date(2025, 4, 28, 9, 0, 0, 0, time.UTC), "2025-07-01", "2025-07-02", Day, Within, false},
		{"the party is on 4 April, the school rang to say so", "4 April", time.Date(2026, 3, 29, 14, 0, 0, 0, time.UTC), "2026-04-04", "2026-04-05", Day, Within, false},
		{"On 4 April, we moved to Leeds", "4 April", time.Date(2026, 5, 29, 14, 0, 0, 0, time.UTC), "2026-04-04", "2026-04-05", Day, Within, false},
		{"On 4 May, we moved to Leeds", "4 May", time.Date(2026, 3, 29, 14, 0, 0, 0, time.UTC), "2025-05-04", "2025-05-05", Day, Within, false},
		{"Lena had her riding lesson on Friday and now she wants a pony", "Friday", time.Date(2025, 1, 6, 11, 0, 0, 0, time.UTC), "2025-01-03", "2025-01-04", Day, Within, false},
		// a date given in the present, or travel booked, is one to come
		{"my interview is on the 29th, fingers crossed", "the 29th", time.Date(2023, 8, 30, 8, 0, 0, 0, time.UTC), "2023-09-29", "2023-09-30", Day, Within, false},
		{"Olivia's wedding is on the 21st of June and I still haven't found a dress", "the 21st of June", time.Date(2024, 11, 2, 8, 0, 0, 0, time.UTC), "2025-06-21", "2025-06-22", Day, Within, false},
		{"we fly out on 20 January, so a whole year to wait", "20 January", time.Date(2025, 1, 31, 19, 0, 0, 0, time.UTC), "2026-01-20", "2026-01-21", Day, Within, false},
		{"the car's going in for its service on the 2nd", "the 2nd", time.Date(2025, 9, 19, 13, 0, 0, 0, time.UTC), "2025-10-02", "2025-10-03", Day, Within, false},
		{"May 8th", "May 8th", mon, "2023-05-08", "2023-05-09", Day, Within, false},
		{"May 8, 2021", "May 8, 2021", mon, "2021-05-08", "2021-05-09", Day, Within, false},
		{"she arrived on June 3rd", "June 3rd", mon, "2022-06-03", "2022-06-04", Day, Within, false},
		{"Sept 14 2022", "Sept 14 2022", mon, "2022-09-14", "2022-09-15", Day, Within, false},
		{"Monday, 8 May 2023 at 3pm", "Monday, 8 May 2023 at 3pm", mon, "2023-05-08", "2023-05-09", Day, Within, false},
		{"1:56 pm on 8 May, 2023", "1:56 pm on 8 May, 2023", mon, "2023-05-08", "2023-05-09", Day, Within, false},
		{"10:04 am on 21 January, 2024", "10:04 am on 21 January, 2024", mon, "2024-01-21", "2024-01-22", Day, Within, false},
		{"in 2023", "2023", mon, "2023-01-01", "2024-01-01", Year, Within, false},
		{"the year 1999", "the year 1999", mon, "1999-01-01", "2000-01-01", Year, Within, false},
		{"two weeks ago", "two weeks ago", mon, "2023-04-24", "2023-05-01", Week, Within, false},
		{"3 days ago", "3 days ago", mon, "2023-05-05", "2023-05-06", Day, Within, false},
		{"a week ago", "a week ago", mon, "2023-05-01", "2023-05-08", Week, Within, false},
		{"a few days ago", "a few days ago", mon, "2023-05-03", "2023-05-07", Day, Within, true},
		{"a couple of months ago", "a couple of months ago", mon, "2023-03-01", "2023-04-01", Month, Within, true},
		{"two years ago", "two years ago", mon, "2021-01-01", "2022-01-01", Year, Within, false},
		{"a fortnight ago", "a fortnight ago", mon, "2023-04-24", "2023-04-25", Day, Within, false},
		{"we climbed it a fortnight ago", "a fortnight ago", time.Date(2024, 8, 20, 19, 0, 0, 0, time.UTC), "2024-08-06", "2024-08-07", Day, Within, false},
		{"in a fortnight", "in a fortnight", mon, "2023-05-22", "2023-05-23", Day, Within, false},
		{"over the past fortnight", "the past fortnight", mon, "2023-04-25", "2023-05-09", Day, Within, false},
		{"the course begins in January", "January", time.Date(2024, 9, 2, 8, 30, 0, 0, time.UTC), "2025-01-01", "2025-02-01", Month, Within, false},
		{"the new shop opens in February", "February", time.Date(2024, 12, 10, 8, 0, 0, 0, time.UTC), "2025-02-01", "2025-03-01", Month, Within, false},
		{"we met at the start of March", "the start of March", time.Date(2024, 9, 2, 8, 30, 0, 0, time.UTC), "2024-03-01", "2024-03-11", Month, Within, true},
		{"we met when the shop opened in March", "March", time.Date(2024, 9, 2, 8, 30, 0, 0, time.UTC), "2024-03-01", "2024-04-01", Month, Within, false},
		{"I got the date wrong earlier: the evening is on 19 March", "19 March", time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC), "2025-03-19", "2025-03-20", Day, Within, false},
		{"we met at 10:15 on 19 March", "10:15 on 19 March", time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC), "2024-03-19", "2024-03-20", Day, Within, false},
		{"in three days", "in three days", mon, "2023-05-11", "2023-05-12", Day, Within, false},
		{"earlier this month", "earlier this month", mon, "2023-05-01", "2023-05-09", Month, Within, false},
		{"later this year", "later this year", mon, "2023-05-08", "2024-01-01", Year, Within, false},
		{"since March", "since March", mon, "2023-03-01", "2023-05-09", Month, Since, false},
		{"since 2019", "since 2019", mon, "2019-01-01", "2023-05-09", Year, Since, false},
		{"before 2020", "before 2020", mon, "", "2020-01-01", Year, Before, false},
		{"after May 2023", "after May 2023", mon, "2023-06-01", "", Month, After, false},
		{"until next week", "until next week", mon, "", "2023-05-22", Week, Until, false},
		{"over the weekend we hiked", "the weekend", mon, "2023-05-06", "2023-05-08", Day, Within, false},
		{"we will hike at the weekend", "the weekend", mon, "2023-05-13", "2023-05-15", Day, Within, false},
		{"last weekend", "last weekend", oct, "2023-10-07", "2023-10-09", Day, Within, false},
		{"2023-05-08", "2023-05-08", mon, "2023-05-08", "2023-05-09", Day, Within, false},
		{"2023-05", "2023-05", mon, "2023-05-01", "2023-06-01", Month, Within, false},
		{"2023-05-08T13:56:00Z was the time", "2023-05-08T13:56:00Z", mon, "2023-05-08", "2023-05-09", Day, Within, false},
		{"by the end of the month", "by the end of the month", mon, "", "2023-06-01", Month, Until, true},
		{"in early June", "early June", mon, "2023-06-01", "2023-06-11", Month, Within, true},
		{"late 2022", "late 2022", mon, "2022-09-01", "2023-01-01", Year, Within, true},
		{"the last two weeks", "the last two weeks", mon, "2023-04-25", "2023-05-09", Week, Within, false},
		{"in the past year", "the past year", mon, "2022-05-09", "2023-05-09", Year, Within, false},
		{"the other day", "the other day", mon, "2023-05-01", "2023-05-08", Day, Within, true},
		{"we met on the 3rd", "the 3rd", mon, "2023-05-03", "2023-05-04", Day, Within, false},
		{"we will meet on the 20th", "the 20th", mon, "2023-05-20", "2023-05-21", Day, Within, false},
		{"I was born on 3 March 1990", "3 March 1990", mon, "1990-03-03", "1990-03-04", Day, Within, false},
		{"we ate at 3 pm on Friday", "3 pm on Friday", mon, "2023-05-05", "2023-05-06", Day, Within, false},
		{"29 February 2024", "29 February 2024", mon, "2024-02-29", "2024-03-01", Day, Within, false},
		{"we met the week before last", "the week before last", mon, "2023-04-24", "2023-05-01", Week, Within, false},
		{"the choir sang the weekend before last", "the weekend before last", mon, "2023-04-29", "2023-05-01", Day, Within, false},
		{"we had the chimney swept the Friday before last", "the Friday before last", mon, "2023-04-28", "2023-04-29", Day, Within, false},
		{"see you Tuesday after next", "Tuesday after next", mon, "2023-05-16", "2023-05-17", Day, Within, false},
		{"the weekend after next is free", "the weekend after next", mon, "2023-05-27", "2023-05-29", Day, Within, false},
		{"we moved the month before last", "the month before last", mon, "2023-03-01", "2023-04-01", Month, Within, false},
		{"the year after next", "the year after next", mon, "2025-01-01", "2026-01-01", Year, Within, false},
		{"submit it by end of month", "by end of month", mon, "", "2023-06-01", Month, Until, true},
		{"I need to send the revised budget by Friday 12 May", "by Friday 12 May", mon, "", "2023-05-13", Day, Until, false},
		{"we signed on Thursday, 12 May", "Thursday, 12 May", mon, "2022-05-12", "2022-05-13", Day, Within, false},
		{"I'll send Marcus the signed contract by Monday", "by Monday", mon, "", "2023-05-16", Day, Until, false},
		{"Ellie promised to return my drill by Saturday", "by Saturday", mon, "", "2023-05-14", Day, Until, false},
		{"I have to get the cards posted by 18 December", "by 18 December", mon, "", "2023-12-19", Day, Until, false},
		{"I've got to submit my visa application by 15 April", "by 15 April", mon, "", "2024-04-16", Day, Until, false},
		{"i'm flying to New York on 2 January for work", "2 January", mon, "2024-01-02", "2024-01-03", Day, Within, false},
		{"the week that ended on Friday", "Friday", mon, "2023-05-05", "2023-05-06", Day, Within, false},
		{"we got to Paris on Friday", "Friday", mon, "2023-05-05", "2023-05-06", Day, Within, false},
		{"we got to know them on Friday", "Friday", mon, "2023-05-05", "2023-05-06", Day, Within, false},
		{"we posted the signed forms on Friday", "Friday", mon, "2023-05-05", "2023-05-06", Day, Within, false},
		{"done by end of week", "by end of week", mon, "", "2023-05-15", Week, Until, true},
		// a date something was moved to is to come, though the verb that
		// moved it is past; a move that happened on a date is past
		{"The launch slipped to 2 April", "2 April", oct, "2024-04-02", "2024-04-03", Day, Within, false},
		// a person moved onto a later booking: the booking's date is to come
		{"air canada changed my flight, they've put me on the oct 29 7am one instead", "oct 29 7am", oct, "2023-10-29", "2023-10-30", Day, Within, false},
		// an age reached on a day to come
		{"oisín turns 2 on the 9th of march", "the 9th of march", oct, "2024-03-09", "2024-03-10", Day, Within, false},
		{"BA rebooked us onto 2 November", "2 November", oct, "2023-11-02", "2023-11-03", Day, Within, false},
		// a thing put on a date is past ("we put the tent up on 2 October")
		{"we put the tent up on 2 October", "2 October", oct, "2023-10-02", "2023-10-03", Day, Within, false},
		{"they've postponed the hearing to 9 January", "9 January", oct, "2024-01-09", "2024-01-10", Day, Within, false},
		{"the clinic moved my appointment back to 3 March", "3 March", oct, "2024-03-03", "2024-03-04", Day, Within, false},
		{"I moved to Leeds on 2 April", "2 April", oct, "2023-04-02", "2023-04-03", Day, Within, false},
		{"we went to the 9 January gig", "the 9 January", oct, "2023-01-09", "2023-01-10", Day, Within, false},
		{"the release moved to the 21st, QA found a blocker", "the 21st", mar, "2025-03-21", "2025-03-22", Day, Within, false},
		{"I changed to the 2nd shift on Monday", "Monday", mar, "2025-03-03", "2025-03-04", Day, Within, false},
		// a weekday and its day of the month: the day says which one
		{"Next Friday, the 14th.", "Next Friday, the 14th", mar, "2025-03-14", "2025-03-15", Day, Within, false},
		{"the release is on Friday the 21st", "Friday the 21st", mar, "2025-03-21", "2025-03-22", Day, Within, false},
	}
	for _, tt := range tests {
		t.Run(tt.text+"@"+tt.now.Format("2006-01-02"), func(t *testing.T) {
			got := Find(tt.text, tt.now)
			if len(got) != 1 {
				t.Fatalf("Find(%q) = %+v, want one expression %q", tt.text, got, tt.expr)
			}
			e := got[0]
			if e.Text != tt.expr || tt.text[e.Offset:e.Offset+len(e.Text)] != e.Text {
				t.Errorf("text %q at %d, want %q", e.Text, e.Offset, tt.expr)
			}
			if !e.Start.Equal(d(tt.start)) || !e.End.Equal(d(tt.end)) {
				t.Errorf("[%s, %s), want [%s, %s)", e.Start.Format("2006-01-02"), e.End.Format("2006-01-02"), tt.start, tt.end)
			}
			if e.Granularity != tt.g || e.Modifier != tt.mod || e.Approximate != tt.approx {
				t.Errorf("granularity %s modifier %q approximate %v, want %s %q %v", e.Granularity, e.Modifier, e.Approximate, tt.g, tt.mod, tt.approx)
			}
		})
	}
}

func TestFindNothing(t *testing.T) {
	for _, text := range []string{
		"May I ask a question?",
		"it may rain",
		"2023 users signed up",
		"version 0.9.7 shipped",
		"we march on",
		"I talked to Jan about it",
		"the 8th floor",
		"I live on the 4th floor",
		"she passed on the 3rd attempt",
		"Henry the 8th was a king",
		"it was the 4th time",
		"we went out in the 4th round",
		"the 14th century was cold",
		"she finished the 4th, and was happy",
		"we meet every Monday",
		"the fall was hard",
		"05/08/2023",
		"summer dresses are nice",
		// a period of someone's, not one counted from today
		"Ella's in Year 6, her last year before secondary",
		"my last week at the firm was hectic",
		"Tom's next month off is in the diary",
		"",
	} {
		if got := Find(text, mon); len(got) != 0 {
			t.Errorf("Find(%q) = %+v, want nothing", text, got)
		}
	}
}

func TestFindSeveral(t *testing.T) {
	got := Find("Anna moved to Lisbon in 2021 and since last March she works remotely; I'll visit next week.", mon)
	var texts []string
	for _, e := range got {
		texts = append(texts, e.Text)
	}
	want := []string{"2021", "since last March", "next week"}
	if strings.Join(texts, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q, want %q", texts, want)
	}
	if !got[1].Start.Equal(d("2023-03-01")) || got[1].Modifier != Since {
		t.Errorf("since last March = %+v", got[1])
	}
}

func TestContains(t *testing.T) {
	e := Find("before 2020", mon)[0]
	if !e.Contains(d("1990-01-01")) || e.Contains(d("2020-01-01")) {
		t.Errorf("Contains on %+v", e)
	}
}

func TestFindHostile(t *testing.T) {
	inputs := []string{
		strings.Repeat("last week yesterday 8 May 2023 ", 4000),
		strings.Repeat("a", 256*1024),
		"\xff\xfe May \xff 2023 \xc3\x28 yesterday",
		"\x00\x01\x02 on the \x7f 3rd",
		strings.Repeat("1:", 50000),
		strings.Repeat("2023-", 30000),
		strings.Repeat("the ", 30000) + "day before",
		"since", "by", "early", "the end of", "mid-", "in a", "last", "3 pm on",
	}
	for _, in := range inputs {
		got := Find(in, mon)
		for _, e := range got {
			if e.Offset < 0 || e.Offset+len(e.Text) > len(in) || in[e.Offset:e.Offset+len(e.Text)] != e.Text {
				t.Fatalf("bad offset %d for %q", e.Offset, e.Text)
			}
		}
	}
	if got := Find("\xff\xfe May \xff 2023 \xc3\x28 yesterday", mon); len(got) != 2 {
		t.Errorf("invalid UTF-8 around dates: %+v", got)
	}
}

func TestFindDeterministicAndLocation(t *testing.T) {
	loc := time.FixedZone("UTC+9", 9*3600)
	now := time.Date(2023, 5, 8, 1, 0, 0, 0, loc)
	e := Find("yesterday", now)[0]
	if !e.Start.Equal(time.Date(2023, 5, 7, 0, 0, 0, 0, loc)) {
		t.Errorf("yesterday in UTC+9 = %v", e.Start)
	}
	a, b := Find("last summer and next Friday", mon), Find("last summer and next Friday", mon)
	if len(a) != 2 || a[0] != b[0] || a[1] != b[1] {
		t.Errorf("not deterministic: %+v vs %+v", a, b)
	}
}

func BenchmarkFind(b *testing.B) {
	text := strings.Repeat("We met Anna last Tuesday and shipped 0.9.7 on 8 May 2023. ", 200)
	for b.Loop() {
		Find(text, mon)
	}
}

func TestMonthNameAndDayOfMonth(t *testing.T) {
	for w, want := range map[string]struct {
		m      time.Month
		abbrev bool
	}{"march": {time.March, false}, "sept": {time.September, true}, "nov": {time.November, true}} {
		m, abbrev, ok := MonthName(w)
		if !ok || m != want.m || abbrev != want.abbrev {
			t.Errorf("MonthName(%q) = %v, %v, %v", w, m, abbrev, ok)
		}
	}
	if _, _, ok := MonthName("monday"); ok {
		t.Error(`MonthName("monday") is a month`)
	}
	for w, want := range map[string]int{"9": 9, "9th": 9, "ninth": 9, "twenty-first": 21, "thirty-first": 31, "31st": 31} {
		if d, ok := DayOfMonth(w); !ok || d != want {
			t.Errorf("DayOfMonth(%q) = %d, %v, want %d", w, d, ok, want)
		}
	}
	for _, w := range []string{"", "0", "32", "32nd", "123", "tenths", "x"} {
		if d, ok := DayOfMonth(w); ok {
			t.Errorf("DayOfMonth(%q) = %d, want none", w, d)
		}
	}
}

// The day a correction gives for the day it takes back ("sorry I said the
// 14th, its the 18th") is a day, one to come; without a day taken back,
// "it's the 16th" stays no date.
func TestDayGivenForOneTakenBack(t *testing.T) {
	now := time.Date(2023, 10, 14, 9, 0, 0, 0, time.UTC)
	es := Find("sorry I said the 14th, its the 18th (monday)", now)
	if len(es) != 2 || es[1].Text != "the 18th" || !es[1].Start.Equal(time.Date(2023, 10, 18, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("Find = %+v, want the 18th as 2023-10-18 after the 14th", es)
	}
	for _, text := range []string{"the winner? it's the 16th in the queue", "It's not the 15th, it's the 16th."} {
		if es := Find(text, now); len(es) != 0 {
			t.Errorf("Find(%q) = %+v, want none", text, es)
		}
	}
}
