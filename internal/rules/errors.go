package rules

import (
	"errors"
	"fmt"
	"net/http"
	"sort"

	"github.com/dop251/goja"

	"github.com/tramita/tramita/internal/httpx"
)

// Failure is a rule's refusal: fail(msg) or an uncaught ValidationError. Its
// Message is for the user, as the rule wrote it.
type Failure struct {
	Rule    string
	Message string
}

func (f *Failure) Error() string { return fmt.Sprintf("rule %s refused: %s", f.Rule, f.Message) }

// Kind says how a rule broke.
type Kind string

const (
	KindSyntax  Kind = "syntax"
	KindRuntime Kind = "runtime" // an uncaught exception
	KindTimeout Kind = "timeout"
	KindMemory  Kind = "memory"
	KindLimit   Kind = "limit" // a count or size limit (queries, messages, output, stack)
	KindTooBig  Kind = "tooBig"
)

// ScriptError is a broken rule: its author must fix it. Line and Column are
// the rule source's (1-based; 0 when unknown).
type ScriptError struct {
	Rule         string
	Kind         Kind
	Line, Column int
	Reason       string
}

func (e *ScriptError) Error() string {
	return fmt.Sprintf("rule %s: %s at line %d, column %d: %s", e.Rule, e.Kind, e.Line, e.Column, e.Reason)
}

// HTTPError turns a run's error into the answer of a call: a refusal is a 422
// with the rule's message; a broken rule a 500 naming the rule and its line
// (the log has the reason); anything else is returned as it is.
func HTTPError(err error) error {
	var f *Failure
	if errors.As(err, &f) {
		return httpx.Fail(http.StatusUnprocessableEntity, "rules.refused", "message", f.Message)
	}
	var se *ScriptError
	if errors.As(err, &se) {
		key := "rules.broken"
		switch se.Kind {
		case KindTimeout:
			key = "rules.timeout"
		case KindMemory, KindLimit, KindTooBig:
			key = "rules.limit"
		case KindSyntax:
			key = "rules.syntax"
		}
		return &httpx.Error{Status: http.StatusInternalServerError, Key: key,
			Args: []any{"rule", se.Rule, "line", se.Line, "reason", se.Reason}, Cause: se}
	}
	return err
}

// interruption values: why the watchdog stopped a run.
type interruption struct{ kind Kind }

// failure turns what goja returned into a Failure or a ScriptError.
func (s *session) failure(err error) error {
	var intr *goja.InterruptedError
	if errors.As(err, &intr) {
		switch v := intr.Value().(type) {
		case *Failure:
			return v
		case *ScriptError:
			return v
		case interruption:
			se := &ScriptError{Rule: s.rule.Name, Kind: v.kind}
			se.Line, se.Column = position(s.rule.Name, intr.Stack())
			if v.kind == KindTimeout {
				se.Reason = fmt.Sprintf("stopped after %s", s.rt.limits.Timeout)
			} else {
				se.Reason = fmt.Sprintf("stopped: the heap grew by more than %d MB", s.rt.limits.MaxHeapGrowth>>20)
			}
			return se
		}
		return &ScriptError{Rule: s.rule.Name, Kind: KindRuntime, Reason: intr.Error()}
	}
	var so *goja.StackOverflowError
	if errors.As(err, &so) {
		se := &ScriptError{Rule: s.rule.Name, Kind: KindLimit, Reason: fmt.Sprintf("more than %d nested calls", s.rt.limits.MaxCallDepth)}
		se.Line, se.Column = position(s.rule.Name, so.Stack())
		return se
	}
	var exc *goja.Exception
	if errors.As(err, &exc) {
		if msg, ok := s.validationMessage(exc.Value()); ok {
			return &Failure{Rule: s.rule.Name, Message: msg}
		}
		se := &ScriptError{Rule: s.rule.Name, Kind: KindRuntime, Reason: exc.Value().String()}
		se.Line, se.Column = position(s.rule.Name, exc.Stack())
		if o, ok := exc.Value().(*goja.Object); ok {
			if m := o.Get("message"); m != nil && !goja.IsUndefined(m) {
				name := "Error"
				if n := o.Get("name"); n != nil && !goja.IsUndefined(n) {
					name = n.String()
				}
				se.Reason = name + ": " + m.String()
			}
		}
		return se
	}
	return err
}

// position is the line of the innermost frame in the rule's own source.
func position(name string, stack []goja.StackFrame) (line, col int) {
	for _, f := range stack {
		p := f.Position()
		if p.Filename == name && p.Line > 0 {
			if p.Line == 1 {
				p.Column -= len(wrapHead)
			}
			return p.Line, p.Column
		}
	}
	return 0, 0
}

// changed names the keys whose JSON differs between a and b.
func changed(a, b map[string]any) []string {
	var out []string
	seen := map[string]bool{}
	for k, v := range b {
		seen[k] = true
		if old, ok := a[k]; !ok || !sameJSON(old, v) {
			out = append(out, k)
		}
	}
	for k := range a {
		if !seen[k] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}
