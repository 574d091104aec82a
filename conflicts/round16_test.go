package conflicts

import (
	"testing"
	"time"
)

// Families read in the forty-fifth round: an amount said without its
// unit, a currency given by its code, whose an amount is said before the
// next clause, and a provider changed for "another", with the look-alikes
// that must stay as they are.
func TestRound16Families(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		// an amount said bare takes the other claim's unit
		{"Reserva Carmenère at the cellar door is 12,000 pesos the bottle", "new prices at the cellar door: Reserva Carmenère 14,000 now, glass and labels went up", 115 * day, Supersedes},
		{"Reserva Carmenère at the cellar door is 12,000 pesos the bottle", "from this month the Reserva Carmenère is 15,500 at the cellar door", 350 * day, Supersedes},
		{"a room is 65,000 per night with breakfast", "raised the room rate to 72,000 with breakfast, from September on", 200 * day, Supersedes},
		{"car loan is 1,850 dirhams monthly, auto deducted every 5th", "refinanced the car loan with another bank, monthly is 1,620 now. small win", 180 * day, Supersedes},
		{"Reserva Carmenère at the cellar door is 12,000 pesos the bottle", "the Reserva Carmenère vines are 40 now, planted by my father", 100 * day, Unrelated},
		{"Reserva Carmenère at the cellar door is 12,000 pesos the bottle", "the Gran Reserva Carmenère is 25,000 now", 100 * day, Unrelated},
		{"I'm allergic to penicillin, found out the hard way at 19.", "Switched my phone to Giffgaff, £12 a month for way more data than EE gave me.", 200 * day, Unrelated},
		{"car loan is 1,850 dirhams monthly", "my brother's car loan is 1,620 now", 100 * day, Unrelated},
		// a currency given by its code, before or after the amount
		{"Josh's school fees for this year is AED 42,000, paid in 3 terms.", "new fee schedule from the school: Josh's tuition is now AED 45,500 for Grade 10", 210 * day, Supersedes},
		{"our rent is 78,000 AED a year for a 2BR, 4 cheques", "the rent went up to 84,000 AED a year", 80 * day, Supersedes},
		{"Josh's school fees for this year is AED 42,000.", "Bea's school fees are now AED 38,000", 210 * day, Unrelated},
		// whose an amount is, said before the next clause
		{"I send mama 25,000 pesos every month thru GCash, always right after payday", "now sending mama 30k pesos every month thru GCash, her meds got more expensive", 120 * day, Supersedes},
		// a thing put off, its new date first in the next sentence
		{"surgery is March 14 at Clínica Reñaca", "surgery postponed AGAIN!! April 18 now, the surgeon got sick", 63 * day, Supersedes},
		{"moved the surgery to April 4, I can't be in the clínica in the middle of vendimia", "surgery postponed AGAIN!! April 18 now, the surgeon got sick", 29 * day, Supersedes},
		{"surgery is March 14 at Clínica Reñaca", "the dentist postponed my cleaning. April 18 now.", 63 * day, Unrelated},
		// a booking's date is the one booked; a clipped word is the word
		{"booked mama's cardiologist at Iloilo Doctors' Hospital, June 4. Jovelyn will bring her", "mama's cardio appt moved to June 11, she has a conference in Manila", 30 * day, Supersedes},
		{"booked mama's cardiologist at Iloilo Doctors' Hospital, June 4.", "my dentist appt moved to June 11", 30 * day, Unrelated},
		// an older home, told with the year the present one began
		{"we live in Al Nahda, near Sahara Centre, 14th floor.", "funny, when I first came in 2016 I was in a bedspace in Karama, we only got the Al Nahda flat in 2019 when Ramon and the kids joined", 250 * day, SupersededBy},
		{"She lives with my younger sister Jovelyn in Jaro, Iloilo", "before Papa died mama was living alone in Pavia, she only moved in with Jovelyn in Jaro in 2021", 316 * day, SupersededBy},
		{"Jovelyn said her rent in Jaro went up to 6,500 pesos.", "before Papa died mama was living alone in Pavia, she only moved in with Jovelyn in Jaro in 2021", 270 * day, Unrelated},
		{"we live in Al Nahda, near Sahara Centre.", "we only got the Al Nahda flat in 2019", 250 * day, Unrelated},
		// one person's age, the holder named by a relation and a name
		{"Husband Ramon is 47, he's a driver for a logistics company in Jebel Ali.", "Ramon turning 43 next month, planning a surprise dinner with his kabarkada", 142 * day, Contradicts},
		{"Husband Ramon is 47.", "Ramon turning 48 next month, planning a surprise dinner", 142 * day, Unrelated},
		{"Husband Ramon is 47.", "Josh turning 13 next month, planning a party", 142 * day, Unrelated},
		// a thing opens once
		{"we opened the guesthouse in 2012, it was Ximena's idea", "the guesthouse has been open since 2015, almost 10 years", 225 * day, Contradicts},
		{"we opened the guesthouse in 2012, it was Ximena's idea", "the guesthouse reopened in 2021 after the fire", 225 * day, Unrelated},
		// a place does not move
		{"we're about 40 km from Valparaíso, 45 min by car", "we're close, just 15 km from Valpo, guests come out for lunch", 228 * day, Contradicts},
		{"we're about 40 km from Valparaíso, 45 min by car", "we're 45 km from Valparaíso", 228 * day, Unrelated},
		{"we're about 40 km from Valparaíso", "we're 15 km from Casablanca town", 228 * day, Unrelated},
		{"we're about 40 km from Valparaíso", "we moved, now we're 15 km from Valparaíso", 228 * day, Supersedes},
		// the old date named beside the new one, its month left out
		{"booked our Christmas flights to Iloilo via Manila! leaving Dec 18", "had to change flights to Dec 20, couldn't get leave for the 18th", 23 * day, Supersedes},
		{"booked our Christmas flights to Iloilo via Manila! leaving Dec 18", "Bea's school play moved to Dec 20, not the 12th", 23 * day, Unrelated},
		// the physio by another name
		{"kinesiólogo twice a week, Tuesdays and Fridays in Viña", "physio down to once a week now, knee much better", 39 * day, Supersedes},
		{"kinesiólogo twice a week, Tuesdays and Fridays in Viña", "yoga down to once a week now", 39 * day, Unrelated},
		// a supplier changed, said of the thing supplied
		{"corks come from Corchos Andinos in Santiago, 180 pesos each", "changed cork supplier, now we buy from a Portuguese company through their Santiago office, better quality", 190 * day, Supersedes},
		{"corks come from Corchos Andinos in Santiago, 180 pesos each", "changed label supplier, the new ones peel less", 190 * day, Unrelated},
		{"corks come from Corchos Andinos in Santiago", "thinking we might change cork supplier next year", 190 * day, Unrelated},
		// the speaker's job title said anew
		{"Hi! Marisol here, 44, ICU nurse in Dubai, senior staff nurse at Al Zahra Hospital.", "guess who's charge nurse now 🎉 got the promotion on Wednesday!!", 123 * day, Supersedes},
		{"I'm a senior staff nurse at Al Zahra Hospital.", "guess who's charge nurse now 🎉 got the promotion on Wednesday!!", 123 * day, Supersedes},
		{"My manager is Karen Li, she's great about protecting our focus time.", "Big reorg: I'm now engineering manager for payments and platform.", 400 * day, Unrelated},
		{"I'm a senior staff nurse at Al Zahra Hospital.", "my sister is charge nurse now, got the promotion", 123 * day, Unrelated},
		{"I'm a senior staff nurse at Al Zahra Hospital.", "guess who's charge nurse for the weekend too", 123 * day, Unrelated},
		// an older amount, told with a past year
		{"6 hectares of vines, mostly Carmenère and Syrah, a little Sauvignon Blanc", "my father bought this land in 1979, it was only 2 hectares of país then, we planted the rest in the 90s", 295 * day, SupersededBy},
		{"6 hectares of vines", "my neighbour has 2 hectares of país", 295 * day, Unrelated},
		{"6 hectares of vines", "it was only 2 hectares then, and it will be 8 when we buy the plot next door", 295 * day, Unrelated},
		// a day word typed in a hurry, and one occasion
		{"Bea's birthday is March 22, she still wants a Frozen cake haha", "tommorow is Bea's birthday (22nd) and I'm on duty 😭", 17 * day, Duplicate},
		{"I start work at 9", "just tomorrow I'm starting work at 7:30 for the audit, then back to normal", 10 * day, Unrelated},
		{"I start work at 9", "just tmrw I'm starting work at 7:30 for the audit, then back to normal", 10 * day, Unrelated},
		{"I start work at 9", "from Monday I'm starting work at 7:30", 10 * day, Supersedes},
		// what one charges by the hour is one's rate; the speaker's own
		{"Mostly Go services on Postgres, all my clients are abroad and I charge $45/hr.", "Raised my rate to $55/hr across the board and nobody complained 🙌", 205 * day, Supersedes},
		{"I charge $45/hr.", "My plumber raised his rate to $55/hr", 205 * day, Unrelated},
		{"I charge $45/hr.", "the garage charged $55 to fix the wipers", 205 * day, Unrelated},
		// a count of one kind of thing
		{"milking 90 cows at the moment. calving started last week so the place is mad", "bought 15 heifers off a neighbour so we're at 105 milking cows now", 126 * day, Supersedes},
		{"milking 90 cows at the moment.", "Ger is milking 200 cows now, more than double us", 69 * day, Unrelated},
		{"goal for this vintage: 20,000 bottles", "from this month the Reserva Carmenère is 15,500 at the cellar door", 230 * day, Unrelated},
		{"the head's report is 9 pages and nobody reads past page 3", "Estyn have pushed our inspection back to 11-13 March", 120 * day, Unrelated},
	})
}
