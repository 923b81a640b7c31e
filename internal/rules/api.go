package rules

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/dop251/goja"
)

// session is one run: the VM, its context and what the rule used so far.
type session struct {
	rt   *Runtime
	vm   *goja.Runtime
	ctx  context.Context
	rule Rule
	in   Input

	parseFn, stringifyFn, freeze goja.Callable
	validationErr                *goja.Object
	queries, messages, logs      int
}

// prelude runs before the rule: it defines ValidationError, caps at MAX the
// builtins that build a large string or array in one native step (which no
// interrupt stops), and removes the binary buffers, allocated whole at once.
const prelude = `(function (MAX) {
	"use strict";
	function ValidationError(message) {
		if (!(this instanceof ValidationError)) return new ValidationError(message);
		this.message = String(message);
	}
	ValidationError.prototype = Object.create(Error.prototype);
	ValidationError.prototype.constructor = ValidationError;
	ValidationError.prototype.name = "ValidationError";
	function tooLong() { throw new RangeError("the result would be longer than " + MAX); }
	function guard(proto, name, size) {
		var original = proto[name];
		Object.defineProperty(proto, name, { configurable: false, writable: false, enumerable: false,
			value: function () {
				if (size.apply(this, arguments) > MAX) tooLong();
				return original.apply(this, arguments);
			} });
	}
	var len = function (x) { var n = Number(x && x.length); return isFinite(n) ? n : 0; };
	guard(String.prototype, "repeat", function (n) { return String(this).length * Number(n); });
	guard(String.prototype, "padStart", function (n) { return Number(n); });
	guard(String.prototype, "padEnd", function (n) { return Number(n); });
	guard(Array.prototype, "fill", function () { return len(this); });
	guard(Array.prototype, "join", function (sep) { return len(this) * (sep === undefined ? 1 : String(sep).length + 1); });
	guard(Array, "from", function (src) { return len(src); });
	var NativeArray = Array;
	var SafeArray = function Array(n) {
		if (arguments.length === 1 && typeof n === "number" && n > MAX) tooLong();
		return NativeArray.apply(null, arguments);
	};
	SafeArray.prototype = NativeArray.prototype;
	SafeArray.isArray = NativeArray.isArray;
	SafeArray.of = NativeArray.of;
	SafeArray.from = NativeArray.from;
	Object.defineProperty(NativeArray.prototype, "constructor", { value: SafeArray, writable: false, configurable: false, enumerable: false });
	var g = (0, eval)("this");
	Object.defineProperty(g, "Array", { value: SafeArray, writable: false, configurable: false, enumerable: false });
	["ArrayBuffer", "SharedArrayBuffer", "DataView", "Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array",
	 "Uint16Array", "Int32Array", "Uint32Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array",
	 "WeakRef", "FinalizationRegistry"].forEach(function (n) { delete g[n]; });
	Object.defineProperty(g, "ValidationError", { value: ValidationError, writable: false, configurable: false, enumerable: false });
	return ValidationError;
})`

// setup builds the globals a rule sees.
func (s *session) setup() error {
	vm := s.vm
	json := vm.Get("JSON").ToObject(vm)
	var ok bool
	if s.parseFn, ok = goja.AssertFunction(json.Get("parse")); !ok {
		return errors.New("the sandbox has no JSON.parse")
	}
	if s.stringifyFn, ok = goja.AssertFunction(json.Get("stringify")); !ok {
		return errors.New("the sandbox has no JSON.stringify")
	}
	if s.freeze, ok = goja.AssertFunction(vm.Get("Object").ToObject(vm).Get("freeze")); !ok {
		return errors.New("the sandbox has no Object.freeze")
	}
	pre, err := vm.RunString(prelude)
	if err != nil {
		return err
	}
	preFn, _ := goja.AssertFunction(pre)
	ve, err := preFn(goja.Undefined(), vm.ToValue(s.rt.limits.MaxLength))
	if err != nil {
		return err
	}
	s.validationErr = ve.ToObject(vm)

	set := func(o *goja.Object, name string, fn func(goja.FunctionCall) goja.Value) error {
		return o.DefineDataProperty(name, vm.ToValue(fn), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	}
	global := vm.GlobalObject()
	if err := set(global, "fail", s.fail); err != nil {
		return err
	}
	items := vm.NewObject()
	if err := set(items, "query", s.query); err != nil {
		return err
	}
	messages := vm.NewObject()
	if err := set(messages, "send", s.send); err != nil {
		return err
	}
	console := vm.NewObject()
	if err := set(console, "log", s.log); err != nil {
		return err
	}
	for name, o := range map[string]*goja.Object{"items": items, "messages": messages, "console": console} {
		if _, err := s.freeze(goja.Undefined(), o); err != nil {
			return err
		}
		if err := global.DefineDataProperty(name, o, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE); err != nil {
			return err
		}
	}
	return nil
}

// parse turns a Go value into plain JavaScript values through JSON, so no
// Go object (and none of its methods) ever reaches the rule.
func (s *session) parse(v any) (goja.Value, error) {
	if v == nil || (reflect.ValueOf(v).Kind() == reflect.Map && reflect.ValueOf(v).IsNil()) {
		return s.vm.NewObject(), nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return s.parseFn(goja.Undefined(), s.vm.ToValue(string(b)))
}

func (s *session) stringify(v goja.Value) (string, error) {
	if v == nil || goja.IsUndefined(v) {
		return "", nil
	}
	out, err := s.stringifyFn(goja.Undefined(), v)
	if err != nil {
		return "", err
	}
	if goja.IsUndefined(out) {
		return "", nil
	}
	return out.String(), nil
}

// throw stops the run with a broken-rule error that try/catch cannot hide.
func (s *session) throw(kind Kind, format string, args ...any) goja.Value {
	se := &ScriptError{Rule: s.rule.Name, Kind: kind, Reason: fmt.Sprintf(format, args...)}
	se.Line, se.Column = position(s.rule.Name, s.vm.CaptureCallStack(0, nil))
	s.vm.Interrupt(se)
	return goja.Undefined()
}

// typeError throws a catchable TypeError (a wrong argument).
func (s *session) typeError(format string, args ...any) {
	panic(s.vm.NewTypeError(fmt.Sprintf(format, args...)))
}

// fail(message) refuses with message; try/catch cannot swallow it.
func (s *session) fail(call goja.FunctionCall) goja.Value {
	msg := strings.TrimSpace(call.Argument(0).String())
	if goja.IsUndefined(call.Argument(0)) || msg == "" {
		s.typeError("fail needs a message")
	}
	s.vm.Interrupt(&Failure{Rule: s.rule.Name, Message: truncate(msg, 1000)})
	return goja.Undefined()
}

func (s *session) validationMessage(v goja.Value) (string, bool) {
	o, ok := v.(*goja.Object)
	if !ok || s.validationErr == nil {
		return "", false
	}
	proto := s.validationErr.Get("prototype")
	for p := o.Prototype(); p != nil; p = p.Prototype() {
		if p.SameAs(proto) {
			return truncate(strings.TrimSpace(o.Get("message").String()), 1000), true
		}
	}
	return "", false
}

// query answers items.query({component, where, limit}).
func (s *session) query(call goja.FunctionCall) goja.Value {
	if s.in.Host == nil {
		s.typeError("items.query is not available here")
	}
	s.queries++
	if s.queries > s.rt.limits.MaxQueries {
		return s.throw(KindLimit, "more than %d items.query calls", s.rt.limits.MaxQueries)
	}
	raw, err := s.stringify(call.Argument(0))
	if err != nil {
		panic(err)
	}
	var q Query
	if raw != "" {
		if err := json.Unmarshal([]byte(raw), &q); err != nil {
			s.typeError("items.query takes {component, where, limit}")
		}
	}
	if q.Limit <= 0 || q.Limit > s.rt.limits.MaxRows {
		q.Limit = s.rt.limits.MaxRows
	}
	rows, err := s.in.Host.QueryItems(s.ctx, q)
	if err != nil {
		return s.hostError("items.query", err)
	}
	if len(rows) > q.Limit {
		rows = rows[:q.Limit]
	}
	if rows == nil {
		rows = []map[string]any{}
	}
	v, err := s.parse(rows)
	if err != nil {
		panic(err)
	}
	return v
}

// hostError gives the rule a catchable Error for a refusal of the host (a
// bad query), and stops the run for anything else.
func (s *session) hostError(what string, err error) goja.Value {
	var he *HostError
	if errors.As(err, &he) {
		panic(s.vm.NewTypeError(what + ": " + he.Message))
	}
	if s.ctx.Err() != nil {
		s.vm.Interrupt(interruption{kind: KindTimeout})
		return goja.Undefined()
	}
	s.vm.Interrupt(err)
	return goja.Undefined()
}

// HostError is a Host's refusal the rule may see and catch (an unknown type
// or field in a query, an unknown user for a message).
type HostError struct{ Message string }

func (e *HostError) Error() string { return e.Message }

// send answers messages.send(userId, title, text).
func (s *session) send(call goja.FunctionCall) goja.Value {
	if s.in.Host == nil {
		s.typeError("messages.send is not available here")
	}
	s.messages++
	if s.messages > s.rt.limits.MaxMessages {
		return s.throw(KindLimit, "more than %d messages.send calls", s.rt.limits.MaxMessages)
	}
	id := call.Argument(0).ToInteger()
	title := call.Argument(1).String()
	text := ""
	if a := call.Argument(2); !goja.IsUndefined(a) && !goja.IsNull(a) {
		text = a.String()
	}
	if id <= 0 || strings.TrimSpace(title) == "" {
		s.typeError("messages.send needs a user id and a title")
	}
	if err := s.in.Host.SendMessage(s.ctx, id, truncate(title, 300), truncate(text, 20000)); err != nil {
		return s.hostError("messages.send", err)
	}
	return goja.Undefined()
}

// log answers console.log: one line in the server log, capped.
func (s *session) log(call goja.FunctionCall) goja.Value {
	s.logs++
	if s.logs > s.rt.limits.MaxLogLines {
		return goja.Undefined()
	}
	parts := make([]string, len(call.Arguments))
	for i, a := range call.Arguments {
		if o, ok := a.(*goja.Object); ok && o.ClassName() != "Function" && o.ClassName() != "Error" {
			if j, err := s.stringify(o); err == nil {
				parts[i] = j
				continue
			}
		}
		parts[i] = a.String()
	}
	line, _ := position(s.rule.Name, s.vm.CaptureCallStack(0, nil))
	s.rt.log.Info("rule console.log", "rule", s.rule.Name, "line", line, "text", truncate(strings.Join(parts, " "), 2000))
	return goja.Undefined()
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}

// sameJSON compares two values as JavaScript sees them: numbers as doubles,
// so 10.50 read and handed back as 10.5 is no change (and the caller keeps
// its exact decimal).
func sameJSON(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	if err1 != nil || err2 != nil {
		return false
	}
	var u, v any
	if json.Unmarshal(x, &u) != nil || json.Unmarshal(y, &v) != nil {
		return false
	}
	return reflect.DeepEqual(u, v)
}
