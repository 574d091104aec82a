package conflicts

import (
	"slices"
	"testing"
)

// A value written in other words is the same value: each pair must give
// the same typed values, and the last pairs other ones.
func TestValuesWrittenOtherwise(t *testing.T) {
	same := [][2]string{
		{"The call is at 3:15pm.", "The call is at quarter past three in the afternoon."},
		{"The call is at 3:15pm.", "The call is at 3.15pm."},
		{"The flight lands at 18:20.", "The flight lands at twenty past six in the evening."},
		{"The bus leaves at 8:50.", "The bus leaves at ten to nine."},
		{"The rent is £1,200 a month.", "The rent is twelve hundred pounds a month."},
		{"The rent is £1,200 a month.", "The rent is £1.2k a month."},
		{"My salary is £52,000.", "My salary is fifty-two thousand pounds."},
		{"The fee is £250.", "The fee is two hundred and fifty pounds."},
		{"The course takes 90 minutes.", "The course takes an hour and a half."},
		{"The course takes 90 minutes.", "The course takes 1.5 hours."},
		{"The trip lasts two weeks.", "The trip lasts a fortnight."},
		{"We meet twice a week.", "We meet two times a week."},
		{"The tank holds 12 eggs.", "The tank holds a dozen eggs."},
		{"The dose is 2.5 mg.", "The dose is two and a half milligrams."},
		{"The bins go out fortnightly.", "The bins go out every two weeks."},
		{"The boiler is serviced yearly.", "The boiler is serviced every 12 months."},
		{"I take 75 micrograms of thyroxine.", "I take 75mcg of thyroxine."},
		{"The exam is on 14 March.", "The exam is on 14/03/2025."},
		{"The exam is on 14 March.", "The exam is on 2025-03-14."},
		{"We pay $15 a month for it.", "We pay $15 monthly for it."},
	}
	for _, p := range same {
		a, b := valueKeys(meaningClaim(t, p[0], 1)), valueKeys(meaningClaim(t, p[1], 1))
		if len(a) == 0 || !slices.Equal(a, b) {
			t.Errorf("%q %v / %q %v: want the same values", p[0], a, p[1], b)
		}
	}
	other := [][2]string{
		{"The shop is open from 5 to 9.", "The shop is open until 8:55."},
		{"The walk takes two to three hours.", "The walk takes 2:58."},
		{"The bus leaves at 8:50.", "The bus leaves at ten past nine."},
		{"The rent is £1,200 a month.", "The rent is twelve hundred pounds a year."},
		{"The course takes 90 minutes.", "The course takes an hour."},
		{"The exam is on 14 March.", "The exam is on 14/04/2025."},
		{"Our number is 0161 496 0321.", "Our number is 0161 496 0877."},
	}
	for _, p := range other {
		a, b := valueKeys(meaningClaim(t, p[0], 1)), valueKeys(meaningClaim(t, p[1], 1))
		if slices.Equal(a, b) {
			t.Errorf("%q %v / %q %v: want other values", p[0], a, p[1], b)
		}
	}
}

// A value said in words and in figures is one value in the slot reading
// too: through the API, "The rent is twelve hundred pounds a month" and
// "Our rent is £1,200 a month" had opened a conflict.
func TestSlotValuesWrittenOtherwise(t *testing.T) {
	checkRelations(t, []relCase{
		{"The rent is twelve hundred pounds a month.", "Our rent is £1,200 a month.", 0, Duplicate},
		{"The timeout is half an hour.", "The timeout is 30 minutes.", 0, Duplicate},
		{"The rent is twelve hundred pounds a month.", "Our rent is £1,250 a month.", 0, Contradicts},
	})
}
