package conflicts

import (
	"testing"
	"time"
)

// Families read in the forty-fourth round: a role or a carer taken over
// after an older one, an older place told with its year, a name changed
// for another, a learner's level, a whole given with "only", and an age
// read from its slot, with the look-alikes that must stay as they are.
func TestRound15Families(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		// the holder before the existing one, told by who took over
		{"my supervisor is Prof. Cláudia Ramos, she's great but answers emails at 2am lol", "in my first year my supervisor was Prof. Everton Lima, Cláudia took me over when he left for INPA in Manaus", 390 * day, SupersededBy},
		{"my supervisor is Prof. Cláudia Ramos.", "my supervisor is now Prof. Everton Lima, he took me over when Cláudia left.", 200 * day, Supersedes},
		{"For the hip I see Dr. Mori at the orthopedic clinic in front of the station.", "He treated my hip first, many years, until he retired in 2023 and Dr. Mori took over.", 365 * day, SupersededBy},
		{"For the hip I see Dr. Mori at the orthopedic clinic.", "For my eyes, Dr. Sato took over after Dr. Ito retired.", 365 * day, Unrelated},
		{"For the hip I see Dr. Mori at the orthopedic clinic.", "Dr. Mori took over the clinic when his father retired, my hip is much better.", 365 * day, Unrelated},
		// an older place, told with the year the present one began
		{"our lab is in the new building at the Instituto de Biociências, 3rd floor", "funny, when I started the PhD the lab was still in the old annex behind the herbarium, we only moved to the new building in 2023", 240 * day, SupersededBy},
		{"our lab is in the new building at the Instituto de Biociências, 3rd floor", "we moved to the new building in 2023, the old annex is storage now", 240 * day, Unrelated},
		{"Emeka works at Access Bank, at their head office in VI", "when I met Emeka he was at GTBank on Broad Street. he only moved to Access in 2019", 300 * day, SupersededBy},
		{"Emeka works at Access Bank.", "he only moved to Access in 2019", 300 * day, Unrelated},
		// a name changed for another name
		{"For the pain he gives me Loxonin, I take only when it is bad.", "Stomach was bad, so doctor changed the Loxonin to Celecox.", 170 * day, Supersedes},
		{"For the pain he gives me Loxonin.", "My friend changed her Tylenol to Advil.", 170 * day, Unrelated},
		{"Mia goes to the Tuesday group at the Goethe-Institut.", "They switched Mia to the Thursday group.", 60 * day, Unrelated},
		{"I take Loxonin for the pain.", "Doctor changed the Loxonin to Celecox, and I take Celecox since.", 170 * day, Supersedes},
		// a learner's level rises
		{"A1.1 at the Goethe-Institut, tuesday and thursday evenings", "I'm in A2 now, first class in August", 160 * day, Supersedes},
		{"I'm in A2 now, first class in August", "the teacher moved me up to B1 this week, she said I was bored in A2 lol.", 190 * day, Supersedes},
		{"At the club I am 2-dan.", "Promoted to 3-dan at the club!", 290 * day, Supersedes},
		{"I'm in A2 now.", "aiming for B2 by the summer", 100 * day, Unrelated},
		{"I'm in A2 now.", "registered for the B1 exam in June", 100 * day, Unrelated},
		{"My German is B1 now.", "My Spanish is A2 now.", 100 * day, Unrelated},
		{"At the club I am 2-dan.", "My son got 5 kyu at judo.", 100 * day, Unrelated},
		// a whole given with "only", and the first amount of a claim
		{"The plot is 15 tsubo, enough for tomato, eggplant, cucumber and negi.", "My plot is only 10 tsubo. Small, but for one man it is plenty.", 320 * day, Contradicts},
		{"the base is like 80 km from Corumbá, last part is dirt road, takes hours when it rains", "the base is only 35 km out of Corumbá, in the dry season we do the drive in under an hour", 117 * day, Contradicts},
		{"The plot is 15 tsubo.", "The plot next door is only 10 tsubo.", 30 * day, Unrelated},
		{"The plot is 15 tsubo.", "I only need 10 tsubo for the tomatoes.", 30 * day, Unrelated},
		// an age read from the claim's slot, not another person's beside it
		{"Josh is 13, all he cares about is hockey.", "Josh is 14 and already taller than his mom.", 2 * day, Contradicts},
		{"My grandson Sota is 7, granddaughter Hina is 4.", "Sota is 8 now, he wants a go board.", 330 * day, Supersedes},
		// what is as it always was, said again
		{"Yuki telephones me every Sunday evening, always around 8 o'clock.", "Sunday evening, and Yuki called at 8 as usual, like every week.", 160 * day, Duplicate},
		{"I live in Toyonaka, north of Osaka, my house is 5 minutes from Hattori-Tenjin station.", "A friend asked my address for a card. Same house as always, Toyonaka, near Hattori-Tenjin station.", 400 * day, Duplicate},
		{"the plan is a postdoc at iDiv in Leipzig, that's why the German", "still dreaming of iDiv in Leipzig for the postdoc, that part hasn't changed", 190 * day, Duplicate},
		{"in the field we always stay at the UFMS research base, Base de Estudos do Pantanal.", "booking the UFMS base for the march campaign, that's where we always stay", 340 * day, Duplicate},
		{"Every Wednesday afternoon I go to the go club at the kōminkan.", "Wednesday is go day, as always, 1 pm to 5 pm at the kōminkan.", 77 * day, Duplicate},
		{"Yuki telephones me every Sunday evening, always around 8 o'clock.", "Sunday evening, and Yuki called at 9 as usual.", 160 * day, Unrelated},
		{"Yuki telephones me every Sunday evening.", "Sunday evening, and Kenji called as usual.", 160 * day, Unrelated},
		// a day that holds from a time on
		{"Every Wednesday afternoon I go to the go club at the kōminkan.", "From this month our club is on Thursday afternoons, the kōminkan gave Wednesdays to a dance group.", 308 * day, Supersedes},
		// a thing put off, its new date said beside it
		{"next field campaign is 11 to 27 of April, Pantanal here I come", "field trip postponed!! river is still too high at the sites. now it's 6 to 22 of May", 24 * day, Supersedes},
		{"my qualificação is set for 20 August, committee is Cláudia plus two external people", "quali got postponed, one of the external members has a conference. new date is 10 September", 25 * day, Supersedes},
		{"my qualificação is set for 20 August.", "the party got postponed, the new date is 10 September", 25 * day, Unrelated},
		{"the house insurance renews on 5 october", "car insurance renewal pushed back to 20 november now I've switched providers", 98 * day, Unrelated},
		{"my qualificação is set for 20 August.", "quali got postponed, new date is 10 September", 180 * day, Unrelated},
		// a new supplier, said by whom one went with for the thing
		{"Veg and fruit all comes from Brig o' Fruit at the Blochairn market, they deliver six mornings a week", "Brig o' Fruit's quality has dropped off a cliff. We've gone with Green Glen Produce in Cambuslang from this week for all the veg and fruit", 330 * day, Supersedes},
		{"Home and contents insurance is with AMI, renewal's in October. Can you help me compare?", "Ended up going with Tower for house and contents, AMI wanted $600 more for the same cover", 21 * day, Supersedes},
		{"Veg and fruit all comes from Brig o' Fruit at the Blochairn market.", "We went with Sarah to the market for veg and fruit.", 30 * day, Unrelated},
		{"Home and contents insurance is with AMI.", "We've gone with Tower for the car insurance.", 30 * day, Unrelated},
		{"Home and contents insurance is with AMI.", "Thinking of going with Tower for house and contents.", 30 * day, Unrelated},
		// once in a life: where one was born, when one retired
		{"born and raised in Campo Grande, so the Pantanal kind of feels like home to me", "34 degrees today and everyone's complaining, I was born in Cuiabá, this is nothing", 350 * day, Contradicts},
		{"born and raised in Campo Grande.", "I was born in Brazil, in the centre-west.", 350 * day, Unrelated},
		{"born and raised in Campo Grande.", "My sister was born in Cuiabá.", 350 * day, Unrelated},
		{"I retired in 2013.", "When I retired in 2018 the company gave me a model of the 0-series Shinkansen.", 175 * day, Contradicts},
		{"I retired in 2013.", "Dr. Ishida retired in 2023 and Dr. Mori took over.", 175 * day, Unrelated},
		{"I retired in 2013.", "When I retired in 2013 the company gave me a model Shinkansen.", 175 * day, Duplicate},
		// another time of a yearly thing is not the same claim
		{"Golden Week. Quiet house. Yuki is too busy to come this time.", "Golden Week again. Yuki and the kids come on the 3rd.", 365 * day, Unrelated},
		{"the plan is a postdoc at iDiv in Leipzig.", "the plan hasn't changed, a postdoc in Munich.", 190 * day, Unrelated},
	})
}
