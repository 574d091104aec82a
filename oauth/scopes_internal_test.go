package oauth

import (
	"slices"
	"testing"
	"time"
)

func TestEffectiveScopes(t *testing.T) {
	g := Grant{Owner: "usr_a", ClientID: "cli_a", Scopes: []string{ScopeRead, ScopeWrite}, ConsentVersion: 2}
	consent := func(scopes ...ConsentScope) Consent {
		return Consent{Owner: "usr_a", ClientID: "cli_a", Scopes: scopes}
	}
	at := time.Now()
	for name, tc := range map[string]struct {
		token []string
		c     Consent
		want  []string
	}{
		"all held":          {[]string{ScopeRead, ScopeWrite}, consent(ConsentScope{ScopeRead, 1, at}, ConsentScope{ScopeWrite, 2, at}), []string{ScopeRead, ScopeWrite}},
		"narrowed":          {[]string{ScopeRead, ScopeWrite}, consent(ConsentScope{ScopeRead, 1, at}), []string{ScopeRead}},
		"revoked":           {[]string{ScopeRead, ScopeWrite}, consent(), []string{}},
		"re-added later":    {[]string{ScopeRead, ScopeWrite}, consent(ConsentScope{ScopeRead, 1, at}, ConsentScope{ScopeWrite, 3, at}), []string{ScopeRead}},
		"beyond the grant":  {[]string{ScopeRead, ScopeUsage}, consent(ConsentScope{ScopeRead, 1, at}, ConsentScope{ScopeUsage, 1, at}), []string{ScopeRead}},
		"token narrower":    {[]string{ScopeWrite}, consent(ConsentScope{ScopeRead, 1, at}, ConsentScope{ScopeWrite, 2, at}), []string{ScopeWrite}},
		"another's consent": {[]string{ScopeRead}, Consent{Owner: "usr_b", ClientID: "cli_a", Scopes: []ConsentScope{{ScopeRead, 1, at}}}, []string{}},
	} {
		if got := effectiveScopes(tc.token, g, tc.c); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", name, got, tc.want)
		}
	}
}
