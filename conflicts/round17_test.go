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
		// "new manager", said opening the claim, is the speaker's
		{"my manager is Claire, very calm, Scouse accent I can barely follow", "Claire has left the company. new manager is Raj, ex-Sky, seems sound", 131 * day, Supersedes},
		{"my manager is Claire, very calm", "Femi's new manager is Raj", 131 * day, Unrelated},
		// a firm's name clipped to its capitals
		{"my babe Tolu works at GTBank in VI.", "Tolu was at Access Bank before, she only moved to GTB in 2022", 278 * day, SupersededBy},
		{"my babe Tolu works at GTBank in VI.", "Kemi was at Access Bank before, she only moved to GTB in 2022", 278 * day, Unrelated},
		// how often, said in another clause, is no other value
		{"I've been a tester since 2019. 5 years of finding other people's bugs", "been testing since 2021 and I still learn something new every week", 255 * day, Contradicts},
		{"I've been running 3 times a week since 2019.", "been running twice a week since 2021", 255 * day, Unrelated},
		// what one relative gets by the month, raised, the speaker said late
		{"Now sending mum £150 every month through Lemfi.", "Long week. Raj wants full regression before Friday's release, five-a-side got rained off, and naira fell again so I've increased mum's money to £200 a month.", 97 * day, Supersedes},
		{"Now sending mum £150 every month through Lemfi.", "Raj wants full regression before Friday's release, and he's increased his mum's money to £200 a month.", 97 * day, Unrelated},
		{"Now sending mum £150 every month through Lemfi.", "I've increased Kemi's allowance to £200 a month.", 97 * day, Unrelated},
		// a new place of work, the speaker's own
		{"I work as a QA tester at Kudipay, fintech in Lekki.", "First day at Northbridge Digital today! QA engineer on the payments squad.", 118 * day, Supersedes},
		{"I'm a staff nurse at St James's", "started at Leeds General on Monday, new ward new faces", 90 * day, Supersedes},
		{"my babe Tolu works at GTBank in VI.", "First day at Northbridge Digital today!", 110 * day, Unrelated},
		{"I work as a QA tester at Kudipay.", "Isla's first day at Millburn Academy today!", 110 * day, Unrelated},
		{"I work as a QA tester at Kudipay.", "First day at Kudipay's new office today!", 110 * day, Unrelated},
		{"I work as a QA tester at Kudipay.", "might start at Northbridge Digital if the offer comes", 110 * day, Unrelated},
		// a thing waiting for a decision got one
		{"Skilled Worker visa application submitted. now we wait", "VISA APPROVED!!!! flight booked for 1 June", 30 * day, Supersedes},
		{"mortgage application submitted to Nationwide", "mortgage approved, completion in May", 40 * day, Supersedes},
		{"Skilled Worker visa application submitted.", "Kemi's visa approved!", 30 * day, Unrelated},
		{"Skilled Worker visa application submitted.", "planning permission approved for the extension", 30 * day, Unrelated},
		// one provider took over from another
		{"The carers come twice a day, morning and bedtime. They're from Highland Home Care.", "We've changed care agency. Caremark took over from Highland Home Care at the start of the month.", 264 * day, Supersedes},
		{"The carers are from Highland Home Care.", "Caremark took over from Bluebird Care next door.", 264 * day, Unrelated},
		// whole messages, as said: a count beside the rent, the landlord
		// who raised it, an amount by the month said with "monthly", a
		// relative named in a clause before the speaker's, a fee "for
		// this year"
		{"our rent is 78,000 AED a year for a 2BR, 4 cheques. renewal is April", "renewal signed. landlord raised us to 84k 😤 from 78", 84 * day, Supersedes},
		{"our rent is 78,000 AED a year for a 2BR, 4 cheques.", "my brother's landlord raised him to 84k", 84 * day, Unrelated},
		{"I send mama 25,000 pesos every month thru GCash, always right after payday", "increased mama's monthly to 30k pesos starting this month, her meds got more expensive", 123 * day, Supersedes},
		{"increased mama's monthly to 30k pesos starting this month, her meds got more expensive", "crazy week: Josh has exams, Bea lost a tooth, and mama started dialysis twice a week so I'm sending 35k a month now", 268 * day, Supersedes},
		{"increased mama's monthly to 30k pesos starting this month", "mama's pension is 35k a month now", 268 * day, Unrelated},
		{"Josh's school fees for this year is AED 42,000, paid in 3 terms. grabe ang mahal", "school sent the new fee schedule, Josh's tuition is now AED 45,500 for Grade 10", 209 * day, Supersedes},
		{"Josh's school fees for this year is AED 42,000", "Bea's tuition is now AED 45,500 for Grade 4", 209 * day, Unrelated},
		// roles one holds at a time on a crew or a site
		{"our foreman is Dave Kerr, decent bloke", "new foreman is Pete Lowe, Dave retired", 60 * day, Supersedes},
		{"our skipper is Willie Munro", "our skipper is Willie Munro, still going strong", 60 * day, Duplicate},
		// how often one thing is done, changed
		{"The carers come twice a day, morning and bedtime. They're from Highland Home Care.", "Busy day. Social work reviewed his care package: carers now come three times a day, they've added a lunchtime visit.", 131 * day, Supersedes},
		{"The carers come twice a day, morning and bedtime.", "the carers come three times a day at Elspeth's", 131 * day, Unrelated},
		// how many children the speaker is one of
		{"I'm the first of 3 children so everybody is looking at me", "as the first of four children I have no choice but to send money home every month", 275 * day, Contradicts},
		{"I'm the first of 3 children", "my mum was the eldest of 5 kids", 275 * day, Unrelated},
		{"I'm the first of 3 children", "I'm one of three children, the eldest", 275 * day, Unrelated},
		// a person the speaker names began at another place
		{"Granddaughter Isla is in P7 at Crown Primary. She's doing a project on the RNLI, of all things!", "Isla started at Millburn Academy today, S1! Blazer down to her knees.", 176 * day, Supersedes},
		{"Ada is in Primary 1 at Little Saints in Akoka, 10 mins from the house", "first week at Corona School Gbagada for Ada! she's in Primary 2 now. the school run is longer but she's happy", 196 * day, Supersedes},
		{"Granddaughter Isla is in P7 at Crown Primary.", "Ruby started at Millburn Academy today, S1!", 176 * day, Unrelated},
		{"Granddaughter Isla is in P7 at Crown Primary.", "Isla started at Crown Primary's breakfast club today!", 176 * day, Unrelated},
		{"Isla used to be at Crown Primary.", "Isla started at Millburn Academy today", 176 * day, Unrelated},
		// moved off one thing onto another
		{"First day at Northbridge Digital today! QA engineer on the payments squad. nervous small", "Reorg at work. they've moved me off payments onto the mobile app squad. more Appium, less API testing", 99 * day, Supersedes},
		{"I'm on nights this month, 8pm to 8am", "they took me off nights onto days from Monday", 20 * day, Supersedes},
		{"QA engineer on the payments squad.", "they've moved Raj off payments onto the mobile app squad", 99 * day, Unrelated},
		{"QA engineer on the payments squad.", "they've moved me off Jira onto Linear", 99 * day, Unrelated},
		// one event that befell a person, dated twice
		{"His stroke was on the 3rd of November. Left side is weak and his words come out jumbled.", "Eleven months since his stroke on the 19th of October. Some days it feels like eleven years.", 254 * day, Contradicts},
		{"Mum's accident was on the 3rd of May.", "Dad's accident was on the 9th of June.", 254 * day, Unrelated},
		{"His stroke was on the 3rd of November.", "A stroke awareness day on the 19th of October at the hall.", 254 * day, Unrelated},
	})
}
