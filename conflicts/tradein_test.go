package conflicts

import "testing"

// TestAPriceWithoutACurrencyAndATradeIn: "680 per litre" is a price per
// litre though no currency is said, petrol is the fuel, and "traded in the
// Passat" ends the Passat.
func TestAPriceWithoutACurrencyAndATradeIn(t *testing.T) {
	checkRelations(t, []relCase{
		{"fuel at the Mobil near us is 680 per litre now, so running it all day is painful", "petrol is 1,030 per litre at the same Mobil now.", apart, Supersedes},
		{"car is a 2016 Passat diesel, 240 000 km.", "traded in the Passat for a Kia EV6.", apart, Supersedes},
		// another thing's price per litre, another car traded in
		{"fuel at the Mobil near us is 680 per litre now", "milk at the Mobil shop is 900 per litre now", apart, Unrelated},
		{"car is a 2016 Passat diesel, 240 000 km.", "my brother traded in his Golf for a Kia EV6.", apart, Unrelated},
	})
}
