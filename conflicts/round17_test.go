package conflicts

import (
	"testing"
	"time"
)

// Families read in the forty-sixth round: one item of a list changed, a
// thing's name said in a claim's first word, a count fallen ("down to"),
// a change said in the bare form of its verb, a firm named by several
// capitalised words, and a wedding dated twice, with the look-alikes that
// must stay as they are.
func TestRound17Families(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		// one item of a list, named by the incoming claim
		{"Alasdair's tablets: clopidogrel 75mg in the morning, ramipril 2.5mg, and atorvastatin 40mg at night.", "Ramipril's 10mg now, doctor says the readings kept creeping up.", 180 * day, Supersedes},
		{"Alasdair's tablets: clopidogrel 75mg in the morning, ramipril 2.5mg, and atorvastatin 40mg at night.", "GP has put the ramipril up to 5mg, his pressure's still too high.", 53 * day, Supersedes},
		{"Alasdair's tablets: clopidogrel 75mg in the morning, ramipril 2.5mg, and atorvastatin 40mg at night.", "Metformin's 1000mg now.", 180 * day, Unrelated},
		{"Alasdair's tablets: clopidogrel 75mg in the morning, ramipril 2.5mg, and atorvastatin 40mg at night.", "Rita's ramipril is 10mg now.", 180 * day, Unrelated},
		// a thing's name opening a claim, said in lower case by the other
		{"Physio is Tuesdays at 10am, Raigmore outpatients.", "Physio's changing to Thursdays at 10 from next week, they've no staff on a Tuesday.", 58 * day, Supersedes},
		{"Physio is Tuesdays at 10am, Raigmore outpatients.", "Swimming's changing to Thursdays at 10 from next week.", 58 * day, Unrelated},
		// a relative's word is whose a value is, not what it is of
		{"mama turned 71 on Feb 2, we did a video call party with all the cousins", "mama's cardio appt moved to June 11, the doctor has a conference in Manila", 102 * day, Unrelated},
		// a count fallen
		{"3 hives at the allotment, all quiet, all tucked up for winter.", "Lost two colonies over the winter. Down to 2 hives.", 390 * day, Supersedes},
		{"Split the strongest colony yesterday so that's 4 hives now", "Down to 2 hives.", 250 * day, Supersedes},
		{"3 hives at the allotment, all quiet.", "Down to 2 sugars in my tea.", 250 * day, Unrelated},
		{"3 hives at the allotment, all quiet.", "Elspeth is down to 2 hives.", 250 * day, Unrelated},
		// the bare form of a change verb, and a firm named by a place's words
		{"joined PureGym on Stockport Road, £22.99 a month. new me", "PureGym don increase my membership to £24.99 this country sef", 192 * day, Supersedes},
		{"joined PureGym on Stockport Road, £22.99 a month.", "The Gym Group don increase their membership to £24.99", 192 * day, Unrelated},
		// a name's "Old" ends nothing; a couple marries once
		{"We married in 1976 at the Old High Church. 48 years this July.", "Our wedding was in 1979 at the Old High, he still had a full head of hair then!", 365 * day, Contradicts},
		{"We married in 1976 at the Old High Church.", "Sorry, I got that wrong. Our wedding was in 1979 at the Old High.", 365 * day, Supersedes},
		{"We married in 1976 at the Old High Church.", "My sister's wedding was in 1979 at the Old High.", 365 * day, Unrelated},
		{"We married in 1976 at the Old High Church.", "We renewed our vows in 2016, forty years after our wedding.", 365 * day, Unrelated},
		{"We married in 1976 at the Old High Church.", "Our wedding was in 1976 at the Old High.", 365 * day, Duplicate},
	})
}
