package admin

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/tramita/tramita/internal/brdoc"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// Company is a company with the usual fields and its additional fields.
type Company struct {
	ID               int64          `json:"id"`
	Name             string         `json:"name"`
	TaxID            string         `json:"taxId"`
	Address          string         `json:"address"`
	Contact          string         `json:"contact"`
	Email            string         `json:"email"`
	Phone            string         `json:"phone"`
	AdditionalFields map[string]any `json:"additionalFields"`
}

// CompanyFilter narrows the companies list: name or tax id contains.
type CompanyFilter struct {
	Name  string `json:"name"`
	TaxID string `json:"taxId"`
}

const companyColumns = `id, name, tax_id, address, contact, email, phone, additional`

// Companies lists companies by name.
func (s *Service) Companies(ctx context.Context, a Actor, f CompanyFilter) ([]Company, error) {
	if err := allow(a); err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `SELECT `+companyColumns+` FROM company WHERE name ILIKE $1 AND tax_id ILIKE $2 ORDER BY name`,
		likePattern(f.Name), likePattern(f.TaxID))
	if err != nil {
		return nil, fmt.Errorf("list companies: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Company])
	if err != nil {
		return nil, fmt.Errorf("list companies: %w", err)
	}
	return out, nil
}

func (s *Service) company(ctx context.Context, db querier, id int64, lock bool) (Company, error) {
	sql := `SELECT ` + companyColumns + ` FROM company WHERE id = $1`
	if lock {
		sql += ` FOR UPDATE`
	}
	rows, err := db.Query(ctx, sql, id)
	if err != nil {
		return Company{}, fmt.Errorf("load company: %w", err)
	}
	c, err := pgx.CollectExactlyOneRow(rows, pgx.RowToStructByPos[Company])
	if errors.Is(err, pgx.ErrNoRows) {
		return Company{}, httpx.NotFound()
	}
	if err != nil {
		return Company{}, fmt.Errorf("load company: %w", err)
	}
	return c, nil
}

// Company returns one company for its form.
func (s *Service) Company(ctx context.Context, a Actor, id int64) (Company, error) {
	if err := allow(a); err != nil {
		return Company{}, err
	}
	return s.company(ctx, s.db, id, false)
}

func checkCompany(c *Company) error {
	var v httpx.Validation
	for _, f := range []struct {
		field string
		value *string
		max   int
	}{{"name", &c.Name, maxNameLength}, {"taxId", &c.TaxID, 40}, {"address", &c.Address, 500},
		{"contact", &c.Contact, maxNameLength}, {"email", &c.Email, maxEmailLength}, {"phone", &c.Phone, 40}} {
		*f.value = strings.TrimSpace(*f.value)
		if utf8.RuneCountInString(*f.value) > f.max {
			v.Add(f.field, "admin.tooLong", "max", f.max)
		}
	}
	if c.Name == "" {
		v.Add("name", "error.required")
	}
	if c.Email != "" && !validEmail(c.Email) {
		v.Add("email", "portal.invalidEmail")
	}
	if c.TaxID != "" && utf8.RuneCountInString(c.TaxID) <= 40 && !brdoc.ValidCNPJ(c.TaxID) {
		v.Add("taxId", "admin.invalidCNPJ")
	}
	return v.Err()
}

// SaveCompany creates (id 0) or updates a company.
func (s *Service) SaveCompany(ctx context.Context, a Actor, in Company) (Company, error) {
	if err := allow(a); err != nil {
		return Company{}, err
	}
	if err := checkCompany(&in); err != nil {
		return Company{}, err
	}
	var saved Company
	err := s.tx(ctx, func(tx pgx.Tx) error {
		var err error
		if in.AdditionalFields, err = validateAdditional(ctx, tx, "company", in.AdditionalFields); err != nil {
			return err
		}
		var before any
		if in.ID == 0 {
			err = tx.QueryRow(ctx, `
				INSERT INTO company (name, tax_id, address, contact, email, phone, additional)
				VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
				in.Name, in.TaxID, in.Address, in.Contact, in.Email, in.Phone, in.AdditionalFields).Scan(&in.ID)
		} else {
			if before, err = s.company(ctx, tx, in.ID, true); err != nil {
				return err
			}
			_, err = tx.Exec(ctx, `
				UPDATE company SET name = $2, tax_id = $3, address = $4, contact = $5, email = $6, phone = $7,
					additional = $8, updated_at = now() WHERE id = $1`,
				in.ID, in.Name, in.TaxID, in.Address, in.Contact, in.Email, in.Phone, in.AdditionalFields)
		}
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.ConstraintName == "company_name_unique" {
			return httpx.Invalid("name", "admin.nameTaken")
		}
		if err != nil {
			return fmt.Errorf("save company: %w", err)
		}
		saved = in
		kind := "admin.company.created"
		if before != nil {
			kind = "admin.company.updated"
		}
		return s.record(ctx, tx, a, kind, "company", in.ID, before, saved)
	})
	return saved, err
}

// DeleteCompany deletes a company that no user or resource belongs to.
func (s *Service) DeleteCompany(ctx context.Context, a Actor, id int64, lang i18n.Lang) error {
	if err := allow(a); err != nil {
		return err
	}
	return s.tx(ctx, func(tx pgx.Tx) error {
		c, err := s.company(ctx, tx, id, true)
		if err != nil {
			return err
		}
		u, err := uses(ctx, tx, "company", id)
		if err != nil {
			return err
		}
		if len(u) > 0 {
			return httpx.Fail(http.StatusConflict, "admin.companyInUse", "uses", describeUses(lang, u))
		}
		if _, err := tx.Exec(ctx, `DELETE FROM company WHERE id = $1`, id); err != nil {
			return fmt.Errorf("delete company: %w", err)
		}
		return s.record(ctx, tx, a, "admin.company.deleted", "company", id, c, nil)
	})
}
