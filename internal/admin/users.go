package admin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/mail"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	tmail "github.com/tramita/tramita/internal/mail"
)

// UserFilter narrows the user list; each field is "contains", case-insensitive.
type UserFilter struct {
	Name        string `json:"name"`
	Email       string `json:"email"`
	CompanyName string `json:"companyName"`
	// AdditionalFields filters by additional field id: the value's text
	// contains the given text (a boolean or number matches its JSON text).
	AdditionalFields map[string]string `json:"additionalFields"`
}

// UserRow is one line of the user list (spec section 2, User list).
type UserRow struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Email       string `json:"email"`
	CompanyName string `json:"companyName"`
	Login       string `json:"login"`
	Active      bool   `json:"active"`
	// Avatar is the address of the user's picture (GET, administrators
	// only), "" when the user has none: ten thousand inline images would
	// not fit in one answer.
	Avatar string `json:"avatar"`
}

// likePattern makes a "contains" pattern of s, its wildcards taken literally.
func likePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.TrimSpace(s)) + "%"
}

// Users lists every user matching f, by name: one query, trigram indexes.
func (s *Service) Users(ctx context.Context, a Actor, f UserFilter) ([]UserRow, error) {
	if err := allow(a); err != nil {
		return nil, err
	}
	var where []string
	var args []any
	for _, c := range []struct{ value, column string }{
		{f.Name, "u.name"}, {f.Email, "u.email::text"}, {f.CompanyName, "c.name"},
	} {
		if strings.TrimSpace(c.value) != "" {
			args = append(args, likePattern(c.value))
			where = append(where, c.column+" ILIKE $"+strconv.Itoa(len(args)))
		}
	}
	if len(f.AdditionalFields) > 0 {
		fields, err := fieldDefinitions(ctx, s.db, "user")
		if err != nil {
			return nil, err
		}
		known := map[string]bool{}
		for _, d := range fields {
			known[strconv.FormatInt(d.ID, 10)] = true
		}
		keys := make([]string, 0, len(f.AdditionalFields))
		for k := range f.AdditionalFields {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if !known[k] {
				return nil, httpx.Invalid("additionalFields."+k, "admin.unknownField")
			}
			if strings.TrimSpace(f.AdditionalFields[k]) == "" {
				continue
			}
			args = append(args, k, likePattern(f.AdditionalFields[k]))
			where = append(where, "u.additional->>$"+strconv.Itoa(len(args)-1)+" ILIKE $"+strconv.Itoa(len(args)))
		}
	}
	sql := `
		SELECT u.id, u.name, u.email::text AS email, coalesce(c.name, '') AS company_name, u.login::text AS login, u.active,
			CASE WHEN u.avatar = '' THEN ''
			     ELSE '/api/admin/users/' || u.id || '/avatar?v=' || floor(extract(epoch FROM u.updated_at))::bigint END AS avatar
		FROM app_user u LEFT JOIN company c ON c.id = u.company_id`
	if len(where) > 0 {
		sql += " WHERE " + strings.Join(where, " AND ")
	}
	sql += " ORDER BY u.name, u.id"
	rows, err := s.db.Query(ctx, sql, args...)
	if err != nil {
		return nil, fmt.Errorf("list users: %w", err)
	}
	list, err := pgx.CollectRows(rows, pgx.RowToStructByPos[UserRow])
	if err != nil {
		return nil, fmt.Errorf("list users: %w", err)
	}
	return list, nil
}

// Avatar returns a user's picture as a data URL, "" when none.
func (s *Service) Avatar(ctx context.Context, a Actor, id int64) (string, error) {
	if err := allow(a); err != nil {
		return "", err
	}
	var avatar string
	err := s.db.QueryRow(ctx, `SELECT avatar FROM app_user WHERE id = $1`, id).Scan(&avatar)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && avatar == "") {
		return "", httpx.NotFound()
	}
	if err != nil {
		return "", fmt.Errorf("user avatar: %w", err)
	}
	return avatar, nil
}

// Option is an entry of a dropdown that names a record.
type Option struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// CodeOption is an entry of a dropdown of fixed codes, its name translated.
type CodeOption struct {
	Value string `json:"value"`
	Name  string `json:"name"`
}

// UserFormInitialData is what the user form offers to choose from.
type UserFormInitialData struct {
	Companies          []Option          `json:"companies"`
	Groups             []Option          `json:"groups"`
	Languages          []CodeOption      `json:"languages"`
	TimesheetTypes     []CodeOption      `json:"timesheetTypes"`
	AutoTimesheetTypes []CodeOption      `json:"autoTimesheetTypes"`
	AdditionalFields   []FieldDefinition `json:"additionalFields"`
	// MailConfigured says whether a new user's temporary password can be mailed.
	MailConfigured bool `json:"mailConfigured"`
}

// Languages, timesheet types and automatic timesheet types a user may have.
// Timesheet: 0 records no hours, 1 hours per day, 2 start and end; automatic:
// 0 manual, 1 from tasks, 2 from the work calendar.
var (
	languages          = []string{"pt-br", "en"}
	timesheetTypes     = []string{"0", "1", "2"}
	autoTimesheetTypes = []string{"0", "1", "2"}
)

func codeOptions(lang i18n.Lang, prefix string, codes []string) []CodeOption {
	out := make([]CodeOption, len(codes))
	for i, c := range codes {
		out[i] = CodeOption{Value: c, Name: i18n.T(lang, prefix+c)}
	}
	return out
}

// UserFormInitialData answers the user form's choices.
func (s *Service) UserFormInitialData(ctx context.Context, a Actor, lang i18n.Lang) (UserFormInitialData, error) {
	if err := allow(a); err != nil {
		return UserFormInitialData{}, err
	}
	out := UserFormInitialData{
		Languages:          codeOptions(lang, "admin.language.", languages),
		TimesheetTypes:     codeOptions(lang, "admin.timesheetType.", timesheetTypes),
		AutoTimesheetTypes: codeOptions(lang, "admin.autoTimesheetType.", autoTimesheetTypes),
	}
	var err error
	if out.Companies, err = s.options(ctx, `SELECT id, name FROM company ORDER BY name`); err != nil {
		return out, err
	}
	// The all-users group has no members to choose: everybody is in it.
	if out.Groups, err = s.options(ctx, `SELECT id, name::text FROM user_group WHERE NOT all_users ORDER BY name`); err != nil {
		return out, err
	}
	if out.AdditionalFields, err = fieldDefinitions(ctx, s.db, "user"); err != nil {
		return out, err
	}
	if out.MailConfigured, err = s.mailer.Configured(ctx); err != nil {
		return out, err
	}
	return out, nil
}

func (s *Service) options(ctx context.Context, sql string) ([]Option, error) {
	rows, err := s.db.Query(ctx, sql)
	if err != nil {
		return nil, fmt.Errorf("options: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Option])
	if err != nil {
		return nil, fmt.Errorf("options: %w", err)
	}
	return out, nil
}

// WorkPeriod is one stretch of a work calendar: weekDay 0 (Sunday) to 6,
// start and end as HH:MM.
type WorkPeriod struct {
	WeekDay int    `json:"weekDay"`
	Start   string `json:"start"`
	End     string `json:"end"`
}

// Calendar is a user's or resource's work calendar: the working periods of
// each weekday and the holidays, days off whatever the weekday.
type Calendar struct {
	WorkPeriods []WorkPeriod `json:"workPeriods"`
	Holidays    []Holiday    `json:"holidays,omitempty"`
}

// Holiday is a day off of a work calendar: date YYYY-MM-DD and its name.
type Holiday struct {
	Date string `json:"date"`
	Name string `json:"name"`
}

// Tidy trims the holidays' names and puts them in date order, as a form
// sent them to be kept.
func (c *Calendar) Tidy() {
	if c.WorkPeriods == nil {
		c.WorkPeriods = []WorkPeriod{}
	}
	for i := range c.Holidays {
		c.Holidays[i].Name = strings.TrimSpace(c.Holidays[i].Name)
	}
	slices.SortStableFunc(c.Holidays, func(a, b Holiday) int { return strings.Compare(a.Date, b.Date) })
}

// UserForm is the user form, read by getUsertoEdit and sent by saveUser.
// No password: an administrator never sets nor sees one.
type UserForm struct {
	ID                       int64          `json:"id"`
	Login                    string         `json:"login"`
	Name                     string         `json:"name"`
	Email                    string         `json:"email"`
	CompanyID                *int64         `json:"companyId"`
	Groups                   []int64        `json:"groups"`
	Active                   bool           `json:"active"`
	Language                 string         `json:"language"`
	PanelAdmin               bool           `json:"panelAdmin"`
	Administrator            bool           `json:"administrator"`
	ChangePasswordPermission bool           `json:"changePasswordPermission"`
	MustChangePassword       bool           `json:"mustChangePassword"`
	MFAEnabled               bool           `json:"mfaEnabled"`
	TimesheetType            string         `json:"timesheetType"`
	AutoTimesheetType        string         `json:"autoTimesheetType"`
	Calendar                 Calendar       `json:"calendar"`
	Avatar                   string         `json:"avatar"`
	AdditionalFields         map[string]any `json:"additionalFields"`
}

// SaveUserInput is the form plus the one-off actions of a save.
type SaveUserInput struct {
	UserForm
	// ResetMFA removes the user's second factor; the user enrols again.
	ResetMFA bool `json:"resetMFA"`
	// PasswordDelivery is how a new user's temporary password reaches them:
	// "mail", "show" (in the answer, once) or "" (mail when a mail server is set up, else show).
	PasswordDelivery string `json:"passwordDelivery"`
}

// SavedUser is saveUser's answer: the user's form and, when the new user's
// temporary password was not mailed, that password, shown once.
type SavedUser struct {
	UserForm
	// PasswordDelivery is "mail" or "show" for a new user, empty on an edit.
	PasswordDelivery  string `json:"passwordDelivery,omitempty"`
	TemporaryPassword string `json:"temporaryPassword,omitempty"`
}

// newUserForm is the empty form of spec section 2: id 0, timesheet types
// '0', an empty calendar.
func newUserForm() UserForm {
	return UserForm{Active: true, Language: "pt-br", ChangePasswordPermission: true, MustChangePassword: true,
		TimesheetType: "0", AutoTimesheetType: "0", Calendar: Calendar{WorkPeriods: []WorkPeriod{}},
		Groups: []int64{}, AdditionalFields: map[string]any{}}
}

// UserToEdit answers the form of user id; id 0 is the empty new-user form.
func (s *Service) UserToEdit(ctx context.Context, a Actor, id int64) (UserForm, error) {
	if err := allow(a); err != nil {
		return UserForm{}, err
	}
	if id == 0 {
		return newUserForm(), nil
	}
	return s.userForm(ctx, s.db, id, false)
}

type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

func (s *Service) userForm(ctx context.Context, db querier, id int64, lock bool) (UserForm, error) {
	sql := `
		SELECT id, login::text, name, email::text, company_id, active, language, panel_admin, administrator,
			change_password_permission, must_change_password, mfa_enabled, timesheet_type::text, auto_timesheet_type::text,
			calendar, avatar, additional,
			ARRAY(SELECT m.group_id FROM group_member m WHERE m.user_id = app_user.id ORDER BY m.group_id)
		FROM app_user WHERE id = $1`
	if lock {
		sql += " FOR UPDATE"
	}
	var f UserForm
	err := db.QueryRow(ctx, sql, id).Scan(&f.ID, &f.Login, &f.Name, &f.Email, &f.CompanyID, &f.Active, &f.Language,
		&f.PanelAdmin, &f.Administrator, &f.ChangePasswordPermission, &f.MustChangePassword, &f.MFAEnabled,
		&f.TimesheetType, &f.AutoTimesheetType, &f.Calendar, &f.Avatar, &f.AdditionalFields, &f.Groups)
	if errors.Is(err, pgx.ErrNoRows) {
		return UserForm{}, httpx.NotFound()
	}
	if err != nil {
		return UserForm{}, fmt.Errorf("load user %d: %w", id, err)
	}
	if f.Calendar.WorkPeriods == nil {
		f.Calendar.WorkPeriods = []WorkPeriod{}
	}
	return f, nil
}

// Limits of the user form.
const (
	maxLoginLength    = 100
	maxNameLength     = 200
	maxEmailLength    = 254
	maxWorkPeriods    = 70
	maxHolidays       = 200
	maxHolidayName    = 100
	maxAvatarURLBytes = 700 << 10 // a 512 KB image in base64, with its header
)

var clockTime = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)

// validEmail is the simple address check of spec section 5.
func validEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && strings.Contains(s[strings.LastIndexByte(s, '@'):], ".")
}

func (in *SaveUserInput) normalize() {
	in.Login = strings.TrimSpace(in.Login)
	in.Name = strings.TrimSpace(in.Name)
	in.Email = strings.TrimSpace(in.Email)
	in.Language = strings.ToLower(strings.TrimSpace(in.Language))
	if in.Language == "" {
		in.Language = "pt-br"
	}
	if in.TimesheetType == "" {
		in.TimesheetType = "0"
	}
	if in.AutoTimesheetType == "" {
		in.AutoTimesheetType = "0"
	}
	if in.Groups == nil {
		in.Groups = []int64{}
	}
	slices.Sort(in.Groups)
	in.Groups = slices.Compact(in.Groups)
	in.Calendar.Tidy()
	if in.AdditionalFields == nil {
		in.AdditionalFields = map[string]any{}
	}
}

func checkUser(in SaveUserInput, v *httpx.Validation) {
	switch {
	case in.Login == "":
		v.Add("login", "error.required")
	case utf8.RuneCountInString(in.Login) > maxLoginLength:
		v.Add("login", "admin.tooLong", "max", maxLoginLength)
	case strings.ContainsFunc(in.Login, func(r rune) bool { return r <= ' ' }):
		v.Add("login", "admin.loginSpaces")
	}
	switch {
	case in.Name == "":
		v.Add("name", "error.required")
	case utf8.RuneCountInString(in.Name) > maxNameLength:
		v.Add("name", "admin.tooLong", "max", maxNameLength)
	}
	switch {
	case in.Email == "":
		v.Add("email", "error.required")
	case len(in.Email) > maxEmailLength || !validEmail(in.Email):
		v.Add("email", "portal.invalidEmail")
	}
	if !slices.Contains(languages, in.Language) {
		v.Add("language", "admin.invalidOption")
	}
	if !slices.Contains(timesheetTypes, in.TimesheetType) {
		v.Add("timesheetType", "admin.invalidOption")
	}
	if !slices.Contains(autoTimesheetTypes, in.AutoTimesheetType) {
		v.Add("autoTimesheetType", "admin.invalidOption")
	}
	checkCalendar(in.Calendar, v)
	if in.Avatar != "" && (len(in.Avatar) > maxAvatarURLBytes || !validAvatar(in.Avatar)) {
		v.Add("avatar", "portal.avatarInvalid")
	}
}

func checkCalendar(c Calendar, v *httpx.Validation) {
	checkHolidays(c.Holidays, v)
	if len(c.WorkPeriods) > maxWorkPeriods {
		v.Add("calendar", "admin.tooManyWorkPeriods", "max", maxWorkPeriods)
		return
	}
	for i, p := range c.WorkPeriods {
		field := fmt.Sprintf("calendar.workPeriods[%d]", i)
		switch {
		case p.WeekDay < 0 || p.WeekDay > 6:
			v.Add(field+".weekDay", "admin.invalidWeekDay")
		case !clockTime.MatchString(p.Start):
			v.Add(field+".start", "admin.invalidTime")
		case !clockTime.MatchString(p.End):
			v.Add(field+".end", "admin.invalidTime")
		case p.End <= p.Start:
			v.Add(field+".end", "admin.periodEndBeforeStart")
		}
	}
}

// checkHolidays wants a real date, once each, and a name (trimmed by
// Calendar.Tidy).
func checkHolidays(hs []Holiday, v *httpx.Validation) {
	if len(hs) > maxHolidays {
		v.Add("calendar", "admin.tooManyHolidays", "max", maxHolidays)
		return
	}
	seen := make(map[string]bool, len(hs))
	for i, h := range hs {
		field := fmt.Sprintf("calendar.holidays[%d]", i)
		d, err := time.Parse(time.DateOnly, h.Date)
		switch {
		case err != nil || d.Year() < 1900 || d.Year() > 2200:
			v.Add(field+".date", "admin.holidayDate")
		case seen[h.Date]:
			v.Add(field+".date", "admin.holidayTwice", "date", d.Format("02/01/2006"))
		case h.Name == "":
			v.Add(field+".name", "admin.holidayName")
		case utf8.RuneCountInString(h.Name) > maxHolidayName:
			v.Add(field+".name", "admin.holidayNameTooLong", "max", maxHolidayName)
		}
		seen[h.Date] = true
	}
}

func validAvatar(s string) bool {
	for _, t := range []string{"data:image/png;base64,", "data:image/jpeg;base64,", "data:image/webp;base64,"} {
		if strings.HasPrefix(s, t) {
			return true
		}
	}
	return false
}

// isAdmin is what "an administrator" means for the last-administrator rule.
func (f UserForm) isAdmin() bool { return f.Active && (f.PanelAdmin || f.Administrator) }

// snapshot is a user as the audit log keeps it: no picture, only whether one is set.
func (f UserForm) snapshot() map[string]any {
	b, _ := json.Marshal(f)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	m["avatar"] = f.Avatar != ""
	return m
}

// lockAdministrators serializes the changes that may remove an
// administrator, so two at once cannot remove the last two.
func lockAdministrators(ctx context.Context, tx pgx.Tx) error {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('tramita.admin.administrators'))`); err != nil {
		return fmt.Errorf("lock administrators: %w", err)
	}
	return nil
}

func otherAdministrators(ctx context.Context, tx pgx.Tx, except []int64) (int, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT count(*) FROM app_user WHERE active AND (panel_admin OR administrator) AND id <> ALL($1)`, except).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count administrators: %w", err)
	}
	return n, nil
}

// SaveUser creates (id 0) or updates a user. A new user gets a temporary
// password, to be changed at the first sign-in: mailed, or shown once in the
// answer for the administrator to hand over (a fresh install has no mail server).
func (s *Service) SaveUser(ctx context.Context, a Actor, in SaveUserInput) (SavedUser, error) {
	if err := allow(a); err != nil {
		return SavedUser{}, err
	}
	in.normalize()
	var v httpx.Validation
	checkUser(in, &v)
	if in.ID == 0 && in.PasswordDelivery != "" && in.PasswordDelivery != "mail" && in.PasswordDelivery != "show" {
		v.Add("passwordDelivery", "admin.badPasswordDelivery")
	}
	if err := v.Err(); err != nil {
		return SavedUser{}, err
	}
	if in.ID == 0 && in.PasswordDelivery != "show" {
		ok, err := s.mailer.Configured(ctx)
		if err != nil {
			return SavedUser{}, err
		}
		switch {
		case ok:
			in.PasswordDelivery = "mail"
		case in.PasswordDelivery == "mail":
			return SavedUser{}, httpx.Fail(http.StatusConflict, "admin.mailNotConfigured")
		default:
			in.PasswordDelivery = "show"
		}
	}
	var saved SavedUser
	err := s.tx(ctx, func(tx pgx.Tx) error {
		if err := s.checkUserRefs(ctx, tx, in); err != nil {
			return err
		}
		var err error
		if in.AdditionalFields, err = validateAdditional(ctx, tx, "user", in.AdditionalFields); err != nil {
			return err
		}
		if in.ID == 0 {
			saved, err = s.createUser(ctx, tx, a, in)
		} else {
			saved.UserForm, err = s.updateUser(ctx, tx, a, in)
		}
		return err
	})
	if err != nil {
		return SavedUser{}, err
	}
	return saved, nil
}

func (s *Service) checkUserRefs(ctx context.Context, tx pgx.Tx, in SaveUserInput) error {
	if in.CompanyID != nil {
		var ok bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM company WHERE id = $1)`, *in.CompanyID).Scan(&ok); err != nil {
			return fmt.Errorf("check company: %w", err)
		}
		if !ok {
			return httpx.Invalid("companyId", "admin.unknownCompany")
		}
	}
	var n int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM user_group WHERE id = ANY($1) AND NOT all_users`, in.Groups).Scan(&n); err != nil {
		return fmt.Errorf("check groups: %w", err)
	}
	if n != len(in.Groups) {
		return httpx.Invalid("groups", "admin.unknownGroup")
	}
	var taken bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM app_user WHERE login = $1 AND id <> $2)`, in.Login, in.ID).Scan(&taken); err != nil {
		return fmt.Errorf("check login: %w", err)
	}
	if taken {
		return httpx.Invalid("login", "admin.loginTaken")
	}
	return nil
}

func (s *Service) createUser(ctx context.Context, tx pgx.Tx, a Actor, in SaveUserInput) (SavedUser, error) {
	if err := s.checkUserLimit(ctx, tx); err != nil {
		return SavedUser{}, err
	}
	password := auth.RandomPassword(16)
	hash, err := auth.HashPassword(password)
	if err != nil {
		return SavedUser{}, err
	}
	var id int64
	err = tx.QueryRow(ctx, `
		INSERT INTO app_user (login, name, email, company_id, active, language, panel_admin, administrator,
			change_password_permission, must_change_password, timesheet_type, auto_timesheet_type, calendar, avatar,
			additional, password_hash, password_changed_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, true, $10::smallint, $11::smallint, $12, $13, $14, $15, $16)
		RETURNING id`,
		in.Login, in.Name, in.Email, in.CompanyID, in.Active, in.Language, in.PanelAdmin, in.Administrator,
		in.ChangePasswordPermission, in.TimesheetType, in.AutoTimesheetType, in.Calendar, in.Avatar,
		in.AdditionalFields, hash, s.now()).Scan(&id)
	if err != nil {
		return SavedUser{}, loginConflict(err)
	}
	if err := setGroups(ctx, tx, id, in.Groups); err != nil {
		return SavedUser{}, err
	}
	form, err := s.userForm(ctx, tx, id, false)
	if err != nil {
		return SavedUser{}, err
	}
	snapshot := form.snapshot()
	snapshot["passwordDelivery"] = in.PasswordDelivery
	if err := s.record(ctx, tx, a, "admin.user.created", "user", id, nil, snapshot); err != nil {
		return SavedUser{}, err
	}
	saved := SavedUser{UserForm: form, PasswordDelivery: in.PasswordDelivery}
	if in.PasswordDelivery == "show" {
		saved.TemporaryPassword = password
		return saved, nil
	}
	// Sent last, inside the transaction: a mail that does not go out leaves
	// no user behind whose password nobody knows.
	userLang := i18n.Parse(in.Language)
	msg := tmail.Message{To: in.Email,
		Subject: i18n.T(userLang, "admin.welcomeSubject"),
		Text:    i18n.T(userLang, "admin.welcomeText", "name", in.Name, "login", in.Login, "password", password)}
	if err := s.mailer.Send(ctx, msg); err != nil {
		return SavedUser{}, &httpx.Error{Status: http.StatusBadGateway, Key: "admin.mailFailed", Cause: err}
	}
	return saved, nil
}

func loginConflict(err error) error {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.ConstraintName == "app_user_login_unique" {
		return httpx.Invalid("login", "admin.loginTaken")
	}
	return fmt.Errorf("save user: %w", err)
}

func setGroups(ctx context.Context, tx pgx.Tx, userID int64, groups []int64) error {
	if _, err := tx.Exec(ctx, `DELETE FROM group_member WHERE user_id = $1 AND group_id <> ALL($2)`, userID, groups); err != nil {
		return fmt.Errorf("set groups: %w", err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO group_member (group_id, user_id) SELECT g, $1 FROM unnest($2::bigint[]) g ON CONFLICT DO NOTHING`,
		userID, groups); err != nil {
		return fmt.Errorf("set groups: %w", err)
	}
	return nil
}

func (s *Service) updateUser(ctx context.Context, tx pgx.Tx, a Actor, in SaveUserInput) (UserForm, error) {
	if err := lockAdministrators(ctx, tx); err != nil {
		return UserForm{}, err
	}
	before, err := s.userForm(ctx, tx, in.ID, true)
	if err != nil {
		return UserForm{}, err
	}
	after := in.UserForm
	after.MFAEnabled = before.MFAEnabled && !in.ResetMFA
	if before.isAdmin() && !after.isAdmin() {
		if in.ID == a.UserID {
			return UserForm{}, httpx.Fail(http.StatusConflict, "admin.cannotDemoteSelf")
		}
		n, err := otherAdministrators(ctx, tx, []int64{in.ID})
		if err != nil {
			return UserForm{}, err
		}
		if n == 0 {
			return UserForm{}, httpx.Fail(http.StatusConflict, "admin.lastAdministrator")
		}
	}
	_, err = tx.Exec(ctx, `
		UPDATE app_user SET login = $2, name = $3, email = $4, company_id = $5, active = $6, language = $7,
			panel_admin = $8, administrator = $9, change_password_permission = $10, must_change_password = $11,
			timesheet_type = $12::smallint, auto_timesheet_type = $13::smallint, calendar = $14, avatar = $15,
			additional = $16, updated_at = $17
		WHERE id = $1`,
		in.ID, in.Login, in.Name, in.Email, in.CompanyID, in.Active, in.Language, in.PanelAdmin, in.Administrator,
		in.ChangePasswordPermission, in.MustChangePassword, in.TimesheetType, in.AutoTimesheetType, in.Calendar,
		in.Avatar, in.AdditionalFields, s.now())
	if err != nil {
		return UserForm{}, loginConflict(err)
	}
	if err := setGroups(ctx, tx, in.ID, in.Groups); err != nil {
		return UserForm{}, err
	}
	if in.ResetMFA && before.MFAEnabled {
		if _, err := tx.Exec(ctx, `UPDATE app_user SET mfa_enabled = false, mfa_secret = NULL, mfa_last_step = 0 WHERE id = $1`, in.ID); err != nil {
			return UserForm{}, fmt.Errorf("reset mfa: %w", err)
		}
	}
	// A disabled user, or one whose second factor is gone, is signed out everywhere at once.
	if (before.Active && !in.Active) || (in.ResetMFA && before.MFAEnabled) {
		if _, err := tx.Exec(ctx, `UPDATE user_session SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL`, in.ID, s.now()); err != nil {
			return UserForm{}, fmt.Errorf("end sessions: %w", err)
		}
	}
	saved, err := s.userForm(ctx, tx, in.ID, false)
	if err != nil {
		return UserForm{}, err
	}
	if err := s.record(ctx, tx, a, "admin.user.updated", "user", in.ID, before.snapshot(), saved.snapshot()); err != nil {
		return UserForm{}, err
	}
	return saved, nil
}

func (s *Service) checkUserLimit(ctx context.Context, tx pgx.Tx) error {
	var limit *int
	var used int
	err := tx.QueryRow(ctx, `SELECT max_users, (SELECT count(*) FROM app_user) FROM plan WHERE id = 1 FOR UPDATE`).Scan(&limit, &used)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("plan limit: %w", err)
	}
	if limit != nil && used >= *limit {
		return httpx.Fail(http.StatusConflict, "admin.planUserLimit", "max", *limit)
	}
	return nil
}

// DeleteUsers deletes the users ids, all or none. Nobody deletes themselves
// or the last administrator.
func (s *Service) DeleteUsers(ctx context.Context, a Actor, ids []int64) error {
	if err := allow(a); err != nil {
		return err
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if len(ids) == 0 {
		return httpx.Invalid("ids", "admin.selectAtLeastOne")
	}
	if slices.Contains(ids, a.UserID) {
		return httpx.Fail(http.StatusConflict, "admin.cannotDeleteSelf")
	}
	return s.tx(ctx, func(tx pgx.Tx) error {
		if err := lockAdministrators(ctx, tx); err != nil {
			return err
		}
		befores := make([]UserForm, 0, len(ids))
		removesAdmin := false
		for _, id := range ids {
			f, err := s.userForm(ctx, tx, id, true)
			if err != nil {
				return err
			}
			removesAdmin = removesAdmin || f.isAdmin()
			befores = append(befores, f)
		}
		if removesAdmin {
			n, err := otherAdministrators(ctx, tx, ids)
			if err != nil {
				return err
			}
			if n == 0 {
				return httpx.Fail(http.StatusConflict, "admin.lastAdministrator")
			}
		}
		for _, f := range befores {
			if err := s.record(ctx, tx, a, "admin.user.deleted", "user", f.ID, f.snapshot(), nil); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `DELETE FROM app_user WHERE id = ANY($1)`, ids); err != nil {
			var pgErr *pgconn.PgError
			if errors.As(err, &pgErr) && pgErr.Code == "23503" {
				return httpx.Fail(http.StatusConflict, "admin.userInUse")
			}
			return fmt.Errorf("delete users: %w", err)
		}
		return nil
	})
}
