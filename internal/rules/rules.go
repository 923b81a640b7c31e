// Package rules runs the business rules of application packages: small
// JavaScript programs (goja, ECMAScript 5.1 with most of ES6) in a sandbox
// holding only what the caller gives it, within Limits. A rule is a function
// body that sees item, user, params, fail, ValidationError, items.query,
// messages.send and console.log; the caller supplies items and messages
// through Host, so a rule may read only what its caller may read.
package rules

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/dop251/goja"
)

// Limits bound one run of a rule. Zero fields take the defaults of
// DefaultLimits.
type Limits struct {
	// Timeout is the wall time of a run, host calls included.
	Timeout time.Duration
	// MaxSource caps a rule's source, in bytes.
	MaxSource int
	// MaxHeapGrowth is how far the process heap may grow while the rule
	// runs before it is stopped (see guard.go for what this does and does
	// not bound).
	MaxHeapGrowth uint64
	// MaxLength caps strings and arrays built by the builtins that make
	// them in one native step (repeat, padStart, padEnd, fill, join, Array).
	MaxLength int
	// MaxCallDepth caps the call stack (runaway recursion).
	MaxCallDepth int
	// MaxQueries and MaxRows cap items.query per run and per call.
	MaxQueries, MaxRows int
	// MaxMessages caps messages.send per run.
	MaxMessages int
	// MaxLogLines caps console.log per run.
	MaxLogLines int
	// MaxOutput caps the JSON of the item and the result handed back.
	MaxOutput int
	// Concurrent is how many rules may run at once in the process; more
	// wait (under their context) for a turn. It bounds the worst heap case
	// to about Concurrent × MaxHeapGrowth.
	Concurrent int
}

// DefaultLimits are the limits of a rule unless the caller says otherwise.
var DefaultLimits = Limits{
	Timeout:       2 * time.Second,
	MaxSource:     64 << 10,
	MaxHeapGrowth: 128 << 20,
	MaxLength:     1 << 20,
	MaxCallDepth:  200,
	MaxQueries:    20,
	MaxRows:       200,
	MaxMessages:   20,
	MaxLogLines:   50,
	MaxOutput:     1 << 20,
	Concurrent:    4,
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	pick := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	if l.Timeout <= 0 {
		l.Timeout = d.Timeout
	}
	if l.MaxHeapGrowth == 0 {
		l.MaxHeapGrowth = d.MaxHeapGrowth
	}
	pick(&l.MaxSource, d.MaxSource)
	pick(&l.MaxLength, d.MaxLength)
	pick(&l.MaxCallDepth, d.MaxCallDepth)
	pick(&l.MaxQueries, d.MaxQueries)
	pick(&l.MaxRows, d.MaxRows)
	pick(&l.MaxMessages, d.MaxMessages)
	pick(&l.MaxLogLines, d.MaxLogLines)
	pick(&l.MaxOutput, d.MaxOutput)
	pick(&l.Concurrent, d.Concurrent)
	return l
}

// Host is what a rule may reach beyond its own values, supplied by the
// caller for one run.
type Host interface {
	// QueryItems answers items.query with the items the caller may read.
	QueryItems(ctx context.Context, q Query) ([]map[string]any, error)
	// SendMessage answers messages.send. The caller decides when the
	// message really leaves (a transition sends with its transaction).
	SendMessage(ctx context.Context, userID int64, title, text string) error
}

// Query is the argument of items.query: the items of the type Component
// (a type key; empty: the item's own type) whose fields equal Where's values.
type Query struct {
	Component string         `json:"component"`
	Where     map[string]any `json:"where"`
	Limit     int            `json:"limit"`
}

// User is the caller as a rule sees it.
type User struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Login string `json:"login"`
	Email string `json:"email"`
}

// Rule is one rule: its source and a name for messages and the log.
type Rule struct {
	Name   string
	Source string
}

// Input is what one run sees.
type Input struct {
	Item   map[string]any
	User   User
	Params map[string]any
	Host   Host
}

// Output is what a run hands back.
type Output struct {
	// Item is the item as the rule left it; Changed names the fields whose
	// value differs from the input's (added or removed ones too).
	Item    map[string]any
	Changed []string
	// Result is the rule's return value as JSON (null when none).
	Result json.RawMessage
}

// Runtime runs rules. It is safe for concurrent use.
type Runtime struct {
	limits Limits
	log    *slog.Logger
	turns  chan struct{}
}

// New returns a runtime; log receives console.log lines and rule failures.
func New(log *slog.Logger, limits Limits) *Runtime {
	if log == nil {
		log = slog.Default()
	}
	limits = limits.withDefaults()
	return &Runtime{limits: limits, log: log, turns: make(chan struct{}, limits.Concurrent)}
}

// Limits returns the runtime's limits.
func (rt *Runtime) Limits() Limits { return rt.limits }

// wrapper makes the source a function body on the source's own lines, so
// `return` works and line numbers stay the author's.
const (
	wrapHead = "(function (item, user, params) {"
	wrapTail = "\n})"
)

// Check compiles a rule without running it: a syntax error comes back as a
// *ScriptError with its line (package import uses this).
func Check(r Rule, limits Limits) error {
	_, err := compile(r, limits.withDefaults())
	return err
}

func compile(r Rule, l Limits) (*goja.Program, error) {
	if len(r.Source) > l.MaxSource {
		return nil, &ScriptError{Rule: r.Name, Kind: KindTooBig, Reason: fmt.Sprintf("the source has %d bytes, more than %d", len(r.Source), l.MaxSource)}
	}
	prg, err := goja.Compile(r.Name, wrapHead+r.Source+wrapTail, true)
	if err != nil {
		se := &ScriptError{Rule: r.Name, Kind: KindSyntax, Reason: err.Error()}
		var ce *goja.CompilerSyntaxError
		if errors.As(err, &ce) && ce.File != nil {
			p := ce.File.Position(ce.Offset)
			se.Reason, se.Line, se.Column = ce.Message, p.Line, p.Column
		} else if m := parserError.FindStringSubmatch(err.Error()); m != nil {
			se.Line, _ = strconv.Atoi(m[1])
			se.Column, _ = strconv.Atoi(m[2])
			se.Reason = m[3]
		}
		if se.Line == 1 {
			se.Column -= len(wrapHead)
		}
		return nil, se
	}
	return prg, nil
}

// parserError is how goja's parser words a syntax error.
var parserError = regexp.MustCompile(`Line (\d+):(\d+) (.*?)(?: \(and \d+ more errors?\))?$`)

// Run runs r once on in. A refusal by the rule is a *Failure; a broken rule
// (syntax, exception, limit) a *ScriptError, logged with its line.
func (rt *Runtime) Run(ctx context.Context, r Rule, in Input) (*Output, error) {
	out, err := rt.run(ctx, r, in)
	var se *ScriptError
	if errors.As(err, &se) {
		rt.log.Warn("business rule failed", "rule", r.Name, "kind", se.Kind, "line", se.Line, "column", se.Column, "reason", se.Reason)
	}
	return out, err
}

func (rt *Runtime) run(ctx context.Context, r Rule, in Input) (*Output, error) {
	l := rt.limits
	prg, err := compile(r, l)
	if err != nil {
		return nil, err
	}
	select {
	case rt.turns <- struct{}{}:
		defer func() { <-rt.turns }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	ctx, cancel := context.WithTimeout(ctx, l.Timeout)
	defer cancel()

	vm := goja.New()
	vm.SetMaxCallStackSize(l.MaxCallDepth)
	s := &session{rt: rt, vm: vm, ctx: ctx, rule: r, in: in}
	if err := s.setup(); err != nil {
		return nil, fmt.Errorf("rule %s: setup: %w", r.Name, err)
	}
	stop := watch(ctx, vm, l)
	defer stop()

	fnVal, err := vm.RunProgram(prg)
	if err != nil {
		return nil, s.failure(err)
	}
	fn, ok := goja.AssertFunction(fnVal)
	if !ok {
		return nil, fmt.Errorf("rule %s: not a function", r.Name)
	}
	item, err := s.parse(in.Item)
	if err != nil {
		return nil, fmt.Errorf("rule %s: item: %w", r.Name, err)
	}
	user, err := s.parse(in.User)
	if err != nil {
		return nil, err
	}
	params, err := s.parse(in.Params)
	if err != nil {
		return nil, err
	}
	for _, v := range []goja.Value{user, params} {
		if o, ok := v.(*goja.Object); ok {
			if _, err := s.freeze(goja.Undefined(), o); err != nil {
				return nil, err
			}
		}
	}
	ret, err := fn(goja.Undefined(), item, user, params)
	if err != nil {
		return nil, s.failure(err)
	}
	return s.output(item, ret)
}

// output reads the item and the result back as JSON, within MaxOutput.
func (s *session) output(item, ret goja.Value) (*Output, error) {
	itemJSON, err := s.stringify(item)
	if err != nil {
		return nil, s.failure(err)
	}
	resJSON, err := s.stringify(ret)
	if err != nil {
		return nil, s.failure(err)
	}
	if len(itemJSON)+len(resJSON) > s.rt.limits.MaxOutput {
		return nil, &ScriptError{Rule: s.rule.Name, Kind: KindLimit, Reason: fmt.Sprintf("the item and the result take more than %d bytes", s.rt.limits.MaxOutput)}
	}
	out := &Output{Item: map[string]any{}, Result: json.RawMessage("null")}
	if resJSON != "" {
		out.Result = json.RawMessage(resJSON)
	}
	if itemJSON != "" && itemJSON != "null" {
		dec := json.NewDecoder(strings.NewReader(itemJSON))
		dec.UseNumber()
		if err := dec.Decode(&out.Item); err != nil {
			return nil, &ScriptError{Rule: s.rule.Name, Kind: KindRuntime, Reason: "item must stay an object"}
		}
	}
	before, err := json.Marshal(s.in.Item)
	if err != nil {
		return nil, err
	}
	var was map[string]any
	dec := json.NewDecoder(strings.NewReader(string(before)))
	dec.UseNumber()
	if err := dec.Decode(&was); err != nil {
		return nil, err
	}
	out.Changed = changed(was, out.Item)
	return out, nil
}
