package admin_test

import (
	"context"
	"testing"
)

// BenchmarkUserList10000 measures getUsers over 10,000 users, whole list and
// a contains filter (issue 5: under 200 ms; a report, not a test).
func BenchmarkUserList10000(b *testing.B) {
	e := newEnv(b)
	if _, err := e.db.Exec(context.Background(), `
		INSERT INTO company (name) SELECT 'Empresa ' || g FROM generate_series(1, 50) g;
		INSERT INTO app_user (login, name, email, company_id)
		SELECT 'user' || g, 'Pessoa ' || md5(g::text), 'user' || g || '@example.com', (SELECT min(id) FROM company) + g % 50
		FROM generate_series(1, 10000) g;
		ANALYZE app_user; ANALYZE company;`); err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name   string
		filter any
	}{{"all", nil}, {"name contains", map[string]string{"name": "ab"}}, {"company contains", map[string]string{"companyName": "presa 4"}}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				e.do(e.root, "POST", "/user/getUsers", bc.filter).want(200)
			}
		})
	}
}
